import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OutputFile } from '../../src/shared/output-file.js';
import { tempDir } from '../helpers.js';
import { prepareExport, writeFiles, writeManyCardsGame, type Prepared } from './helpers.js';
import { cardCell, meanDifference, savedObjects, trimOf, type SavedObject, ttsFiles } from './tts-helpers.js';

describe('Tabletop Simulator deck sheets of a 75-card set with its own backs', () => {
  const root = tempDir();
  const out = path.join(root, 'many', 'en');
  let prepared: Prepared;
  let files: OutputFile[];
  let deck: SavedObject;
  beforeAll(async () => {
    prepared = await prepareExport(writeManyCardsGame(), 'en', { dpi: 100 });
    files = await ttsFiles(prepared.input, { outDir: root });
    writeFiles(out, [...files, ...prepared.componentPngs]);
    deck = savedObjects(files)[0]!;
  }, 120_000);

  const sheets = () => files.filter((f) => f.entry.kind === 'tts-sheet' && f.entry['set'] === 'deck');

  it('makes two face sheets (70 + 5 cards) and two back sheets', () => {
    expect(sheets().map((f) => [f.path, f.entry['columns'], f.entry['rows'], f.entry['cards']])).toEqual([
      ['tts/deck-1.png', 10, 7, 70],
      ['tts/deck-1.back.png', 10, 7, 70],
      ['tts/deck-2.png', 5, 1, 5],
      ['tts/deck-2.back.png', 5, 1, 5],
    ]);
  });

  it('keeps every sheet an RGB PNG within 4096 px, at most 10 × 7 cells of at most 409 × 585 px', async () => {
    for (const file of files.filter((f) => f.entry.kind === 'tts-sheet' && f.entry['columns'] !== undefined)) {
      const meta = await sharp(file.bytes).metadata();
      expect([meta.format, meta.channels, meta.hasAlpha], file.path).toEqual(['png', 3, false]);
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(4096);
      expect([meta.width, meta.height]).toEqual([file.entry['widthPx'], file.entry['heightPx']]);
      const [columns, rows] = [file.entry['columns'] as number, file.entry['rows'] as number];
      expect(columns).toBeLessThanOrEqual(10);
      expect(rows).toBeLessThanOrEqual(7);
      expect(meta.width! / columns).toBeLessThanOrEqual(409);
      expect(meta.height! / rows).toBeLessThanOrEqual(585);
      expect(Number.isInteger(meta.width! / columns) && Number.isInteger(meta.height! / rows)).toBe(true);
    }
    const meta = await sharp(readFileSync(path.join(out, 'tts/deck-1.png'))).metadata();
    expect([meta.width, meta.height]).toEqual([4090, 3997]);
  });

  it('gives each CustomDeck the grid of its sheet', async () => {
    const entries = Object.entries(deck.CustomDeck!);
    expect(entries.map(([k, d]) => [k, d.NumWidth, d.NumHeight, path.basename(d.FaceURL), path.basename(d.BackURL), d.UniqueBack])).toEqual([
      ['1', 10, 7, 'deck-1.png', 'deck-1.back.png', true],
      ['2', 5, 1, 'deck-2.png', 'deck-2.back.png', true],
    ]);
  });

  const set = () => prepared.input.sets[0]!.set;
  const bleedShare = () => ({ x: set().bleed / (set().width + 2 * set().bleed), y: set().bleed / (set().height + 2 * set().bleed) });
  const ownPng = (name: string) => prepared.componentPngs.find((f) => f.path === `png/deck/${name}`)!.bytes;

  it('points every CardID at the cell that shows that card, and not its neighbour', async () => {
    const cards = deck.ContainedObjects!;
    expect(cards).toHaveLength(78);
    for (const card of cards) {
      const item = card.GMNotes.split('#')[0]!;
      const sheet = deck.CustomDeck![String(Math.floor(card.CardID! / 100))]!;
      const { region, pixels } = await cardCell(sheet, card.CardID!);
      const expected = await trimOf(ownPng(`${item}.png`), bleedShare(), region);
      const near = meanDifference(pixels, expected);
      expect(near, `${card.GMNotes} → ${card.CardID}`).toBeLessThan(6);
      const other = `c${(Number(item.slice(1)) % 75) + 1}`;
      const far = meanDifference(pixels, await trimOf(ownPng(`${other}.png`), bleedShare(), region));
      expect(far, `${card.GMNotes} vs ${other}`).toBeGreaterThan(4 * near + 10);
      if (process.env.SHOW_DIFF) console.log(card.GMNotes, near.toFixed(2), far.toFixed(2));
    }
  }, 60_000);

  it("puts each card's own back in the same cell of the back sheet", async () => {
    for (const card of deck.ContainedObjects!.filter((_, i) => i % 9 === 0)) {
      const item = card.GMNotes.split('#')[0]!;
      const sheet = deck.CustomDeck![String(Math.floor(card.CardID! / 100))]!;
      const { region, pixels } = await cardCell(sheet, card.CardID!, sheet.BackURL);
      const near = meanDifference(pixels, await trimOf(ownPng(`${item}.back.png`), bleedShare(), region));
      const other = `c${(Number(item.slice(1)) % 75) + 1}`;
      const far = meanDifference(pixels, await trimOf(ownPng(`${other}.back.png`), bleedShare(), region));
      if (process.env.SHOW_DIFF) console.log('back', card.GMNotes, near.toFixed(3), far.toFixed(3));
      expect(near, card.GMNotes).toBeLessThan(2);
      expect(far, card.GMNotes).toBeGreaterThan(4 * near + 5);
    }
  });

  it('cuts tokens out: transparent outside their circle, opaque inside', async () => {
    const gold = files.find((f) => f.path === 'tts/coins/gold.png')!;
    const { data, info } = await sharp(gold.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect([alpha(0, 0), alpha(info.width - 6, 6), alpha(Math.floor(info.width / 2), Math.floor(info.height / 2))]).toEqual([0, 0, 255]);
  });
});
