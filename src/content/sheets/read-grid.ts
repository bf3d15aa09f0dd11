import path from 'node:path';
import { createRequire } from 'node:module';
import type * as SheetJS from '@e965/xlsx';
import type * as CsvParse from 'csv-parse/sync';
import { decodeText } from '../load-yaml.js';
import { zipSize } from './zip-size.js';

/** How much of a spreadsheet is read: past these, a diagnostic says so. */
export const SHEET_LIMITS = {
  /** File size, as read from disk. */
  bytes: 10 * 1024 * 1024,
  /** What the zip of an XLSX or ODS file may inflate to. */
  inflated: 100 * 1024 * 1024,
  rows: 10_000,
  columns: 200,
  /** Characters in one cell. */
  cellChars: 20_000,
} as const;

export const SHEET_EXTENSIONS = ['.csv', '.xlsx', '.ods'] as const;

let sheetJs: typeof SheetJS | undefined;

/** SheetJS, loaded the first time a workbook is read (it is large; most builds never need it). */
export function workbooks(): typeof SheetJS {
  sheetJs ??= createRequire(import.meta.url)('@e965/xlsx') as typeof SheetJS;
  return sheetJs;
}

let csv: typeof CsvParse.parse | undefined;

/** csv-parse, loaded the first time a CSV file is read (its single-file build). */
function csvParser(): typeof CsvParse.parse {
  csv ??= (createRequire(import.meta.url)('csv-parse/sync') as typeof CsvParse).parse;
  return csv;
}

/** "A", …, "Z", "AA", … for a 0-based column. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** "D14" for 0-based row 13, column 3. */
export function cellName(row: number, column: number): string {
  return `${columnName(column)}${row + 1}`;
}

/** One cell as read, and where it is: a cell address for workbooks, a line and column for CSV. */
export interface GridCell {
  value: string | number | boolean | Date | undefined;
  /** "D14" */
  cell: string;
  line: number;
  column: number;
  /** A formula whose result the file does not hold (it was never calculated). */
  uncalculated?: boolean;
}

export interface Grid {
  /** The sheet's name (workbooks only). */
  sheet?: string;
  rows: GridCell[][];
  /** Ranges of merged cells, as [first row, last row, first column, last column] (0-based). */
  merges: [number, number, number, number][];
}

export type GridProblem = { code: string; message: string; cell?: string; line?: number; column?: number };

export type GridResult = { ok: true; grid: Grid } | { ok: false; problem: GridProblem };

/** Offsets of each field of a CSV record (one line of its raw text, or several when a quoted field holds breaks). */
function fieldStarts(raw: string, delimiter: string): { line: number; column: number }[] {
  const starts = [{ line: 0, column: 1 }];
  let quoted = false;
  let line = 0;
  let column = 1;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) starts.push({ line, column: column + 1 });
    if (ch === '\n') {
      line += 1;
      column = 0;
    }
    column += 1;
  }
  return starts;
}

/** The delimiter of a CSV file, from its first line: `;` (French Excel), tab, or `,`. */
function delimiterOf(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (d: string) => first.split(d).length - 1;
  return [';', '\t', ','].reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}

function readCsv(bytes: Buffer): GridResult {
  const decoded = decodeText(bytes);
  if ('code' in decoded) return { ok: false, problem: { code: decoded.code, message: decoded.problem } };
  const text = decoded.text.replace(/^\ufeff/, '');
  const delimiter = delimiterOf(text);
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    records = csvParser()(text, { delimiter, relax_column_count: true, info: true, raw: true, skip_empty_lines: false, to: SHEET_LIMITS.rows + 1 }) as unknown as typeof records;
  } catch (error) {
    const e = error as { message: string; lines?: number };
    return { ok: false, problem: { code: 'bad-value', message: `this CSV file cannot be read: ${e.message}`, line: e.lines ?? 1, column: 1 } };
  }
  const rows = records.map(({ record, info, raw }, r) => {
    const starts = fieldStarts(raw, delimiter);
    // info.lines is the line the record ends on; a quoted field may have carried it over several.
    const breaks = (raw.replace(/\r?\n$/, '').match(/\n/g) ?? []).length;
    const firstLine = info.lines - breaks;
    return record.map((value, c) => ({
      value: value.trim() === '' ? undefined : value,
      cell: cellName(r, c),
      line: firstLine + (starts[c]?.line ?? 0),
      column: starts[c]?.column ?? 1,
    }));
  });
  return { ok: true, grid: { rows, merges: [] } };
}

function readWorkbook(bytes: Buffer, sheet: string | undefined): GridResult {
  const zip = zipSize(bytes);
  if (!zip) return { ok: false, problem: { code: 'bad-value', message: 'this file is not a spreadsheet (no zip directory inside); save it again as .xlsx or .ods' } };
  if (zip.uncompressed > SHEET_LIMITS.inflated) {
    return { ok: false, problem: { code: 'file-too-large', message: `this spreadsheet would inflate to more than ${SHEET_LIMITS.inflated / 1024 / 1024} MB; it is not read` } };
  }
  const XLSX = workbooks();
  let book: SheetJS.WorkBook;
  try {
    book = XLSX.read(bytes, { type: 'buffer', dense: true, cellDates: true, cellFormula: true, sheetRows: SHEET_LIMITS.rows + 1, WTF: false });
  } catch (error) {
    return { ok: false, problem: { code: 'bad-value', message: `this spreadsheet cannot be read: ${(error as Error).message}` } };
  }
  const name = sheet ?? book.SheetNames[0];
  if (name === undefined || !book.Sheets[name]) {
    return { ok: false, problem: { code: 'bad-value', message: `there is no sheet "${sheet}" in this file; its sheets are ${book.SheetNames.map((n) => `"${n}"`).join(', ')}` } };
  }
  const ws = book.Sheets[name]!;
  const data = (ws['!data'] ?? []) as (SheetJS.CellObject | undefined)[][];
  const rows = data.map((cells, r) =>
    (cells ?? []).map((c, i) => ({
      value: c === undefined || c.t === 'z' || c.t === 'e' ? undefined : (c.v as GridCell['value']),
      cell: cellName(r, i),
      line: r + 1,
      column: i + 1,
      ...(c?.f !== undefined && c.v === undefined ? { uncalculated: true } : {}),
    })),
  );
  const merges = (ws['!merges'] ?? []).map((m) => [m.s.r, m.e.r, m.s.c, m.e.c] as [number, number, number, number]);
  return { ok: true, grid: { sheet: name, rows, merges } };
}

/** The cells of a CSV file, or of one sheet of an XLSX or ODS workbook. */
export function readGrid(file: string, bytes: Buffer, sheet?: string): GridResult {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.csv') return readCsv(bytes);
  return readWorkbook(bytes, sheet);
}
