import type { GameTexts } from './collect-texts.js';
import { hashText, readLock, writeLock } from './lock-file.js';
import { readRulebookParagraphs } from './rulebook-paragraphs.js';
import { sourceTextOf, statusOf } from './text-status.js';

export interface MarkResult {
  game: string;
  lang: string;
  /** Translations now recorded as current. */
  marked: number;
  /** How many of them were stale before. */
  wereStale: number;
  /** Source rulebook paragraphs recorded as translated (0 when the game has no rulebook in this language). */
  paragraphs: number;
  /** The lock file written (absolute). */
  file: string;
}

/**
 * Accepts every present translation into `lang` as it stands: its lock records the hash of
 * each text's current source, and forgets texts that no longer exist. Missing translations
 * stay missing. The translated rulebook, when there is one, is recorded as following every
 * paragraph of the source rulebook as it is now. Games that are not translated into `lang` are left alone.
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
    const source = readRulebookParagraphs(texts.game, texts.sourceLanguage);
    const paragraphs = source && readRulebookParagraphs(texts.game, lang) ? new Set(source.paragraphs.map((p) => p.hash)) : before.paragraphs;
    const file = writeLock(texts.game.dir, lang, { source: texts.sourceLanguage, hashes, paragraphs });
    results.push({ game: texts.id, lang, marked: hashes.size, wereStale, paragraphs: source && paragraphs ? source.paragraphs.length : 0, file });
  }
  return results;
}
