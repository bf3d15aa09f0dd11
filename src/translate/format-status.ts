import type { StatusCounts } from './text-status.js';

const COLUMNS = ['game', 'lang', 'texts', 'translated', 'missing', 'stale', 'same'] as const;

/**
 * The status table: one line per game and target language, columns aligned, numbers on the
 * right; the same columns every time so scripts can read it (`awk '$5 > 0'`).
 */
export function formatStatusTable(counts: readonly StatusCounts[]): string {
  const cells = [COLUMNS.map(String), ...counts.map((c) => COLUMNS.map((k) => String(c[k])))];
  const widths = COLUMNS.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  return cells.map(line).join('\n') + '\n';
}

/** The same counts as one JSON object: `{"languages":[{game, lang, texts, translated, missing, stale, same}]}`. */
export function formatStatusJson(counts: readonly StatusCounts[]): string {
  return `${JSON.stringify({ languages: counts })}\n`;
}
