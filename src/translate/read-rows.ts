import { parse } from 'csv-parse/sync';
import { UsageError } from '../shared/errors.js';
import { LANG_PATTERN } from '../content/schema/common.js';

/** One row of a translator's file: which text, and its text in each of the two languages. */
export interface ImportRow {
  game: string;
  /** The text's stable key (`sets/cards.yaml#/items/@oil/name`). */
  id: string;
  /** Text by language code (the two language columns). */
  texts: Record<string, string>;
  /** `fr.csv:12`: where the row is, for messages. */
  where: string;
}

export interface ImportFile {
  /** The two language codes of the file, as its header names them. */
  languages: [string, string];
  rows: ImportRow[];
}

const LANG = new RegExp(LANG_PATTERN);
const REQUIRED = ['id', 'game'] as const;
/** Columns an export writes beside the two languages (some look like language codes: id, set). */
const CONTEXT_COLUMNS = ['id', 'game', 'set', 'item', 'field', 'status', 'file', 'pointer', 'line'];

/** The separator of a CSV file, from its header line: `;` (French Excel), tab, or `,`. */
function delimiterOf(text: string): string {
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const count = (d: string) => first.split(d).length - 1;
  return [';', '\t', ','].reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}

/** Spreadsheets save line breaks inside cells as CRLF; the content files use LF. */
const unixLines = (text: string) => text.replace(/\r\n?/g, '\n');

function readCsv(text: string, name: string): ImportFile {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: false, delimiter: delimiterOf(text) }) as unknown as typeof records;
  } catch (error) {
    throw new UsageError(`${name} is not valid CSV: ${(error as Error).message}`);
  }
  const header = records[0]?.record.map((h) => h.trim()) ?? [];
  const missing = REQUIRED.filter((c) => !header.includes(c));
  const languages = header.filter((h) => LANG.test(h) && !CONTEXT_COLUMNS.includes(h));
  if (missing.length > 0 || languages.length !== 2) {
    throw new UsageError(`${name}: the first line must name the columns id, game, the two languages and status (as "i18n export" writes them), found "${header.join(',')}"`);
  }
  const column = (name: string) => header.indexOf(name);
  const rows = records.slice(1).map(({ record, info }) => ({
    game: record[column('game')] ?? '',
    id: record[column('id')] ?? '',
    texts: Object.fromEntries(languages.map((l) => [l, unixLines(record[column(l)] ?? '')])),
    where: `${name}:${info.lines}`,
  }));
  return { languages: [languages[0]!, languages[1]!], rows };
}

function readJson(text: string, name: string): ImportFile {
  let data: { source?: unknown; target?: unknown; texts?: unknown };
  try {
    data = JSON.parse(text) as typeof data;
  } catch (error) {
    throw new UsageError(`${name} is not valid JSON: ${(error as Error).message}`);
  }
  const { source, target, texts } = data;
  if (typeof source !== 'string' || typeof target !== 'string' || !Array.isArray(texts)) {
    throw new UsageError(`${name}: expected {"source": "en", "target": "fr", "texts": [...]} as "i18n export --format json" writes it`);
  }
  const rows = texts.map((t: Record<string, unknown>, i) => {
    const field = (k: string) => (typeof t?.[k] === 'string' ? (t[k] as string) : '');
    return { game: field('game'), id: field('id'), texts: { [source]: field('source'), [target]: field('target') }, where: `${name}: text ${i + 1}` };
  });
  return { languages: [source, target], rows };
}

/** The text of a file as saved by a spreadsheet program: UTF-8 (with or without a BOM), or UTF-16 with its BOM (Excel's "Unicode text"). */
export function decodeImportFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8').decode(bytes);
}

/** Reads a file that `i18n export` wrote (and a translator edited): CSV, or JSON when it starts with "{". `name` is how messages call it. */
export function readImportFile(input: string | Uint8Array, name: string): ImportFile {
  const text = typeof input === 'string' ? input : decodeImportFile(input);
  return /^\uFEFF?\s*\{/.test(text) ? readJson(text.replace(/^\uFEFF/, ''), name) : readCsv(text, name);
}
