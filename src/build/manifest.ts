import { sha256, type FileFacts, type Manifest, type ManifestEntry, type OutputFile } from '../shared/output-file.js';

/** What the manifest says of one file: its path, its facts, and the digest and size of its bytes. */
export function manifestEntry(path: string, entry: FileFacts, digest: string, bytes: number): ManifestEntry {
  return { path, ...entry, sha256: digest, bytes };
}

/** The manifest of a game and language, files sorted by path so it is stable. */
export function buildManifest(game: string, lang: string, generator: string, files: readonly OutputFile[]): Manifest {
  return {
    game,
    lang,
    generator,
    files: [...files]
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      .map((f) => manifestEntry(f.path, f.entry, sha256(f.bytes), f.bytes.length)),
  };
}
