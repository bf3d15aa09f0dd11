import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Face, TrimFace } from '../../shared/face.js';
import type { AddFile } from '../../shared/output-file.js';
import type { MakeBand } from '../../shared/band-cells.js';
import type { KeptTrim } from '../../shared/trim-bytes.js';
import type { ExportOptions, KeepBand, KeepImage } from '../types.js';

/** What every part of the TTS export shares: URLs, unique GUIDs, deck keys. */
export interface TtsContext {
  /** The URL TTS loads a written file from, given its path relative to `out/<game>/<lang>/`. */
  url(relativePath: string): string;
  /** A six-hex-digit GUID derived from `seed`, unique within this export. */
  guid(seed: string): string;
  /** The next CustomDeck key (1, 2, …): one per deck sheet, unique within the saved object. */
  nextKey(): number;
  /** A face's trim at exactly the size of the image or cell it fills, RGB on white. */
  trim: TrimFace;
  /** Takes each image as soon as it is made, so a deck sheet is written before the next is drawn. */
  add: AddFile;
  /** Where deck sheets' bands are kept between builds, if anywhere. */
  bands?: KeepBand;
  /** Where a face's trim is kept, unread, if it is (read where a deck sheet's band is finished). */
  keptTrim?: (face: Face, size: { width: number; height: number }) => Promise<KeptTrim | undefined>;
  /** Finishes deck sheets' bands (on another thread), if given. */
  band?: MakeBand;
  /** Where whole deck sheets are kept between builds, if anywhere. */
  sheets?: KeepImage;
  /** Where the pieces' images are kept between builds, if anywhere. */
  pieces?: KeepImage;
}

/** Where a game × language folder is: its id and language. */
export interface Folder {
  game: string;
  lang: string;
}

/** `file:///<outDir>/<game>/<lang>/<path>`, or `<ttsBaseUrl>/<game>/<lang>/<path>` when a base URL is given. */
export function imageUrl(relativePath: string, options: ExportOptions, folder: Folder): string {
  const segments = [folder.game, folder.lang, ...relativePath.split('/')];
  if (options.ttsBaseUrl) return `${options.ttsBaseUrl.replace(/\/+$/, '')}/${segments.map(encodeURIComponent).join('/')}`;
  return pathToFileURL(path.join(path.resolve(options.outDir), ...segments)).href;
}

export function createContext(options: ExportOptions, folder: Folder, images: { trim: TrimFace; add: AddFile; keptTrim?: TtsContext['keptTrim']; bands?: KeepBand; band?: MakeBand; sheets?: KeepImage; pieces?: KeepImage }): TtsContext {
  const taken = new Set<string>();
  let key = 0;
  return {
    url: (relativePath) => imageUrl(relativePath, options, folder),
    guid(seed) {
      for (let n = 0; ; n++) {
        const guid = createHash('sha256').update(n === 0 ? seed : `${seed}#${n}`).digest('hex').slice(0, 6);
        if (!taken.has(guid)) {
          taken.add(guid);
          return guid;
        }
      }
    },
    nextKey: () => ++key,
    ...images,
  };
}
