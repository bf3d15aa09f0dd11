import type { GameTexts, TextEntry } from './collect-texts.js';
import { hashText, readLock, type Lock } from './lock-file.js';
import type { TextStatus } from './option-values.js';
import { readRulebookParagraphs, type RulebookParagraph } from './rulebook-paragraphs.js';

export { TEXT_STATUSES, type TextStatus } from './option-values.js';

/** One text of one game in one target language: what a translator sees in a row. */
export interface TextRow {
  game: string;
  file: string;
  pointer: string;
  line: number;
  key: string;
  /** The source-language text. */
  source: string;
  /** The text printed in the target language now; empty when missing. */
  target: string;
  status: TextStatus;
  entry: TextEntry;
}

export function sourceTextOf(entry: TextEntry, sourceLanguage: string): string {
  return typeof entry.value === 'string' ? entry.value : (entry.value[sourceLanguage] ?? '');
}

export function statusOf(entry: TextEntry, lang: string, sourceLanguage: string, lock: Lock): TextStatus {
  if (typeof entry.value === 'string') return 'same';
  const target = entry.value[lang];
  if (target === undefined || target.trim() === '') return 'missing';
  const hash = lock.hashes.get(entry.key);
  return hash === undefined || hash === hashText(sourceTextOf(entry, sourceLanguage)) ? 'translated' : 'stale';
}

/** The rows of one game in `lang` (none when `lang` is its source language or not one of its languages). */
export function describeTexts(texts: GameTexts, lang: string, lock?: Lock): TextRow[] {
  if (lang === texts.sourceLanguage || !texts.languages.includes(lang)) return [];
  const current = lock ?? readLock(texts.game.dir, lang, texts.sourceLanguage);
  return texts.entries.map((entry) => {
    const status = statusOf(entry, lang, texts.sourceLanguage, current);
    const target = typeof entry.value === 'string' ? entry.value : (entry.value[lang] ?? '');
    return { game: texts.id, file: entry.file, pointer: entry.pointer, line: entry.line, key: entry.key, source: sourceTextOf(entry, texts.sourceLanguage), target, status, entry };
  });
}

export interface StatusCounts {
  game: string;
  lang: string;
  texts: number;
  translated: number;
  missing: number;
  stale: number;
  same: number;
  /** Paragraphs (headings, paragraphs, list items, tables) of the source-language rulebook. */
  paragraphs: number;
  /** Of those, the ones to translate again: new or changed since the translated rulebook was marked current (all of them when it is missing). */
  changed: number;
  /** Where they are in the source rulebook. */
  changedParagraphs: { file: string; line: number; text: string }[];
}

/**
 * The source rulebook's paragraphs that the `lang` rulebook does not yet follow: every one when
 * the translated file is missing, else those whose text is not among the ones the lock recorded
 * at the last `mark-current` (none before the first).
 */
export function changedParagraphs(texts: GameTexts, lang: string, lock: Lock): { file: string; total: number; changed: RulebookParagraph[] } | undefined {
  const source = readRulebookParagraphs(texts.game, texts.sourceLanguage);
  if (!source) return undefined;
  const translated = readRulebookParagraphs(texts.game, lang);
  const changed = !translated ? source.paragraphs : lock.paragraphs ? source.paragraphs.filter((p) => !lock.paragraphs!.has(p.hash)) : [];
  return { file: source.file, total: source.paragraphs.length, changed };
}

/** How many texts of each status, per game and target language. */
export function countStatuses(all: readonly GameTexts[], languages?: readonly string[]): StatusCounts[] {
  const counts: StatusCounts[] = [];
  for (const texts of all) {
    for (const lang of texts.languages) {
      if (lang === texts.sourceLanguage || (languages && !languages.includes(lang))) continue;
      const lock = readLock(texts.game.dir, lang, texts.sourceLanguage);
      const rows = describeTexts(texts, lang, lock);
      const count = (s: TextStatus) => rows.filter((r) => r.status === s).length;
      const rulebook = changedParagraphs(texts, lang, lock);
      const changed = (rulebook?.changed ?? []).map((p) => ({ file: rulebook!.file, line: p.line, text: p.text }));
      counts.push({
        game: texts.id,
        lang,
        texts: rows.length,
        translated: count('translated'),
        missing: count('missing'),
        stale: count('stale'),
        same: count('same'),
        paragraphs: rulebook?.total ?? 0,
        changed: changed.length,
        changedParagraphs: changed,
      });
    }
  }
  return counts;
}
