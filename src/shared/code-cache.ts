import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A large generated CommonJS module of dist/ (the content files' validators: 580 KB of code)
 * loaded with the code V8 compiled for it, which bin/compile.js keeps beside it. Node compiles
 * a module's functions as each is first called: the validators' took 18–25 ms of every
 * `validate` and `build` (their first run, cold, 8 ms more). With their code read back, they
 * load in about half the time and validate at once.
 *
 * The file holds MAGIC, the SHA-256 of the module's source and that of V8's cached data, then
 * the data. V8 refuses data made by another version of itself or under other flags (the module
 * is then compiled as usual), but checks the source only by its length and takes damaged data
 * as it is: the digests make an edited module never run another's code, nor a damaged cache
 * run at all.
 */

/** Where a module's code cache is kept: beside it. */
export const codeCacheFile = (file: string): string => `${file}.v8-cache`;

const MAGIC = Buffer.from('pocketpress-v8-cache-1\n');
const DIGEST_BYTES = 32;
const HEADER_BYTES = MAGIC.length + 2 * DIGEST_BYTES;

/** The module's source as Node's CommonJS loader wraps it, so that one compilation serves both. */
const wrapped = (source: string) => `(function (exports, require, module, __filename, __dirname) {${source}\n})`;

const digestOf = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest();

/**
 * The code cache of the CommonJS module `file` (what codeCacheFile holds): every function of it
 * compiled at once (V8's `--no-lazy` for this one compilation), not only those a first call
 * would compile. Made by bin/compile.js in a process with the CLI's engine flags (V8 checks them).
 */
export function makeCodeCache(file: string): Buffer {
  const source = readFileSync(file, 'utf8');
  v8.setFlagsFromString('--no-lazy');
  let script: vm.Script;
  try {
    script = new vm.Script(wrapped(source), { filename: file });
  } finally {
    v8.setFlagsFromString('--lazy');
  }
  const data = script.createCachedData();
  return Buffer.concat([MAGIC, digestOf(source), digestOf(data), data]);
}

/** The cached data of `source` kept for `file`, or undefined (none, damaged, or made for other source). */
function cachedDataFor(file: string, source: string): Buffer | undefined {
  let kept: Buffer;
  try {
    kept = readFileSync(codeCacheFile(file));
  } catch {
    return undefined;
  }
  if (kept.length <= HEADER_BYTES || !kept.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const data = kept.subarray(HEADER_BYTES);
  const sourceDigest = kept.subarray(MAGIC.length, MAGIC.length + DIGEST_BYTES);
  const dataDigest = kept.subarray(MAGIC.length + DIGEST_BYTES, HEADER_BYTES);
  return sourceDigest.equals(digestOf(source)) && dataDigest.equals(digestOf(data)) ? data : undefined;
}

export interface LoadedModule {
  exports: Record<string, unknown>;
  /** Whether V8 took the kept code (false: none was kept for this source, or V8 refused it). */
  fromCache: boolean;
}

/**
 * Loads the CommonJS module `file` as `require` would (its own `require`, `module` and
 * `exports`), with its code cache when one was kept for this very source; undefined when the
 * file does not exist.
 */
export function loadCommonJs(file: string): LoadedModule | undefined {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const cachedData = cachedDataFor(file, source);
  const script = new vm.Script(wrapped(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as Record<string, unknown> };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, path.dirname(file));
  return { exports: module.exports, fromCache: cachedData !== undefined && !script.cachedDataRejected };
}
