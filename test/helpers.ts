import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '../src/cli/main.js';
import { isKeptFile, type AddFile, type OutputFile } from '../src/shared/output-file.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURES = path.join(ROOT, 'test', 'fixtures');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with `cwd` as its working directory and captures what it prints. */
export async function runCli(argv: string[], cwd: string = ROOT): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    cwd,
  });
  return { code, stdout, stderr };
}

export { tempDir } from './temp-dirs.js';

/**
 * Every file under `dir` (hidden ones too unless `skipHidden`) with the SHA-256 of its bytes,
 * by path relative to `dir`; `keep` picks files by that path. Empty when `dir` does not exist.
 */
export function hashTree(dir: string, options: { skipHidden?: boolean; keep?: (relative: string) => boolean } = {}): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (options.skipHidden && e.name.startsWith('.')) continue;
      const p = path.join(d, e.name);
      const relative = path.relative(dir, p);
      if (e.isDirectory()) walk(p);
      else if (!options.keep || options.keep(relative)) files[relative] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  if (existsSync(dir)) walk(dir);
  return files;
}

/** Where a stage's files go in a test: into `files`, each as made (a stage given no cache hands over no kept file). */
export function collectFiles(files: OutputFile[]): AddFile {
  return (file) => {
    if (isKeptFile(file)) throw new Error(`${file.path} was handed over as a kept file, with no cache`);
    files.push(file);
  };
}
