import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { stringify } from 'csv-stringify/sync';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { FIXTURES, hashTree, runCli, tempDir } from '../helpers.js';

/** An item as one row: every leaf under its field path (`hours.1.label.en`). */
function flatten(value: unknown, prefix: string, row: Record<string, unknown>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, row);
  } else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    row[`${prefix}[]`] = value.join('; ');
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => flatten(v, `${prefix}.${i}`, row));
  } else row[prefix] = value;
}

function table(items: Record<string, unknown>[]): unknown[][] {
  const rows = items.map((item) => {
    const row: Record<string, unknown> = {};
    flatten(item, '', row);
    return row;
  });
  const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return [headers, ...rows.map((r) => headers.map((h) => r[h] ?? null))];
}

/** A copy of the full game whose sets keep their items in spreadsheets of one format. */
function gameWithSheets(format: 'csv' | 'xlsx' | 'ods'): string {
  const game = path.join(tempDir(`pocketpress-sheets-${format}-`), 'full-game');
  cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
  for (const name of ['cards', 'tiles']) {
    const setFile = path.join(game, 'sets', `${name}.yaml`);
    const text = readFileSync(setFile, 'utf8');
    const rows = table((parse(text) as { items: Record<string, unknown>[] }).items);
    const sheetFile = path.join(game, 'sets', `${name}.${format}`);
    if (format === 'csv') writeFileSync(sheetFile, stringify(rows.map((r) => r.map((c) => c ?? ''))));
    else {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Items');
      writeFileSync(sheetFile, XLSX.write(book, { type: 'buffer', bookType: format }));
    }
    writeFileSync(setFile, text.slice(0, text.indexOf('\nitems:')) + `\nitems: sets/${name}.${format}\n`);
  }
  return game;
}

/** The component PNGs of a build, by path, with the hash of their bytes. */
const pngs = (out: string) => hashTree(out, { keep: (relative) => relative.endsWith('.png') && relative.includes(`${path.sep}png${path.sep}`) });

describe('items in a spreadsheet', () => {
  it.each(['csv', 'xlsx', 'ods'] as const)('%s: the same cards and tiles as the same items in YAML, byte for byte', async (format) => {
    const yamlOut = tempDir();
    expect((await runCli(['build', path.join(FIXTURES, 'valid', 'full-game'), '--out', yamlOut, '--dpi', '50', '--lang', 'en'])).code).toBe(0);
    const game = gameWithSheets(format);
    const check = await runCli(['validate', game, '--strict', '--format', 'json']);
    expect(JSON.parse(check.stdout)).toEqual({ diagnostics: [], errors: 0, warnings: 0 });
    const sheetOut = tempDir();
    expect((await runCli(['build', game, '--out', sheetOut, '--dpi', '50', '--lang', 'en'])).code).toBe(0);
    const expected = pngs(yamlOut);
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(5);
    expect(pngs(sheetOut)).toEqual(expected);
  }, 120_000);

  it('reads workbooks saved by LibreOffice, formulas as the values it computed: the same cards and tiles as in YAML', async () => {
    const saved = path.join(FIXTURES, 'sheets', 'libreoffice');
    // The fixtures are LibreOffice's own files (its name in their metadata), not the library's.
    expect(XLSX.read(readFileSync(path.join(saved, 'cards.xlsx')), { bookProps: true }).Props?.Application).toMatch(/^LibreOffice\//);
    for (const ods of ['cards.ods', 'tiles.ods']) {
      const meta = XLSX.CFB.find(XLSX.CFB.read(readFileSync(path.join(saved, ods)), { type: 'buffer' }), 'meta.xml');
      expect(Buffer.from(meta!.content as Uint8Array).toString('utf8')).toMatch(/<meta:generator>LibreOffice\//);
    }
    const cells = XLSX.read(readFileSync(path.join(saved, 'cards.xlsx'))).Sheets['Items']!;
    expect([cells['B2'], cells['C3']]).toEqual([expect.objectContaining({ f: '6/2', v: 3 }), expect.objectContaining({ f: '"O"&"il"', v: 'Oil' })]);

    const yamlOut = tempDir();
    expect((await runCli(['build', path.join(FIXTURES, 'valid', 'full-game'), '--out', yamlOut, '--dpi', '50'])).code).toBe(0);
    for (const cards of ['cards.xlsx', 'cards.ods']) {
      const game = path.join(tempDir('pocketpress-libreoffice-'), 'full-game');
      cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
      for (const [name, file] of [['cards', cards], ['tiles', 'tiles.ods']] as const) {
        cpSync(path.join(saved, file), path.join(game, 'sets', file));
        const setFile = path.join(game, 'sets', `${name}.yaml`);
        const text = readFileSync(setFile, 'utf8');
        writeFileSync(setFile, text.slice(0, text.indexOf('\nitems:')) + `\nitems: sets/${file}\n`);
      }
      const check = await runCli(['validate', game, '--strict', '--format', 'json']);
      expect(JSON.parse(check.stdout)).toEqual({ diagnostics: [], errors: 0, warnings: 0 });
      const out = tempDir();
      expect((await runCli(['build', game, '--out', out, '--dpi', '50'])).code).toBe(0);
      expect(pngs(out)).toEqual(pngs(yamlOut));
    }
  }, 180_000);

  it('points at the cell: sheet and cell in a workbook, line and column in a CSV', async () => {
    const game = gameWithSheets('xlsx');
    const book = XLSX.read(readFileSync(path.join(game, 'sets', 'cards.xlsx')));
    const ws = book.Sheets['Items']!;
    const headers = (XLSX.utils.sheet_to_json(ws, { header: 1 }) as unknown[][])[0] as string[];
    const light = XLSX.utils.encode_col(headers.indexOf('hours.0.light'));
    ws[`${light}3`] = { t: 's', v: 'two' };
    const name = XLSX.utils.encode_col(headers.indexOf('name.fr'));
    ws[`${name}1`] = { t: 's', v: 'nmae.fr' };
    writeFileSync(path.join(game, 'sets', 'cards.xlsx'), XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
    const result = await runCli(['validate', game, '--format', 'json']);
    expect(result.code).toBe(1);
    const found = (JSON.parse(result.stdout) as { diagnostics: Record<string, unknown>[] }).diagnostics;
    expect(found).toContainEqual(expect.objectContaining({ code: 'wrong-type', file: expect.stringMatching(/sets\/cards\.xlsx$/), sheet: 'Items', cell: `${light}3`, row: 3 }));
    expect(found).toContainEqual(expect.objectContaining({ code: 'unknown-key', sheet: 'Items', cell: `${name}1`, message: expect.stringMatching(/the column "nmae" is not a field of these items; did you mean "name"\?/) }));
    const text = await runCli(['validate', game]);
    expect(text.stdout).toMatch(new RegExp(`sets/cards\\.xlsx:Items!${light}3  error  wrong-type  `));

    const csvGame = gameWithSheets('csv');
    const csvFile = path.join(csvGame, 'sets', 'tiles.csv');
    writeFileSync(csvFile, readFileSync(csvFile, 'utf8').replace('north; east\n', 'north; up\n'));
    const csv = await runCli(['validate', csvGame, '--format', 'json']);
    const bad = (JSON.parse(csv.stdout) as { diagnostics: Record<string, unknown>[] }).diagnostics.find((d) => d.code === 'bad-value')!;
    expect(bad).toMatchObject({ file: expect.stringMatching(/sets\/tiles\.csv$/), line: 3, cell: expect.stringMatching(/^[A-Z]3$/) });
    expect(bad['column']).toBeGreaterThan(1);
  });

  it('refuses a sheet that does not exist, a zip bomb, and a binary file named .csv', async () => {
    const game = gameWithSheets('xlsx');
    const setFile = path.join(game, 'sets', 'cards.yaml');
    writeFileSync(setFile, readFileSync(setFile, 'utf8').replace('items: sets/cards.xlsx', 'items: {file: sets/cards.xlsx, sheet: Monsters}'));
    const missing = await runCli(['validate', game, '--format', 'json']);
    expect(JSON.parse(missing.stdout).diagnostics).toContainEqual(expect.objectContaining({ code: 'bad-value', message: expect.stringMatching(/there is no sheet "Monsters" in this file; its sheets are "Items"/) }));

    // A zip whose directory claims 4 GB once inflated.
    const bomb = Buffer.alloc(22 + 46 + 8);
    bomb.writeUInt32LE(0x02014b50, 0);
    bomb.writeUInt32LE(0xfffffff0, 24);
    bomb.writeUInt16LE(8, 28);
    bomb.write('bomb.xml', 46);
    const eocd = 46 + 8;
    bomb.writeUInt32LE(0x06054b50, eocd);
    bomb.writeUInt16LE(1, eocd + 10);
    bomb.writeUInt32LE(54, eocd + 12);
    bomb.writeUInt32LE(0, eocd + 16);
    writeFileSync(path.join(game, 'sets', 'tiles.xlsx'), bomb);
    const tiles = path.join(game, 'sets', 'tiles.yaml');
    writeFileSync(tiles, readFileSync(tiles, 'utf8').replace(/^items: .*$/m, 'items: sets/tiles.xlsx'));
    const bombed = await runCli(['validate', game, '--format', 'json']);
    expect(JSON.parse(bombed.stdout).diagnostics).toContainEqual(expect.objectContaining({ code: 'file-too-large', message: expect.stringMatching(/would inflate to more than 100 MB/) }));

    writeFileSync(path.join(game, 'sets', 'tiles.csv'), Buffer.from([0, 1, 2, 3, 255, 0, 7]));
    writeFileSync(tiles, readFileSync(tiles, 'utf8').replace(/^items: .*$/m, 'items: sets/tiles.csv'));
    const binary = await runCli(['validate', game, '--format', 'json']);
    expect(JSON.parse(binary.stdout).diagnostics).toContainEqual(expect.objectContaining({ code: 'binary-file' }));
  });
});

describe('pocketpress items export / import', () => {
  it.each(['csv', 'xlsx', 'ods'] as const)('%s: export then import gives the same items back', async (format) => {
    const game = path.join(tempDir(), 'full-game');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
    const before = (parse(readFileSync(path.join(game, 'sets', 'cards.yaml'), 'utf8')) as { items: unknown }).items;
    const sheet = path.join(game, `cards.${format}`);
    const exported = await runCli(['items', 'export', 'cards', '--dir', game, '--format', format, '--out', sheet]);
    expect(exported.code).toBe(0);
    // Emptied, then read back from the sheet.
    const setFile = path.join(game, 'sets', 'cards.yaml');
    writeFileSync(setFile, readFileSync(setFile, 'utf8').replace(/\nitems:[\s\S]*$/, '\nitems: []\n'));
    const imported = await runCli(['items', 'import', sheet, '--set', 'cards', '--dir', game]);
    expect(imported.stdout).toMatch(/^wrote 2 items into/);
    expect((parse(readFileSync(setFile, 'utf8')) as { items: unknown }).items).toEqual(before);
    expect(readFileSync(setFile, 'utf8')).toMatch(/^id: cards\nkind: cards/);
  });
});

describe('a spreadsheet saved again', () => {
  it('makes again only the card whose row changed', async () => {
    const { buildOnce } = await import('../../src/cli/build-command.js');
    const game = gameWithSheets('ods');
    const options = { out: tempDir(), format: 'text' as const, dpi: 40, paper: 'a4' as const, duplex: 'long' as const, backOffset: { x: 0, y: 0 }, quiet: true, lang: ['en'] };
    const io = { stdout: () => {}, stderr: () => {}, cwd: '/' };
    expect((await buildOnce(game, options, 'test', io)).code).toBe(0);
    const file = path.join(game, 'sets', 'cards.ods');
    const book = XLSX.read(readFileSync(file));
    const ws = book.Sheets['Items']!;
    const headers = (XLSX.utils.sheet_to_json(ws, { header: 1 }) as unknown[][])[0] as string[];
    ws[`${XLSX.utils.encode_col(headers.indexOf('name.en'))}3`] = { t: 's', v: 'Lamp oil' };
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'ods' }));
    const again = await buildOnce(game, options, 'test', io);
    expect(again.code).toBe(0);
    expect(again.stats['layout']!.made).toBe(1);
    expect(again.stats['png']!.made).toBe(1);
  });
});
