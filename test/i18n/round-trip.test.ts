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
  return parse(io.out()) as string[][];
}

function importCsv(rows: string[][]): { code: number; out: string; err: string } {
  const file = path.join(path.dirname(game), 'fr.csv');
  writeFileSync(file, stringify(rows));
  const io = captureIo(path.dirname(game));
  const code = i18nImportCommand(file, game, {}, io);
  return { code, out: io.out(), err: io.err() };
}

function setTarget(rows: string[][], pointer: string, text: string): void {
  const row = rows.find((r) => r[1] === 'sets/cards.yaml' && r[2] === pointer);
  if (!row) throw new Error(`no row for ${pointer}`);
  row[4] = text;
}

describe('i18n export → edit → import', () => {
  it('changes exactly the edited line, and keeps the comments', () => {
    const before = read(cards);
    const rows = exportCsv();
    expect(rows[0]).toEqual(['game', 'file', 'pointer', 'en', 'fr', 'status']);
    setTarget(rows, '/items/0/name', 'Mèche courte');
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
    expect(rows.find((r) => r[2] === '/items/1/hours/2/effect')?.[5]).toBe('same');
    setTarget(rows, '/items/1/hours/2/effect', '*Fin !*');
    expect(importCsv(rows).code).toBe(0);
    const after = read(cards);
    expect(differingLines(before, after)).toEqual([41]);
    expect(after.split('\n')[40]).toBe('      - {label: {en: Dawn, fr: Aube}, light: 0, effect: {en: "*Fin.*", fr: "*Fin !*"}}');
    expect(checkContent(game).diagnostics).toEqual([]);
  });

  it('writes nothing when a row is wrong, and says where', () => {
    const before = read(cards);
    const rows = exportCsv();
    setTarget(rows, '/items/0/name', 'Mèche courte');
    rows.push(['full-game', 'sets/cards.yaml', '/items/9/name', 'Nothing', 'Rien', 'missing']);
    rows.push(['other-game', 'game.yaml', '/title', 'X', 'Y', 'missing']);
    const result = importCsv(rows);
    expect(result.code).toBe(1);
    expect(result.err).toContain('fr.csv:19: sets/cards.yaml of the game "full-game" has no text at /items/9/name');
    expect(result.err).toContain('fr.csv:20: there is no game "other-game" here');
    expect(result.err).toContain('2 problems; nothing was written');
    expect(read(cards)).toBe(before);
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
      'game       lang  texts  translated  missing  stale  same\n' +
        'full-game  fr       17          16        0      0     1\n',
    );
    writeFileSync(cards, read(cards).replace('{en: Oil, fr: Huile}', '{en: Oil}'));
    expect(status()).toContain('full-game  fr       17          15        1      0     1\n');

    const rows = exportCsv();
    expect(rows.find((r) => r[2] === '/items/1/name')?.slice(3)).toEqual(['Oil', '', 'missing']);
    setTarget(rows, '/items/1/name', 'Huile');
    expect(importCsv(rows).code).toBe(0);
    expect(read(path.join(game, 'i18n', 'fr.lock.yaml'))).toMatch(/sets\/cards\.yaml#\/items\/@oil\/name: [0-9a-f]{16}/);
    expect(status()).toContain('full-game  fr       17          16        0      0     1\n');

    writeFileSync(cards, read(cards).replace('{en: Oil, fr: Huile}', '{en: Lamp oil, fr: Huile}'));
    expect(status()).toContain('full-game  fr       17          15        0      1     1\n');
    const stale = exportCsv().find((r) => r[2] === '/items/1/name');
    expect(stale?.slice(3)).toEqual(['Lamp oil', 'Huile', 'stale']);
  });

  it('fails with --strict when something is missing, and prints JSON', () => {
    writeFileSync(cards, read(cards).replace('{en: Oil, fr: Huile}', '{en: Oil}'));
    const io = captureIo(path.dirname(game));
    expect(i18nStatusCommand(game, { format: 'json', strict: true }, io)).toBe(1);
    expect(JSON.parse(io.out())).toEqual({ languages: [{ game: 'full-game', lang: 'fr', texts: 17, translated: 15, missing: 1, stale: 0, same: 1 }] });
  });
});
