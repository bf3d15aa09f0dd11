import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18nExportCommand, i18nImportCommand, i18nStatusCommand } from '../../src/cli/i18n-command.js';
import { checkContent } from '../../src/content/check-content.js';
import { FIXTURES } from '../helpers.js';
import { captureIo, copyFullGame, differingLines, read } from './helpers.js';

let game: string;
let cards: string;

beforeEach(() => {
  game = copyFullGame();
  cards = path.join(game, 'sets', 'cards.yaml');
});

function exportCsv(): string[][] {
  const io = captureIo(path.dirname(game));
  expect(i18nExportCommand(game, { lang: 'fr', format: 'csv' }, io)).toBe(0);
  return parse(io.out(), { bom: true }) as string[][];
}

function importCsv(rows: string[][]): { code: number; out: string; err: string } {
  const file = path.join(path.dirname(game), 'fr.csv');
  writeFileSync(file, stringify(rows));
  const io = captureIo(path.dirname(game));
  const code = i18nImportCommand(file, game, {}, io);
  return { code, out: io.out(), err: io.err() };
}

/** Columns of an export: id, game, set, item, field, en, fr, status. */
const ID = 0;
const FR = 6;

function setTarget(rows: string[][], key: string, text: string): void {
  const row = rows.find((r) => r[ID] === `sets/cards.yaml#${key}`);
  if (!row) throw new Error(`no row for ${key}`);
  row[FR] = text;
}

const rowOf = (rows: string[][], key: string) => rows.find((r) => r[ID] === `sets/cards.yaml#${key}`);

describe('i18n export → edit → import', () => {
  it('changes exactly the edited line, and keeps the comments', () => {
    const before = read(cards);
    const rows = exportCsv();
    expect(rows[0]).toEqual(['id', 'game', 'set', 'item', 'field', 'en', 'fr', 'status']);
    expect(rowOf(rows, '/items/@wick/name')).toEqual(['sets/cards.yaml#/items/@wick/name', 'full-game', 'cards', 'wick', 'name', 'Wick', 'Mèche', 'translated']);
    setTarget(rows, '/items/@wick/name', 'Mèche courte');
    const result = importCsv(rows);
    expect(result.code).toBe(0);
    expect(result.out).toContain('full-game  sets/cards.yaml:30  /items/0/name  fr');
    expect(result.out).toContain('1 text written in 1 file (16 unchanged, 0 left empty)');
    const after = read(cards);
    expect(differingLines(before, after)).toEqual([30]);
    expect(after.split('\n')[29]).toBe('    name: {en: Wick, fr: Mèche courte}   # the first card');
    expect(after.split('\n')[0]).toBe('# The lantern cards: one per hour of the night.');
    expect(read(path.join(game, 'game.yaml'))).toBe(read(path.join(FIXTURES, 'valid', 'full-game', 'game.yaml')));
    expect(checkContent(game).diagnostics).toEqual([]);
  });

  it('turns a plain string into a map of languages on its own line', () => {
    const before = read(cards);
    const rows = exportCsv();
    expect(rowOf(rows, '/items/@oil/hours/2/effect')?.[7]).toBe('same');
    setTarget(rows, '/items/@oil/hours/2/effect', '*Fin !*');
    expect(importCsv(rows).code).toBe(0);
    const after = read(cards);
    expect(differingLines(before, after)).toEqual([41]);
    expect(after.split('\n')[40]).toBe('      - {label: {en: Dawn, fr: Aube}, light: 0, effect: {en: "*Fin.*", fr: "*Fin !*"}}');
    expect(checkContent(game).diagnostics).toEqual([]);
  });

  it('writes nothing when a row is wrong, and says where', () => {
    const before = read(cards);
    const rows = exportCsv();
    setTarget(rows, '/items/@wick/name', 'Mèche courte');
    rows.push(['sets/cards.yaml#/items/@candle/name', 'full-game', 'cards', 'candle', 'name', 'Candle', 'Bougie', 'missing']);
    rows.push(['game.yaml#/title', 'other-game', '', '', 'title', 'X', 'Y', 'missing']);
    const result = importCsv(rows);
    expect(result.code).toBe(1);
    expect(result.err).toContain('fr.csv:19: the game "full-game" has no text sets/cards.yaml#/items/@candle/name any more (an item removed or renamed?); its row is not imported');
    expect(result.err).toContain('fr.csv:20: there is no game "other-game" here');
    expect(result.err).toContain('2 problems; nothing was written');
    expect(read(cards)).toBe(before);
  });
});

describe('an old export after the cards changed', () => {
  it('a card inserted moves no translation; a row whose source text changed is refused, and written only with --force', () => {
    const rows = exportCsv();
    setTarget(rows, '/items/@wick/name', 'Mèche courte');
    setTarget(rows, '/items/@oil/name', 'Huile de lampe');
    // A new first card, and the oil card's English name edited, after the export.
    const text = read(cards);
    writeFileSync(
      cards,
      text
        .replace(/^items:\n/m, 'items:\n  - id: whale\n    name: {en: Whale, fr: Baleine}\n    hours:\n      - {label: {en: Dusk, fr: Crépuscule}, light: 0}\n      - {label: {en: Midnight, fr: Minuit}, light: 0}\n      - {label: {en: Dawn, fr: Aube}, light: 0}\n')
        .replace('{en: Oil, fr: Huile}', '{en: Lamp oil, fr: Huile}'),
    );
    const refused = importCsv(rows);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/the en text of sets\/cards\.yaml#\/items\/@oil\/name is now "Lamp oil", not "Oil" as exported/);
    expect(refused.err).toContain('nothing was written');
    expect(read(cards)).toContain('name: {en: Whale, fr: Baleine}');
    expect(read(cards)).toContain('{en: Wick, fr: Mèche}');

    const file = path.join(path.dirname(game), 'fr.csv');
    const io = captureIo(path.dirname(game));
    expect(i18nImportCommand(file, game, { force: true }, io)).toBe(0);
    const after = read(cards);
    // Each French text on its own card: the whale keeps its name, the wick and the oil get theirs.
    expect(after).toContain('name: {en: Whale, fr: Baleine}');
    expect(after).toContain('{en: Wick, fr: Mèche courte}');
    expect(after).toContain('{en: Lamp oil, fr: Huile de lampe}');
  });

  it('reads a French Excel file: semicolons, no BOM; and UTF-16 with its BOM', () => {
    const rows = exportCsv();
    setTarget(rows, '/items/@wick/name', 'Mèche courte');
    const file = path.join(path.dirname(game), 'fr.csv');
    writeFileSync(file, stringify(rows, { delimiter: ';' }));
    expect(i18nImportCommand(file, game, {}, captureIo(path.dirname(game)))).toBe(0);
    expect(read(cards)).toContain('{en: Wick, fr: Mèche courte}');
    setTarget(rows, '/items/@wick/name', 'Mèche fine');
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(stringify(rows, { delimiter: '\t' }), 'utf16le')]));
    expect(i18nImportCommand(file, game, {}, captureIo(path.dirname(game)))).toBe(0);
    expect(read(cards)).toContain('{en: Wick, fr: Mèche fine}');
  });

  it('exports with a BOM, so that Excel shows é', () => {
    const io = captureIo(path.dirname(game));
    expect(i18nExportCommand(game, { lang: 'fr', format: 'csv' }, io)).toBe(0);
    expect(io.out().startsWith('\uFEFFid,game,set,item,field,en,fr,status\n')).toBe(true);
  });
});

describe('i18n status', () => {
  function status(): string {
    const io = captureIo(path.dirname(game));
    expect(i18nStatusCommand(game, { format: 'text' }, io)).toBe(0);
    return io.out();
  }

  it('counts missing texts, and stale ones once a source text changes after import', () => {
    expect(status()).toBe(
      'game       lang  texts  translated  missing  stale  same  paragraphs  changed\n' +
        'full-game  fr       17          16        0      0     1           2        0\n',
    );
    writeFileSync(cards, read(cards).replace('{en: Oil, fr: Huile}', '{en: Oil}'));
    expect(status()).toContain('full-game  fr       17          15        1      0     1           2        0\n');

    const rows = exportCsv();
    expect(rowOf(rows, '/items/@oil/name')?.slice(5)).toEqual(['Oil', '', 'missing']);
    setTarget(rows, '/items/@oil/name', 'Huile');
    expect(importCsv(rows).code).toBe(0);
    expect(read(path.join(game, 'i18n', 'fr.lock.yaml'))).toMatch(/sets\/cards\.yaml#\/items\/@oil\/name: [0-9a-f]{16}/);
    expect(status()).toContain('full-game  fr       17          16        0      0     1           2        0\n');

    writeFileSync(cards, read(cards).replace('{en: Oil, fr: Huile}', '{en: Lamp oil, fr: Huile}'));
    expect(status()).toContain('full-game  fr       17          15        0      1     1           2        0\n');
    const stale = rowOf(exportCsv(), '/items/@oil/name');
    expect(stale?.slice(5)).toEqual(['Lamp oil', 'Huile', 'stale']);
  });

  it('fails with --strict when something is missing, and prints JSON', () => {
    writeFileSync(cards, read(cards).replace('{en: Oil, fr: Huile}', '{en: Oil}'));
    const io = captureIo(path.dirname(game));
    expect(i18nStatusCommand(game, { format: 'json', strict: true }, io)).toBe(1);
    expect(JSON.parse(io.out())).toEqual({ languages: [{ game: 'full-game', lang: 'fr', texts: 17, translated: 15, missing: 1, stale: 0, same: 1, paragraphs: 2, changed: 0, changedParagraphs: [] }] });
  });
});
