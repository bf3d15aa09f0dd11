import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OutputFile } from '../../src/shared/output-file.js';
import { FIXTURES, tempDir } from '../helpers.js';
import { prepareExport, writeFiles, writeManyCardsGame, type Prepared } from './helpers.js';
import { savedObjects, type SavedObject, ttsFiles } from './tts-helpers.js';

const urlsOf = (o: SavedObject): string[] => [
  ...Object.values(o.CustomDeck ?? {}).flatMap((d) => [d.FaceURL, d.BackURL]),
  ...[o.CustomImage?.ImageURL, o.CustomImage?.ImageSecondaryURL].filter((u): u is string => Boolean(u)),
  ...(o.ContainedObjects ?? []).flatMap(urlsOf),
];

describe('the Tabletop Simulator saved object of a game with a deck, one lone card and tokens', () => {
  const root = tempDir();
  const out = path.join(root, 'many', 'en');
  let prepared: Prepared;
  let files: OutputFile[];
  let objects: SavedObject[];
  beforeAll(async () => {
    prepared = await prepareExport(writeManyCardsGame(), 'en');
    files = await ttsFiles(prepared.input, { outDir: root });
    writeFiles(out, files);
    objects = savedObjects(files);
  }, 120_000);

  it('is tts/<game-id>.json with one object per deck, lone card and token copy', () => {
    expect(files.at(-1)!.path).toBe('tts/many.json');
    expect(files.at(-1)!.entry).toMatchObject({ kind: 'tts-json', objects: 8 });
    expect(objects.map((o) => o.Name)).toEqual(['DeckCustom', 'Card', ...Array(5).fill('Custom_Token'), 'Custom_Tile']);
  });

  it('makes the deck a DeckCustom as PRINT.md says: one Card per copy, DeckIDs, CustomDeck', () => {
    const deck = objects[0]!;
    const cards = deck.ContainedObjects!;
    expect(cards).toHaveLength(78);
    expect(cards.every((c) => c.Name === 'Card')).toBe(true);
    expect(deck.DeckIDs).toEqual(cards.map((c) => c.CardID));
    expect(cards.filter((c) => c.GMNotes.startsWith('c1#')).map((c) => [c.GMNotes, c.CardID])).toEqual([['c1#1', 100], ['c1#2', 100]]);
    expect(cards.find((c) => c.GMNotes === 'c70#1')!.CardID).toBe(169);
    expect(cards.find((c) => c.GMNotes === 'c71#1')!.CardID).toBe(200);
    expect(cards.find((c) => c.GMNotes === 'c75#1')!.CardID).toBe(204);
    for (const entry of Object.values(deck.CustomDeck!)) {
      expect(entry).toMatchObject({ BackIsHidden: true, UniqueBack: true, Type: 0 });
      expect(Object.keys(entry).sort()).toEqual(['BackIsHidden', 'BackURL', 'FaceURL', 'NumHeight', 'NumWidth', 'Type', 'UniqueBack']);
    }
    for (const card of cards) expect(Object.keys(card.CustomDeck!)).toEqual([String(Math.floor(card.CardID! / 100))]);
    expect(deck.Transform.rotZ).toBe(180);
    expect(cards[0]!.Nickname).toBe('Card 1');
  });

  it('makes a set of one card a Card, not a deck, with its own sheet', () => {
    const card = objects[1]!;
    expect(card).toMatchObject({ Name: 'Card', CardID: 300, Nickname: 'Alone', GMNotes: 'alone#1' });
    expect(card.CustomDeck!['3']).toMatchObject({ NumWidth: 1, NumHeight: 1, UniqueBack: false, BackIsHidden: true, Type: 0 });
    expect(path.basename(card.CustomDeck!['3']!.BackURL)).toBe('solo-back.png');
  });

  it('makes one Custom_Token per copy of a token', () => {
    const tokens = objects.slice(2, 7);
    expect(tokens.map((t) => t.GMNotes)).toEqual(['gold#1', 'gold#2', 'gold#3', 'silver#1', 'silver#2']);
    expect(tokens.map((t) => path.basename(t.CustomImage!.ImageURL))).toEqual(['gold.png', 'gold.png', 'gold.png', 'silver.png', 'silver.png']);
    expect(tokens[0]!.CustomImage!.CustomToken).toMatchObject({ Thickness: expect.any(Number), MergeDistancePixels: expect.any(Number), Stackable: true });
  });

  it('makes a token with a back a Custom_Tile of its shape, so the back is kept', () => {
    const chip = objects[7]!;
    expect(chip).toMatchObject({ Name: 'Custom_Tile', GMNotes: 'hidden#1' });
    expect(chip.CustomImage!.CustomTile!.Type).toBe(1);
    expect([path.basename(chip.CustomImage!.ImageURL), path.basename(chip.CustomImage!.ImageSecondaryURL)]).toEqual(['hidden.png', 'hidden.back.png']);
  });

  it('points every image URL at a file:/// path of a file it wrote', () => {
    const urls = objects.flatMap(urlsOf);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url.startsWith('file:///')).toBe(true);
      expect(existsSync(fileURLToPath(url)), url).toBe(true);
      expect(fileURLToPath(url).startsWith(out + path.sep)).toBe(true);
    }
  });

  it('gives every object its own GUID and its own place on the table', () => {
    const guids = objects.flatMap((o) => [o.GUID, ...(o.ContainedObjects ?? []).map((c) => c.GUID)]);
    expect(new Set(guids).size).toBe(guids.length);
    for (const g of guids) expect(g).toMatch(/^[0-9a-f]{6}$/);
    const sizeMm = (o: SavedObject) => (o.Name.startsWith('Custom_') ? [20, 20] : o.Name === 'Card' ? [44, 68] : [63, 88]);
    const boxes = objects.map((o) => {
      const [w, d] = sizeMm(o).map((mm) => mm / 25.4);
      return { x0: o.Transform.posX - w! / 2, x1: o.Transform.posX + w! / 2, z0: o.Transform.posZ - d! / 2, z1: o.Transform.posZ + d! / 2 };
    });
    boxes.forEach((a, i) =>
      boxes.slice(i + 1).forEach((b, j) => {
        const overlap = a.x0 < b.x1 && b.x0 < a.x1 && a.z0 < b.z1 && b.z0 < a.z1;
        expect(overlap, `${objects[i]!.GMNotes} and ${objects[i + 1 + j]!.GMNotes}`).toBe(false);
      }),
    );
  });

  it('writes the same bytes twice', async () => {
    const again = await ttsFiles(prepared.input, { outDir: root });
    expect(again.map((f) => f.path)).toEqual(files.map((f) => f.path));
    again.forEach((f, i) => expect(f.bytes.equals(files[i]!.bytes), f.path).toBe(true));
  }, 60_000);
});

describe('the Tabletop Simulator export of full-game with a base URL', () => {
  let objects: SavedObject[];
  beforeAll(async () => {
    const prepared = await prepareExport(path.join(FIXTURES, 'valid', 'full-game'), 'fr');
    objects = savedObjects(await ttsFiles(prepared.input, { outDir: '/nowhere', ttsBaseUrl: 'https://example.org/pnp/' }));
  }, 60_000);

  it('makes hex tiles Custom_Tile of Type 1, one per copy, with their image', () => {
    const tiles = objects.filter((o) => o.Name === 'Custom_Tile');
    expect(tiles.map((t) => [t.GMNotes, t.CustomImage!.CustomTile!.Type])).toEqual([['crossing#1', 1], ['crossing#2', 1], ['corner#1', 1]]);
    expect(tiles[2]!.CustomImage!.ImageURL).toBe('https://example.org/pnp/full-game/fr/tts/tiles/corner.png');
  });

  it('gives the deck the shared back and URLs under the base URL', () => {
    const deck = objects.find((o) => o.Name === 'DeckCustom')!;
    expect(deck.Nickname).toBe('Cartes lanterne');
    expect(deck.CustomDeck).toEqual({
      '1': { FaceURL: 'https://example.org/pnp/full-game/fr/tts/cards-1.png', BackURL: 'https://example.org/pnp/full-game/fr/tts/cards-back.png', NumWidth: 2, NumHeight: 1, BackIsHidden: true, UniqueBack: false, Type: 0 },
    });
    expect(deck.DeckIDs).toEqual([100, 100, 100, 101]);
    expect(deck.ContainedObjects!.map((c) => c.Nickname)).toEqual(['Mèche', 'Mèche', 'Mèche', 'Huile']);
  });
});
