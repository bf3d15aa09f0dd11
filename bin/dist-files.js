// What bin/compile.js and bin/cli-bundle.js share: the package's root, dist/vendor/'s name,
// listing and writing the files of src/ and dist/, and esbuild's errors as a user reads them.
import { readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folder of src/ and dist/ whose files load one package each (each bundled with its package: see compile.js). */
export const VENDOR = 'vendor/';

/** The files under `dir` whose names end with one of `endings`, relative to it, with forward slashes; not those under the folders `skip` names (relative to `dir`). */
export function listFiles(dir, endings, skip = [], prefix = '', found = []) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOENT') return found;
    throw error;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) {
      if (!skip.includes(prefix + entry.name)) listFiles(path.join(dir, entry.name), endings, skip, `${prefix}${entry.name}/`, found);
    } else if (endings.some((ending) => entry.name.endsWith(ending))) found.push(prefix + entry.name);
  }
  return found;
}

/** Writes `bytes` to a temporary name and renames it into place. */
export function writeWhole(file, bytes) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
}

/** A compile error as a user reads it: file:line:col and esbuild's message. */
export function describeError(error) {
  const first = error.errors?.[0];
  if (!first) return String(error.message ?? error);
  const where = first.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : '';
  return `${where}${first.text}`;
}
