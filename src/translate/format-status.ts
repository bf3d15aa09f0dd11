import type { StatusCounts } from './text-status.js';

const COLUMNS = ['game', 'lang', 'texts', 'translated', 'missing', 'stale', 'same', 'paragraphs', 'changed'] as const;
/** How much of a changed paragraph a line shows. */
const EXCERPT = 60;

const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

/**
 * The status table: one line per game and target language, columns aligned, numbers on the
 * right; the same columns every time so scripts can read it (`awk '$5 > 0'`). `paragraphs`
 * and `changed` count the rulebook's paragraphs and those to translate again; below the table,
 * one line per changed paragraph: `<game>  <lang>  <file>:<line>  <its first words>`.
 */
export function formatStatusTable(counts: readonly StatusCounts[]): string {
  const cells = [COLUMNS.map(String), ...counts.map((c) => COLUMNS.map((k) => String(c[k])))];
  const widths = COLUMNS.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  const changed = counts.flatMap((c) => c.changedParagraphs.map((p) => `${c.game}  ${c.lang}  ${p.file}:${p.line}  ${excerpt(p.text)}\n`));
  return cells.map(line).join('\n') + '\n' + (changed.length > 0 ? `\nrulebook paragraphs to translate again:\n${changed.join('')}` : '');
}

/** The same counts as one JSON object: `{"languages":[{game, lang, texts, translated, missing, stale, same, paragraphs, changed, changedParagraphs}]}`. */
export function formatStatusJson(counts: readonly StatusCounts[]): string {
  return `${JSON.stringify({ languages: counts })}\n`;
}
