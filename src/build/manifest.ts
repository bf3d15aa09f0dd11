import type { FileFacts, ManifestEntry } from '../shared/output-file.js';

/** What the manifest says of one file: its path, its facts, and the digest and size of its bytes. */
export function manifestEntry(path: string, entry: FileFacts, digest: string, bytes: number): ManifestEntry {
  return { path, ...entry, sha256: digest, bytes };
}
