import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type OutputFile, type ManifestEntry } from '../shared/output-file.js';
import { buildManifest } from './manifest.js';
import { checkOutput } from './write-output.js';

/** The files of one game × language, written to the staging folder as they are made. */
export class FolderWriter {
  readonly entries: ManifestEntry[] = [];

  constructor(
    readonly game: string,
    readonly lang: string,
    private readonly dir: string,
  ) {}

  add(file: OutputFile): void {
    const target = path.join(this.dir, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.bytes);
    this.entries.push(buildManifest(this.game, this.lang, '', [file]).files[0]!);
  }

  /** A file written earlier in this build. */
  read(relative: string): Buffer {
    return readFileSync(path.join(this.dir, relative));
  }

  get folder(): string {
    return this.dir;
  }
}

/**
 * Writes a build into a staging folder inside `out`, file by file (nothing is held in
 * memory), then swaps each game × language folder into place on commit. Abort, a failure, or
 * an interrupted build leave `out` as it was.
 */
export class OutputWriter {
  private readonly staging: string;
  private readonly folders: FolderWriter[] = [];

  constructor(private readonly out: string) {
    this.staging = path.join(out, `.staging-${process.pid}-${Date.now()}`);
  }

  /** Refuses, before anything is made, an output that cannot be written (see checkOutput). */
  check(folders: { game: string; lang: string }[]): void {
    checkOutput(this.out, folders.map((f) => ({ ...f, files: [], manifest: null })));
  }

  /** Files written so far, manifests included. */
  get fileCount(): number {
    return this.folders.reduce((n, f) => n + f.entries.length + 1, 0);
  }

  folder(game: string, lang: string): FolderWriter {
    const writer = new FolderWriter(game, lang, path.join(this.staging, game, lang));
    mkdirSync(writer.folder, { recursive: true });
    this.folders.push(writer);
    return writer;
  }

  /** Writes the manifests and moves every folder into place; undoes the moves if one fails. */
  commit(generator: string): string[] {
    checkOutput(this.out, this.folders.map((f) => ({ game: f.game, lang: f.lang, files: [], manifest: null })));
    const swapped: { to: string; old?: string }[] = [];
    try {
      for (const f of this.folders) {
        const entries = [...f.entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
        const manifest = { game: f.game, lang: f.lang, generator, files: entries };
        writeFileSync(path.join(f.folder, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
      }
      for (const f of this.folders) {
        const to = path.join(this.out, f.game, f.lang);
        mkdirSync(path.dirname(to), { recursive: true });
        const entry: { to: string; old?: string } = { to };
        if (existsSync(to)) {
          entry.old = path.join(this.staging, `.old-${swapped.length}`);
          renameSync(to, entry.old);
        }
        swapped.push(entry);
        renameSync(f.folder, to);
      }
      return swapped.map((s) => s.to);
    } catch (error) {
      for (const { to, old } of swapped.reverse()) {
        try {
          if (old && existsSync(old)) {
            rmSync(to, { recursive: true, force: true });
            renameSync(old, to);
          }
        } catch {
          // keep undoing the others
        }
      }
      throw error;
    } finally {
      this.abort();
    }
  }

  /** Removes the staging folder; `out` keeps what it had. */
  abort(): void {
    try {
      rmSync(this.staging, { recursive: true, force: true });
    } catch {
      // a leftover staging folder is harmless and named as such
    }
  }
}
