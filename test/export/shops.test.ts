import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { NAMED_SIZES } from '../../src/content/sizes.js';
import { matchProduct, SHOPS } from '../../src/shared/shops/index.js';
import { buildShops, ghostscriptMaxInk, requireGhostscript } from './shops-helpers.js';

const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)).map((f) => `${e.name}/${f}`) : [e.name]))
    .sort();

describe('shop products and named sizes', () => {
  it('maps each component size to the product of each shop, or names the closest', () => {
    expect(matchProduct(SHOPS.thegamecrafter, 63, 88)).toMatchObject({ product: { id: 'poker', px: { width: 825, height: 1125 } }, turned: false });
    expect(matchProduct(SHOPS.makeplayingcards, 63, 88)).toMatchObject({ product: { id: 'poker', px: { width: 816, height: 1110 } } });
    expect(matchProduct(SHOPS.makeplayingcards, 63.5, 88.9)).toMatchObject({ product: { id: 'poker-us', px: { width: 822, height: 1122 } } });
    expect(matchProduct(SHOPS.thegamecrafter, 70, 120)).toMatchObject({ product: { id: 'tarot', px: { width: 900, height: 1500 } } });
    expect(matchProduct(SHOPS.thegamecrafter, 88, 63)).toMatchObject({ product: { id: 'poker' }, turned: true });
    expect(matchProduct(SHOPS.thegamecrafter, 16, 16)).toMatchObject({ closest: { id: 'micro' } });
    expect(matchProduct(SHOPS.drivethrucards, 70, 120)).toMatchObject({ closest: { id: 'poker' } });
  });

  it('offers every shop product as a named size', () => {
    expect(NAMED_SIZES['tgc-poker']).toEqual({ width: 63.5, height: 88.9 });
    expect(NAMED_SIZES['mpc-poker']).toEqual({ width: 63, height: 88 });
    expect(NAMED_SIZES['tgc-tarot']).toEqual({ width: 69.85, height: 120.65 });
    expect(NAMED_SIZES['dtc-poker']).toEqual({ width: 63.5, height: 88.9 });
    expect(NAMED_SIZES['poker']).toEqual({ width: 63, height: 88 });
  });
});

describe('build --shop for the four shops', () => {
  let shops: string;
  let stdout: string;
  beforeAll(async () => {
    requireGhostscript();
    const built = await buildShops();
    expect(built.code).toBe(0);
    shops = built.shops;
    stdout = built.stdout;
  }, 120_000);

  it('warns of a set no shop sells, naming the closest size', () => {
    expect(stdout).toContain('tiles.yaml:4:7  warning  shop-size-unsold  The Game Crafter makes no component of 40 × 34.64 mm; the closest it sells is its Micro Deck (31.75 × 44.45 mm, size "tgc-micro")');
    expect(stdout.match(/shop-size-unsold/g)).toHaveLength(4);
  });

  it('The Game Crafter: one PNG per face at 825 × 1125 px, fronts and backs paired by name, quantities in the order', async () => {
    const dir = path.join(shops, 'thegamecrafter');
    expect(files(dir)).toEqual(['README.txt', 'cards/001-wick-front.png', 'cards/002-oil-front.png', 'cards/back.png', 'order.json']);
    for (const f of ['cards/001-wick-front.png', 'cards/002-oil-front.png', 'cards/back.png']) {
      const meta = await sharp(path.join(dir, f)).metadata();
      expect([meta.width, meta.height, meta.density, meta.channels], f).toEqual([825, 1125, 300, 3]);
    }
    const order = JSON.parse(readFileSync(path.join(dir, 'order.json'), 'utf8'));
    expect(order.sets).toEqual([expect.objectContaining({ set: 'cards', product: 'tgc-poker', productName: 'Poker Deck', cards: 4, items: [{ id: 'wick', count: 3 }, { id: 'oil', count: 1 }] })]);
    expect(order.files.map((f: { path: string; copies: number; side: string }) => [f.path, f.side, f.copies])).toEqual([
      ['cards/back.png', 'back', 4],
      ['cards/001-wick-front.png', 'front', 3],
      ['cards/002-oil-front.png', 'front', 1],
    ]);
    const readme = readFileSync(path.join(dir, 'README.txt'), 'utf8');
    expect(readme).toContain('cards (Lantern cards): The Game Crafter Poker Deck, 63.5 x 88.9 mm, 825 x 1125 px with bleed, 4 cards');
    expect(readme).toContain('    3 x wick');
    expect(readme).toContain('tiles: 40 x 34.64 mm (closest: tgc-micro)');
  });

  it('MakePlayingCards: a distinct file per copy, at 822 × 1122 px, and an order XML with local paths', async () => {
    const dir = path.join(shops, 'makeplayingcards');
    const images = files(dir).filter((f) => f.endsWith('.png'));
    expect(images).toEqual(['cards/cardback.png', 'cards/fronts/0000-wick.png', 'cards/fronts/0001-wick.png', 'cards/fronts/0002-wick.png', 'cards/fronts/0003-oil.png']);
    const hashes = images.map((f) => sha(readFileSync(path.join(dir, f))));
    expect(new Set(hashes).size).toBe(images.length);
    // The three copies of "wick" differ in one pixel of the bleed only.
    const raws = await Promise.all(['0000', '0001'].map((n) => sharp(path.join(dir, `cards/fronts/${n}-wick.png`)).raw().toBuffer()));
    let differing = 0;
    for (let i = 0; i < raws[0]!.length; i += 3) if (raws[0]![i] !== raws[1]![i] || raws[0]![i + 1] !== raws[1]![i + 1] || raws[0]![i + 2] !== raws[1]![i + 2]) differing++;
    expect(differing).toBe(1);
    for (const f of images) expect((await sharp(path.join(dir, f)).metadata()).width, f).toBe(822);
    const xml = readFileSync(path.join(dir, 'cards/order.xml'), 'utf8');
    expect(xml).toMatch(/<quantity>4<\/quantity>\s*<bracket>18<\/bracket>/);
    const ids = [...xml.matchAll(/<card>\s*<id>([^<]+)<\/id>\s*<slots>(\d+)<\/slots>/g)].map((m) => [m[1], m[2]]);
    expect(ids).toEqual([0, 1, 2, 3].map((n) => [path.join(dir, `cards/fronts/${images[n + 1]!.split('/').pop()}`), String(n)]));
    for (const [id] of ids) expect(readFileSync(id!).length).toBeGreaterThan(1000);
    expect(xml).toContain(`<cardback>${path.join(dir, 'cards/cardback.png')}</cardback>`);
  });

  it('DriveThruCards: a PDF/X-1a of CMYK pages, back then front, trim and bleed boxes, ink within 240 %', async () => {
    const file = path.join(shops, 'drivethrucards', 'cards.pdf');
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const info = doc.context.lookup(doc.context.trailerInfo.Info) as PDFDict;
    expect((info.lookup(PDFName.of('GTS_PDFXVersion')) as PDFString).decodeText()).toBe('PDF/X-1a:2003');
    expect(info.lookup(PDFName.of('Trapped'))).toEqual(PDFName.of('False'));
    const intent = (doc.catalog.lookup(PDFName.of('OutputIntents')) as PDFArray).lookup(0) as PDFDict;
    expect(intent.lookup(PDFName.of('S'))).toEqual(PDFName.of('GTS_PDFX'));
    // The output intent embeds the CMYK ICC profile itself: four components, and the profile's 'acsp' signature at byte 36.
    const profile = intent.lookup(PDFName.of('DestOutputProfile')) as PDFRawStream;
    expect(profile.dict.lookup(PDFName.of('N'), PDFNumber).asNumber()).toBe(4);
    const icc = Buffer.from(decodePDFRawStream(profile).decode());
    expect(icc.subarray(36, 40).toString('latin1')).toBe('acsp');
    expect(icc.subarray(16, 20).toString('latin1')).toBe('CMYK');
    const order = JSON.parse(readFileSync(path.join(shops, 'drivethrucards', 'order.json'), 'utf8'));
    const faceOf = new Map<string, string>(order.files[0].pages.map((p: { sha256: string; item: string; side: string }) => [p.sha256, `${p.side} ${p.item}`]));
    const pages = doc.getPages();
    const seen: string[] = [];
    for (const page of pages) {
      const box = (name: string) => (page.node.lookup(PDFName.of(name)) as PDFArray).asArray().map((n) => (n as PDFNumber).asNumber());
      expect(box('MediaBox')).toEqual([0, 0, 198, 270]);
      expect(box('BleedBox')).toEqual([0, 0, 198, 270]);
      expect(box('TrimBox')).toEqual([9, 9, 189, 261]);
      expect(page.node.get(PDFName.of('Group'))).toBeUndefined();
      const xobjects = page.node.Resources()!.lookup(PDFName.of('XObject')) as PDFDict;
      const images = xobjects.entries().map(([, ref]) => doc.context.lookup(ref) as PDFRawStream);
      expect(images).toHaveLength(1);
      const image = images[0]!;
      expect([image.dict.lookup(PDFName.of('ColorSpace')), image.dict.get(PDFName.of('SMask'))]).toEqual([PDFName.of('DeviceCMYK'), undefined]);
      expect([(image.dict.lookup(PDFName.of('Width')) as PDFNumber).asNumber(), (image.dict.lookup(PDFName.of('Height')) as PDFNumber).asNumber()]).toEqual([825, 1125]);
      seen.push(faceOf.get(sha(decodePDFRawStream(image).decode()))!);
    }
    // The back is shared: its one image stands on every odd page.
    expect(seen.map((s) => (s.startsWith('back') ? 'back' : s))).toEqual(['back', 'front wick', 'back', 'front wick', 'back', 'front wick', 'back', 'front oil']);
    const ink = ghostscriptMaxInk(file);
    expect(ink).toBeLessThanOrEqual(240);
    // The back is near-black: without the limit it would take about 295 %.
    expect(ink).toBeGreaterThan(235);
    expect(order.colour).toEqual({ profile: 'default_cmyk.icc', outputCondition: 'CGATS TR 001', maxInk: expect.any(Number), limit: 240 });
    expect(order.colour.maxInk).toBeLessThanOrEqual(240);
  });

  it('Print & Play Games: 12 × 18 in sheets, cards turned in a 3 × 6 grid, backs mirrored on their own page', async () => {
    const dir = path.join(shops, 'printplaygames');
    expect(files(dir)).toEqual(['README.txt', 'cards-1-back.png', 'cards-1-front.png', 'order.json']);
    const read = async (f: string) => {
      const { data, info } = await sharp(path.join(dir, f)).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([3600, 5400]);
      return (xIn: number, yIn: number) => {
        const i = (Math.round(yIn * 300) * info.width + Math.round(xIn * 300)) * info.channels;
        return [data[i]!, data[i + 1]!, data[i + 2]!];
      };
    };
    const front = await read('cards-1-front.png');
    const back = await read('cards-1-back.png');
    // Six rows of 2.7 in (a turned poker card and 0.1 in of bleed each side) centred on 18 in: row centres at 2.25 + 2.7 r in.
    const white = [255, 255, 255];
    expect(front(2.3, 2.25)).not.toEqual(white);
    expect(front(2.3, 4.95)).not.toEqual(white);
    expect(front(6.0, 4.95)).toEqual(white);
    // Off the back's light emblem, in its dark field.
    expect(Math.max(...back(8.5, 4.95))).toBeLessThan(60);
    expect(back(1.1, 4.95)).toEqual(white);
    // A card's cell: 3.7 in wide around x = 2.3 in, so paper shows left of 0.45 in.
    expect(front(0.4, 2.25)).toEqual(white);
    expect(front(0.5, 2.25)).not.toEqual(white);
    // The fixture's back is dark: its pixels are, mirrored, where the fronts are.
    expect(Math.max(...back(0.8, 2.25))).toBeLessThan(60);
    expect(Math.max(...back(11.2, 2.25))).toBeLessThan(60);
  });
});
