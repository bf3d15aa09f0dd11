import type { GameTexts } from './collect-texts.js';
import { hashText, readLock, writeLock } from './lock-file.js';
import { sourceTextOf, statusOf } from './text-status.js';

export interface MarkResult {
  game: string;
  lang: string;
  /** Translations now recorded as current. */
  marked: number;
  /** How many of them were stale before. */
  wereStale: number;
  /** The lock file written (absolute). */
  file: string;
}

/**
 * Accepts every present translation into `lang` as it stands: its lock records the hash of
 * each text's current source, and forgets texts that no longer exist. Missing translations
 * stay missing. Games that are not translated into `lang` are left alone.
 */
export function markCurrent(all: readonly GameTexts[], lang: string): MarkResult[] {
  const results: MarkResult[] = [];
  for (const texts of all) {
    if (!texts.languages.includes(lang) || texts.sourceLanguage === lang) continue;
    const before = readLock(texts.game.dir, lang, texts.sourceLanguage);
    const hashes = new Map<string, string>();
    let wereStale = 0;
    for (const entry of texts.entries) {
      const status = statusOf(entry, lang, texts.sourceLanguage, before);
      if (status !== 'translated' && status !== 'stale') continue;
      if (status === 'stale') wereStale++;
      hashes.set(entry.key, hashText(sourceTextOf(entry, texts.sourceLanguage)));
    }
    const file = writeLock(texts.game.dir, lang, { source: texts.sourceLanguage, hashes });
    results.push({ game: texts.id, lang, marked: hashes.size, wereStale, file });
  }
  return results;
}
