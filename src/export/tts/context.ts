import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ExportOptions } from '../types.js';

/** What every part of the TTS export shares: URLs, unique GUIDs, deck keys. */
export interface TtsContext {
  /** The URL TTS loads a written file from, given its path relative to `out/<game>/<lang>/`. */
  url(relativePath: string): string;
  /** A six-hex-digit GUID derived from `seed`, unique within this export. */
  guid(seed: string): string;
  /** The next CustomDeck key (1, 2, …): one per deck sheet, unique within the saved object. */
  nextKey(): number;
}

/** `file:///<outDir>/<path>`, or `<base>/<path>` when a base URL is given. */
export function imageUrl(relativePath: string, options: ExportOptions): string {
  if (options.ttsBaseUrl) {
    const encoded = relativePath.split('/').map(encodeURIComponent).join('/');
    return `${options.ttsBaseUrl.replace(/\/+$/, '')}/${encoded}`;
  }
  return pathToFileURL(path.join(options.outDir, ...relativePath.split('/'))).href;
}

export function createContext(options: ExportOptions): TtsContext {
  const taken = new Set<string>();
  let key = 0;
  return {
    url: (relativePath) => imageUrl(relativePath, options),
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
  };
}
