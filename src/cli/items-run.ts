import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { parseDocument } from '../vendor/yaml.js';
import { checkGames } from '../build/check-games.js';
import type { LoadedSet } from '../content/model.js';
import { itemsFromGrid } from '../content/sheets/items-from-grid.js';
import { itemsToRows } from '../content/sheets/items-to-rows.js';
import { readGrid, workbooks } from '../content/sheets/read-grid.js';
import { UsageError } from '../shared/errors.js';
import { EXIT, type CliIo } from './io.js';
import { contentFolders, readProject } from './project.js';

export const FORMATS = ['csv', 'xlsx', 'ods'] as const;
export type SheetFormat = (typeof FORMATS)[number];

/** The set with this id among the games, checked and valid. */
async function findSet(dir: string | undefined, setId: string, games: string[] | undefined, io: CliIo, needValid = true): Promise<{ set: LoadedSet; languages: string[] }> {
  const settings = await readProject(io);
  const folders = contentFolders(dir, settings);
  const root = typeof folders === 'string' ? path.resolve(io.cwd, folders) : folders.map((f) => path.resolve(io.cwd, f));
  const check = checkGames({ root, games });
  const found = check.games.flatMap((g) => g.sets.map((set) => ({ set, languages: g.data?.languages ?? [] }))).filter((s) => s.set.data?.id === setId || (s.set.source.data as { id?: unknown } | undefined)?.id === setId);
  if (found.length === 0) throw new UsageError(`no set "${setId}" here; the sets are ${check.games.flatMap((g) => g.sets.map((s) => (s.source.data as { id?: string } | undefined)?.id ?? '?')).join(', ')}`);
  if (found.length > 1) throw new UsageError(`${found.length} games have a set "${setId}"; name the game with --game`);
  if (needValid && !found[0]!.set.data) throw new UsageError(`the set "${setId}" has errors; run "pocketpress validate" and fix them first`);
  return found[0]!;
}

/** `pocketpress items export <set>`: the set's items as a CSV, XLSX or ODS sheet. */
export async function itemsExportCommand(setId: string, options: { dir?: string; game?: string[]; format: SheetFormat; out?: string }, io: CliIo): Promise<number> {
  const { set } = await findSet(options.dir, setId, options.game, io);
  const rows = itemsToRows(set.data!.items as Record<string, unknown>[]);
  const out = options.out ? path.resolve(io.cwd, options.out) : undefined;
  if (options.format === 'csv') {
    // With a BOM, so Excel reads é as é.
    const text = '\ufeff' + stringify(rows.map((r) => r.map((c) => (c === null ? '' : c))));
    if (out) writeFileSync(out, text);
    else io.stdout(text);
  } else {
    if (!out) throw new UsageError(`an ${options.format.toUpperCase()} file is written with --out <file>`);
    const XLSX = workbooks();
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), setId.slice(0, 31));
    writeFileSync(out, XLSX.write(book, { type: 'buffer', bookType: options.format }));
  }
  if (out) io.stderr(`wrote ${rows.length - 1} items of "${setId}" to ${path.relative(io.cwd, out)}\n`);
  return EXIT.ok;
}

/** `pocketpress items import <file> --set <id>`: the sheet's rows become the set's items in its YAML file. */
export async function itemsImportCommand(file: string, options: { dir?: string; game?: string[]; set: string; sheet?: string; header?: string }, io: CliIo): Promise<number> {
  const absolute = path.resolve(io.cwd, file);
  if (!existsSync(absolute)) throw new UsageError(`there is no file ${file}`);
  // The set's items may be what is wrong with it: only its field schema is needed.
  const { set, languages } = await findSet(options.dir, options.set, options.game, io, false);
  const read = readGrid(absolute, readFileSync(absolute), options.sheet);
  if (!read.ok) throw new UsageError(`${file}: ${read.problem.message}`);
  const fields = ((set.source.data as { fields?: Record<string, unknown> } | undefined)?.fields ?? {}) as Record<string, unknown>;
  const converted = itemsFromGrid(read.grid, { fields, headerRow: options.header ? Number(options.header) : 1, languages });
  if (converted.problems.length > 0) {
    for (const p of converted.problems) io.stderr(`${file}:${p.place.cell}  error  ${p.code}  ${p.message}\n`);
    return EXIT.contentErrors;
  }
  const setFile = set.source.file.path;
  const doc = parseDocument(readFileSync(setFile, 'utf8'));
  doc.set('items', JSON.parse(JSON.stringify(converted.items)));
  writeFileSync(setFile, doc.toString());
  io.stdout(`wrote ${converted.items.length} items into ${path.relative(io.cwd, setFile)}; check them with "pocketpress validate"\n`);
  return EXIT.ok;
}
