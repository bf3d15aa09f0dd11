import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportShops } from '../../src/export/index.js';
import type { OutputFile } from '../../src/shared/output-file.js';
import type { LayoutProblem } from '../../src/shared/problem.js';
import { readPdfFacts } from '../../src/preflight/pdf-facts.js';
import { collectFiles, tempDir } from '../helpers.js';
import { BACK, FACE, item, prepareExport, setYaml } from './helpers.js';
import { requireGhostscript } from './shops-helpers.js';

/** A landscape deck in MakePlayingCards' own size, without bleed, each card with its own back. */
function writeLandscapeGame(): string {
  const dir = tempDir('pocketpress-landscape-');
  const files: Record<string, string> = {
    'game.yaml': `id: wide\ntitle: {en: Wide}\nlanguages: [en]\nplayers: {min: 1, max: 2}\nplayTime: {min: 5, max: 10}\nsets: [sets/deck.yaml]\n`,
    'templates/face.yaml': FACE,
    'templates/back.yaml': BACK,
    'sets/deck.yaml': setYaml('deck', 'cards', 'size: mpc-poker\norientation: landscape\nbleed: 0\nfront: face\nback: back', [item('red', 'Red', '#cc2222', 2), item('blue', 'Blue', '#2244cc')]),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('shops for a landscape deck without bleed, each card with its own back', () => {
  let files: OutputFile[];
  const problems: LayoutProblem[] = [];
  beforeAll(async () => {
    requireGhostscript();
    const prepared = await prepareExport(writeLandscapeGame(), 'en', { dpi: 150 });
    files = [];
    await exportShops(prepared.input, { outDir: '/out', shops: ['makeplayingcards', 'drivethrucards'], creationDate: new Date(0) }, (p) => problems.push(p), collectFiles(files));
  }, 120_000);

  it('warns that the bleed is short, for each shop', () => {
    expect(problems.map((p) => [p.code, p.pointer, p.message])).toEqual([
      ['shop-bleed-short', '/bleed', 'the set "deck" has 0 mm of bleed; MakePlayingCards wants 3 mm: its edges are repeated to fill it (give the set "bleed: 3mm")'],
      ['shop-bleed-short', '/bleed', 'the set "deck" has 0 mm of bleed; DriveThruCards wants 3.175 mm: its edges are repeated to fill it (give the set "bleed: 3mm")'],
    ]);
  });

  it('MakePlayingCards: mpc-poker is its 63 × 88 mm card, turned upright, one distinct front and back per copy', async () => {
    const paths = files.filter((f) => f.entry.kind === 'shop-image').map((f) => f.path);
    expect(paths).toEqual([
      'shops/makeplayingcards/deck/fronts/0000-red.png',
      'shops/makeplayingcards/deck/backs/0000-red.png',
      'shops/makeplayingcards/deck/fronts/0001-red.png',
      'shops/makeplayingcards/deck/backs/0001-red.png',
      'shops/makeplayingcards/deck/fronts/0002-blue.png',
      'shops/makeplayingcards/deck/backs/0002-blue.png',
    ]);
    const images = files.filter((f) => f.entry.kind === 'shop-image');
    expect(new Set(images.map((f) => f.bytes.toString('base64'))).size).toBe(6);
    const front = images[0]!;
    const { data, info } = await sharp(front.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([816, 1110]);
    // The landscape card turned a quarter clockwise: its white name band (60–85 % down) now stands at 15–40 % from the left.
    const at = (x: number, y: number) => [...data.subarray((Math.round(y * info.height) * info.width + Math.round(x * info.width)) * 3, (Math.round(y * info.height) * info.width + Math.round(x * info.width)) * 3 + 3)];
    expect(at(0.27, 0.5)).toEqual([255, 255, 255]);
    expect(at(0.73, 0.5)).toEqual([204, 34, 34]);
    const xml = files.find((f) => f.path.endsWith('order.xml'))!.bytes.toString('utf8');
    expect(xml).toContain('<backs>');
    expect(xml).not.toContain('<cardback>');
  });

  it('DriveThruCards: portrait pages, the faces turned onto them at 300 dpi, each back before its front', async () => {
    const pdf = files.find((f) => f.path === 'shops/drivethrucards/deck.pdf')!;
    const facts = await readPdfFacts(pdf.bytes);
    expect(facts.pages).toHaveLength(6);
    for (const page of facts.pages) {
      expect(page.mediaBox).toEqual([0, 0, 198, 270]);
      expect(page.images.map((i) => [i.colorSpace, i.width, i.height, Math.round(i.ppi!)])).toEqual([['DeviceCMYK', 825, 1125, 300]]);
    }
    const order = JSON.parse(files.find((f) => f.path === 'shops/drivethrucards/order.json')!.bytes.toString('utf8'));
    expect(order.files[0].pages.map((p: { item: string; side: string }) => `${p.side} ${p.item}`)).toEqual(['back red', 'front red', 'back red', 'front red', 'back blue', 'front blue']);
    expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBe(6);
  });
});
