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
  /** The SHA-256 of `bytes`, when whoever made them took it already (else it is taken as they are written). */
  sha256?: string;
  /** The build cache's key these very bytes are kept under, when a store kept them as they were made. */
  keptAs?: string;
}

/** A file the build cache holds, to be copied as it is: where it lies, its size and the SHA-256 of its bytes. */
export interface KeptFile {
  file: string;
  size: number;
  sha256: string;
}

/** A file to write that the build cache holds already: copied (or linked) into the output, never read. */
export interface KeptOutputFile {
  path: string;
  kept: KeptFile;
  entry: FileFacts;
}

/**
 * Where a stage hands each file as soon as it is made: the build writes it and lets its bytes
 * go, so a stage that makes many large files (deck sheets, piece images) never holds them all.
 * A file the cache holds is handed over as the cache's copy.
 */
export type AddFile = (file: OutputFile | KeptOutputFile) => void;

export const isKeptFile = (file: OutputFile | KeptOutputFile): file is KeptOutputFile => 'kept' in file;

export interface Manifest {
  game: string;
  lang: string;
  generator: string;
  files: ManifestEntry[];
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

