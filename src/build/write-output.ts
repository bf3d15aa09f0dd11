import { mkdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { OutputFile } from './manifest.js';

/** One game × language folder to write: `<out>/<game>/<lang>/`. */
export interface OutputFolder {
  game: string;
  lang: string;
  files: OutputFile[];
  manifest: unknown;
}

/**
 * Writes every folder into a staging folder inside `out`, then swaps each into place. A
 * failure before the swap leaves `out` as it was; the staging folder is always removed.
 */
export function writeOutput(out: string, folders: readonly OutputFolder[]): string[] {
  const staging = path.join(out, `.staging-${process.pid}-${Date.now()}`);
  const written: string[] = [];
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
      const from = path.join(staging, folder.game, folder.lang);
      const to = path.join(out, folder.game, folder.lang);
      const old = `${to}.old-${process.pid}`;
      mkdirSync(path.dirname(to), { recursive: true });
      if (existsSync(to)) renameSync(to, old);
      renameSync(from, to);
      rmSync(old, { recursive: true, force: true });
      written.push(to);
    }
    return written;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
