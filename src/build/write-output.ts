import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputFile } from '../shared/output-file.js';

/** One game × language folder to write: `<out>/<game>/<lang>/`. */
export interface OutputFolder {
  game: string;
  lang: string;
  files: OutputFile[];
  manifest: unknown;
}

/** The output cannot be written where it was asked to go; nothing was changed. */
export class OutputError extends Error {
  override name = 'OutputError';
}

function removeQuietly(target: string): void {
  try {
    rmSync(target, { recursive: true, force: true });
  } catch {
    // Best effort: a leftover staging folder is harmless and is named as such.
  }
}

/** A folder we may replace: absent, empty, or one a build wrote (it holds our manifest.json). */
function replaceable(dir: string): boolean {
  if (!existsSync(dir)) return true;
  if (!statSync(dir).isDirectory()) return false;
  const entries = readdirSync(dir);
  return entries.length === 0 || entries.includes('manifest.json');
}

/** Refuses an output folder that is a file, or game folders that hold something a build did not write. */
export function checkOutput(out: string, folders: readonly OutputFolder[]): void {
  if (existsSync(out) && !statSync(out).isDirectory()) throw new OutputError(`${out} is a file; --out needs a folder`);
  for (const f of folders) {
    const dir = path.join(out, f.game, f.lang);
    if (!replaceable(dir)) {
      throw new OutputError(`${dir} holds files that a build did not write (there is no manifest.json); choose another --out, or empty it`);
    }
  }
}

/**
 * Writes every folder into a staging folder inside `out`, then swaps each into place. A
 * failure at any point leaves `out` as it was: folders already swapped are put back.
 */
export function writeOutput(out: string, folders: readonly OutputFolder[]): string[] {
  checkOutput(out, folders);
  mkdirSync(out, { recursive: true });
  const staging = path.join(out, `.staging-${process.pid}-${Date.now()}`);
  const swapped: { to: string; old?: string }[] = [];
  try {
    for (const folder of folders) {
      const dir = path.join(staging, folder.game, folder.lang);
      for (const file of folder.files) {
        const target = path.join(dir, file.path);
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, file.bytes);
      }
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(folder.manifest, null, 2) + '\n');
    }
    for (const folder of folders) {
      const to = path.join(out, folder.game, folder.lang);
      mkdirSync(path.dirname(to), { recursive: true });
      const entry: { to: string; old?: string } = { to };
      if (existsSync(to)) {
        entry.old = path.join(staging, `.old-${swapped.length}`);
        renameSync(to, entry.old);
      }
      swapped.push(entry);
      renameSync(path.join(staging, folder.game, folder.lang), to);
    }
    return swapped.map((s) => s.to);
  } catch (error) {
    for (const { to, old } of swapped.reverse()) {
      try {
        if (old && existsSync(old)) {
          if (existsSync(to)) rmSync(to, { recursive: true, force: true });
          renameSync(old, to);
        }
      } catch {
        // Keep undoing the others.
      }
    }
    throw error;
  } finally {
    removeQuietly(staging);
  }
}
