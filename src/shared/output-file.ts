import { createHash } from 'node:crypto';

export type FileKind =
  | 'rulebook'
  | 'rulebook-pages'
  | 'rules-html'
  | 'rules-asset'
  | 'card-sheet'
  | 'tile-sheet'
  | 'token-sheet'
  | 'board'
  | 'standee-sheet'
  | 'tuck-box'
  | 'component-png'
  | 'component-pdf'
  | 'engine-json'
  | 'tts-sheet'
  | 'tts-json'
  | 'print-and-play'
  | 'cut-file'
  | 'shop-image'
  | 'shop-pdf'
  | 'shop-sheet'
  | 'shop-order'
  | 'shop-readme';

/** What the manifest says of a file besides its path, size and hash. */
export interface FileFacts {
  kind: FileKind;
  [key: string]: unknown;
}

/** One file written for a game and language, as listed in manifest.json. */
export interface ManifestEntry extends FileFacts {
  path: string;
}

/** A file to write: its bytes and what the manifest says of it (sha256 and bytes are added). */
export interface OutputFile {
  path: string;
  bytes: Buffer;
  entry: FileFacts;
}

/**
 * Where a stage hands each file as soon as it is made: the build writes it and lets its bytes
 * go, so a stage that makes many large files (deck sheets, piece images) never holds them all.
 */
export type AddFile = (file: OutputFile) => void;

export interface Manifest {
  game: string;
  lang: string;
  generator: string;
  files: ManifestEntry[];
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

