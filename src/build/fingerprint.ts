import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_ROOT } from '../shared/game-paths.js';

/** The folder of the code that runs: src/ (tsx, tests) or dist/ (the compiled CLI), which mirror each other. */
const CODE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * dist/'s bundle of the CLI (CLI_BUNDLE in bin/cli-bundle.js), made from the modules hashed here; in
 * a development checkout it also holds the files of earlier bundles that running CLIs may import.
 */
export const CLI_BUNDLE_DIR = 'cli-bundle';

let cached: string | undefined;

/**
 * The file bin/compile.js writes beside this module's compiled copy (GENERATED there): the hash
 * of dist/'s code made once per compilation, read back by every build instead of reading and
 * hashing 1.9 MB of code (28 ms of each build). src/ has no such file: run from src/ (tsx,
 * tests), the code is hashed as it is.
 */
const WRITTEN_HASH = path.join(CODE_DIR, 'build', 'tool-fingerprint.txt');
const HASH = /^[0-9a-f]{16}$/;

/** A hash of the tool's own code (the modules of src/ or dist/, the CLI's bundle left out) and its locked dependencies. */
export function toolCodeHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(CODE_DIR, CLI_BUNDLE_DIR)) walk(full);
      } else if (entry.name.endsWith('.ts') || entry.name.endsWith('.js')) hash.update(path.relative(PACKAGE_ROOT, full)).update(readFileSync(full));
    }
  };
  walk(CODE_DIR);
  for (const file of ['package-lock.json']) {
    try {
      hash.update(readFileSync(path.join(PACKAGE_ROOT, file)));
    } catch {
      // an installed copy may have no lock file
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The hash bin/compile.js wrote into dist/ with the code it compiled; undefined when there is none (src/) or it is not one. */
function writtenHash(): string | undefined {
  try {
    const text = readFileSync(WRITTEN_HASH, 'latin1');
    return HASH.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The tool's version and a hash of its own code and locked dependencies: what the cache keys
 * start with, so a change of code (even under the same version number) makes things again.
 */
export function toolFingerprint(version: string): string {
  cached ??= writtenHash() ?? toolCodeHash();
  return `${version}+${cached}`;
}
