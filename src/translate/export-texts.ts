import { stringify } from 'csv-stringify/sync';
import { UsageError } from '../shared/errors.js';
import type { GameTexts } from './collect-texts.js';
import { describeTexts, type TextRow, type TextStatus } from './text-status.js';
import type { ExportFormat } from './option-values.js';

export { EXPORT_FORMATS, type ExportFormat } from './option-values.js';

export interface ExportOptions {
  /** The language to translate into. */
  lang: string;
  format: ExportFormat;
  /** Only rows with these statuses (default: all). */
  only?: readonly TextStatus[];
}

/** The rows to hand a translator, and the source language they share. */
export function selectRows(all: readonly GameTexts[], options: Pick<ExportOptions, 'lang' | 'only'>): { source: string; rows: TextRow[] } {
  const games = all.filter((t) => t.languages.includes(options.lang) && t.sourceLanguage !== options.lang);
  if (games.length === 0) {
    const langs = [...new Set(all.flatMap((t) => t.languages))].join(', ');
    throw new UsageError(`no game here is translated into "${options.lang}" (from another language); the languages are ${langs || 'none'}`);
  }
  const sources = [...new Set(games.map((t) => t.sourceLanguage))];
  if (sources.length > 1) {
    throw new UsageError(`these games are written in different source languages (${sources.join(', ')}); export them separately with --game`);
  }
  const rows = games.flatMap((t) => describeTexts(t, options.lang)).filter((r) => !options.only || options.only.includes(r.status));
  return { source: sources[0]!, rows };
}

/** What a translator reads beside a text: its set, its item and its field, from its stable key. */
export function contextOf(key: string): { set: string; item: string; field: string } {
  const [file = '', pointer = ''] = key.split('#');
  const set = /(?:^|\/)sets\/([^/]+)\.ya?ml$/.exec(file)?.[1] ?? '';
  const item = /^\/items\/@([^/]+)/.exec(pointer)?.[1] ?? '';
  const field = (item ? pointer.replace(/^\/items\/@[^/]+\//, '') : pointer.replace(/^\//, '')).split('/').join('.');
  return { set, item, field };
}

/**
 * The texts of every game in one target language, for a translator: one row per text, keyed
 * by its stable id (`sets/cards.yaml#/items/@oil/name`: items are named by their id, so adding
 * or moving a card moves no translation), with the set, item and field it belongs to, the
 * source text as exported, the target text (empty when missing) and its status. CSV (RFC 4180,
 * UTF-8 with a BOM so that Excel reads accents, header
 * `id,game,set,item,field,en,fr,status`) or JSON (`{"source":"en","target":"fr","texts":[…]}`).
 */
export function exportTexts(all: readonly GameTexts[], options: ExportOptions): string {
  const { source, rows } = selectRows(all, options);
  if (options.format === 'json') {
    const texts = rows.map((r) => ({ id: r.key, game: r.game, ...contextOf(r.key), line: r.line, source: r.source, target: r.target, status: r.status }));
    return `${JSON.stringify({ source, target: options.lang, texts }, null, 2)}\n`;
  }
  const header = ['id', 'game', 'set', 'item', 'field', source, options.lang, 'status'];
  const records = rows.map((r) => {
    const context = contextOf(r.key);
    return [r.key, r.game, context.set, context.item, context.field, r.source, r.target, r.status];
  });
  return '\uFEFF' + stringify([header, ...records], { record_delimiter: 'unix' });
}
