import { sha256, type Manifest, type OutputFile } from '../shared/output-file.js';

/** The manifest of a game and language, files sorted by path so it is stable. */
export function buildManifest(game: string, lang: string, generator: string, files: readonly OutputFile[]): Manifest {
  return {
    game,
    lang,
    generator,
    files: [...files]
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      .map((f) => ({ path: f.path, ...f.entry, sha256: sha256(f.bytes), bytes: f.bytes.length })),
  };
}
