import { idFromFolder } from '../ids.js';
import { cellName, SHEET_LIMITS, type Grid, type GridCell } from './read-grid.js';

/** Where one value of one item came from: the cell, for diagnostics. */
export interface CellPlace {
  cell: string;
  line: number;
  column: number;
}

/** A column header read as a field path: `stats.attack`, `name.fr` (a language), `tags[]` (a list). */
interface Column {
  index: number;
  header: string;
  path: string[];
  list: boolean;
  place: CellPlace;
}

export interface SheetItems {
  items: Record<string, unknown>[];
  /** The place of each value by JSON Pointer below the items (`/3/stats/attack`), and of each item (`/3`). */
  places: Map<string, CellPlace>;
  /** The header cell of each top-level field, for problems about a whole column. */
  headers: Map<string, CellPlace>;
  problems: { code: string; message: string; place: CellPlace; severity?: 'error' | 'warning' }[];
}

type Schema = Record<string, unknown>;

/** The schema of a field path inside the set's field schema, if it names one. */
function schemaAt(fields: Schema, path: readonly string[]): Schema | undefined {
  let at: Schema | undefined = fields;
  for (const key of path) {
    if (/^\d+$/.test(key)) {
      const prefix = at?.['prefixItems'] as Schema[] | undefined;
      at = prefix?.[Number(key)] ?? (at?.['items'] as Schema | undefined);
    } else {
      const properties = at?.['properties'] as Record<string, Schema> | undefined;
      at = properties && Object.hasOwn(properties, key) ? properties[key] : undefined;
    }
    if (!at) return undefined;
  }
  return at;
}

const isText = (schema: Schema | undefined) => schema?.['$ref'] === '#/$defs/text';
const typeOf = (schema: Schema | undefined): string | undefined => {
  const type = schema?.['type'];
  return typeof type === 'string' ? type : Array.isArray(type) ? (type.find((t) => t !== 'null') as string | undefined) : undefined;
};

const LIST_SEPARATOR = /\s*[;|]\s*/;

/**
 * A cell's value as the schema wants it: a number column reads "3" as 3, a text column keeps
 * "007", a list column splits "a; b | c". A value that does not fit is left as written, so the
 * schema check reports it at its cell.
 */
function typed(value: GridCell['value'], schema: Schema | undefined, list: boolean): unknown {
  if (list) {
    const items = typeof value === 'string' ? value.split(LIST_SEPARATOR).filter((v) => v !== '') : [value];
    const itemSchema = (schema?.['items'] as Schema | undefined) ?? undefined;
    return items.map((v) => typed(v, itemSchema, false));
  }
  const type = typeOf(schema);
  if (value instanceof Date) return type === 'string' ? value.toISOString().slice(0, 10) : value.toISOString();
  if (type === 'integer' || type === 'number') {
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value.trim()))) return Number(value.trim());
    return typeof value === 'string' ? value.trim() : value;
  }
  if (type === 'boolean' && typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (['true', 'yes', 'oui', '1'].includes(word)) return true;
    if (['false', 'no', 'non', '0'].includes(word)) return false;
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return type === 'string' || isText(schema) ? String(value) : value;
  return typeof value === 'string' ? value.trim() : value;
}

/** Sets a value at a field path; a number in the path (`hours.1.label`) is a place in a list. */
function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let at: Record<string, unknown> | unknown[] = target;
  path.forEach((key, i) => {
    const slot = /^\d+$/.test(key) && Array.isArray(at) ? Number(key) : key;
    const holder = at as Record<string | number, unknown>;
    if (i === path.length - 1) {
      holder[slot] = value;
      return;
    }
    const next = holder[slot];
    const wantList = /^\d+$/.test(path[i + 1]!);
    if (next && typeof next === 'object') at = next as Record<string, unknown>;
    else at = (holder[slot] = wantList ? [] : (Object.create(null) as Record<string, unknown>)) as Record<string, unknown> | unknown[];
  });
}

function readHeader(cell: GridCell): { path: string[]; list: boolean } {
  const written = String(cell.value ?? '').trim();
  const list = written.endsWith('[]');
  return { path: (list ? written.slice(0, -2) : written).split('.').map((s) => s.trim()), list };
}

/**
 * One item per row under the header row: columns are field paths, `id` and `count` as in YAML,
 * per-language columns `name.en` / `name.fr` make a text; empty cells are absent fields.
 * Without an `id` column, ids come from the column `idFrom` names (made into an id), else from
 * the row number.
 */
export function itemsFromGrid(grid: Grid, options: { fields: Schema; headerRow: number; idFrom?: string; languages: readonly string[] }): SheetItems {
  const problems: SheetItems['problems'] = [];
  const places = new Map<string, CellPlace>();
  const headers = new Map<string, CellPlace>();
  const place = (c: GridCell): CellPlace => ({ cell: c.cell, line: c.line, column: c.column });
  const header = grid.rows[options.headerRow - 1] ?? [];
  const columns: Column[] = [];
  const seen = new Map<string, Column>();
  header.forEach((cell, index) => {
    if (cell.value === undefined || String(cell.value).trim() === '') return;
    if (index >= SHEET_LIMITS.columns) return;
    const { path, list } = readHeader(cell);
    const column: Column = { index, header: String(cell.value).trim(), path, list, place: place(cell) };
    const key = path.join('.');
    const twice = seen.get(key);
    if (twice) {
      problems.push({ code: 'duplicate-key', message: `the column "${column.header}" appears twice (also at ${twice.place.cell})`, place: column.place });
      return;
    }
    seen.set(key, column);
    if (!headers.has(path[0]!)) headers.set(path[0]!, column.place);
    columns.push(column);
  });
  if (header.length > SHEET_LIMITS.columns) {
    problems.push({ code: 'out-of-range', message: `a sheet may have at most ${SHEET_LIMITS.columns} columns; the others are not read`, place: place(header[SHEET_LIMITS.columns]!) });
  }
  if (columns.length === 0) {
    problems.push({ code: 'missing-key', message: `row ${options.headerRow} should name the fields of the items (id, count, name.en, …); it is empty`, place: { cell: `A${options.headerRow}`, line: options.headerRow, column: 1 } });
    return { items: [], places, headers, problems };
  }
  const idColumn = columns.find((c) => c.path.length === 1 && c.path[0] === 'id');
  const idSource = idColumn ? undefined : options.idFrom ? columns.filter((c) => c.path[0] === options.idFrom) : undefined;
  const items: Record<string, unknown>[] = [];
  const body = grid.rows.slice(options.headerRow);
  if (body.length > SHEET_LIMITS.rows) {
    const at = body[SHEET_LIMITS.rows]![0];
    problems.push({ code: 'out-of-range', message: `a sheet may have at most ${SHEET_LIMITS.rows} rows of items; the others are not read`, place: at ? place(at) : { cell: 'A1', line: 1, column: 1 } });
  }
  for (const cells of body.slice(0, SHEET_LIMITS.rows)) {
    if (cells.every((c) => c?.value === undefined)) continue;
    const index = items.length;
    const item = Object.create(null) as Record<string, unknown>;
    const first = cells.find((c) => c !== undefined)!;
    places.set(`/${index}`, place(first));
    for (const column of columns) {
      const cell = cells[column.index];
      if (!cell) continue;
      if (cell.uncalculated) {
        problems.push({ code: 'bad-value', message: `the formula in ${cell.cell} has no calculated value in the file; open it in a spreadsheet program and save it again`, place: place(cell) });
        continue;
      }
      if (cell.value === undefined) continue;
      if (typeof cell.value === 'string' && cell.value.length > SHEET_LIMITS.cellChars) {
        problems.push({ code: 'out-of-range', message: `a cell may hold at most ${SHEET_LIMITS.cellChars} characters; this one holds ${cell.value.length}`, place: place(cell) });
        continue;
      }
      const last = column.path[column.path.length - 1]!;
      const parent = column.path.slice(0, -1);
      const isLanguage = parent.length > 0 && isText(schemaAt(options.fields, parent)) && /^[a-z]{2,3}(-[A-Z]{2})?$/.test(last);
      const schema = column.path[0] === 'count' ? { type: 'integer' } : schemaAt(options.fields, isLanguage ? parent : column.path);
      const value = isLanguage ? typed(cell.value, { type: 'string' }, false) : typed(cell.value, schema, column.list);
      setPath(item, column.path, value);
      places.set(`/${index}/${column.path.join('/')}`, place(cell));
      if (isLanguage) places.set(`/${index}/${parent.join('/')}`, place(cell));
    }
    if (!idColumn) {
      const source = idSource?.map((c) => cells[c.index]?.value).find((v) => v !== undefined);
      item['id'] = source !== undefined ? idFromFolder(String(source)) : `row-${first.line}`;
      places.set(`/${index}/id`, idSource?.[0] ? place(cells[idSource[0].index] ?? first) : place(first));
    }
    items.push(item);
  }
  for (const [r0, r1, c0, c1] of grid.merges) {
    if (r1 > r0 && r1 >= options.headerRow) {
      const at = grid.rows[r0]?.[c0];
      problems.push({
        code: 'bad-value',
        message: `cells ${at?.cell ?? cellName(r0, c0)} to ${cellName(r1, c1)} are merged across rows; each item needs its own cells (unmerge them)`,
        place: at ? place(at) : { cell: 'A1', line: r0 + 1, column: c0 + 1 },
      });
    }
  }
  return { items, places, headers, problems };
}
