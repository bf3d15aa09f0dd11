import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { stringify } from 'csv-stringify/sync';
import { parseDocument } from 'yaml';
import { checkGames } from '../build/check-games.js';
import type { LoadedSet } from '../content/model.js';
import { itemsFromGrid } from '../content/sheets/items-from-grid.js';
import { itemsToRows } from '../content/sheets/items-to-rows.js';
import { readGrid, workbooks } from '../content/sheets/read-grid.js';
import { UsageError } from '../shared/errors.js';
import { EXIT, type CliIo } from './io.js';
import { collect } from './options.js';
import { contentFolders, readProject } from './project.js';

const FORMATS = ['csv', 'xlsx', 'ods'] as const;
type SheetFormat = (typeof FORMATS)[number];

/** The set with this id among the games, checked and valid. */
function findSet(dir: string | undefined, setId: string, games: string[] | undefined, io: CliIo, needValid = true): { set: LoadedSet; languages: string[] } {
  const settings = readProject(io);
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
export function itemsExportCommand(setId: string, options: { dir?: string; game?: string[]; format: SheetFormat; out?: string }, io: CliIo): number {
  const { set } = findSet(options.dir, setId, options.game, io);
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
export function itemsImportCommand(file: string, options: { dir?: string; game?: string[]; set: string; sheet?: string; header?: string }, io: CliIo): number {
  const absolute = path.resolve(io.cwd, file);
  if (!existsSync(absolute)) throw new UsageError(`there is no file ${file}`);
  // The set's items may be what is wrong with it: only its field schema is needed.
  const { set, languages } = findSet(options.dir, options.set, options.game, io, false);
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

export function registerItemsCommands(program: Command, io: CliIo, setCode: (code: number) => void): void {
  const items = program.command('items').description("move a set's items between its YAML file and a spreadsheet");
  items
    .command('export')
    .description("write a set's items as a sheet: one row per item, one column per field")
    .argument('<set>', 'the id of the set')
    .option('--dir <dir>', 'a folder of games (default: the content of pocketpress.yaml, else content/)')
    .option('--game <id>', 'the game, when several have a set of that id', collect)
    .option('--format <format>', `${FORMATS.join(', ')}`, 'csv')
    .option('--out <file>', 'where to write (CSV goes to the standard output without it)')
    .action((setId: string, options: Parameters<typeof itemsExportCommand>[1]) => {
      if (!(FORMATS as readonly string[]).includes(options.format)) throw new UsageError(`--format is one of ${FORMATS.join(', ')}`);
      setCode(itemsExportCommand(setId, options, io));
    });
  items
    .command('import')
    .description("replace a set's items in its YAML file by the rows of a sheet")
    .argument('<file>', 'a CSV, XLSX or ODS file')
    .requiredOption('--set <id>', 'the set whose items it holds')
    .option('--sheet <name>', 'the sheet to read (default the first)')
    .option('--header <row>', 'the row that names the columns (default 1)')
    .option('--dir <dir>', 'a folder of games (default: the content of pocketpress.yaml, else content/)')
    .option('--game <id>', 'the game, when several have a set of that id', collect)
    .action((file: string, options: Parameters<typeof itemsImportCommand>[1]) => setCode(itemsImportCommand(file, options, io)));
}
