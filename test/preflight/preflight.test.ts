import { copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { preflight } from '../../src/preflight/preflight.js';
import type { ShopName } from '../../src/shared/shops/index.js';
import { runCli, tempDir } from '../helpers.js';
import { buildShops, requireGhostscript } from '../export/shops-helpers.js';

/** Codes and severities found, sorted. */
async function codes(target: string, shop?: ShopName): Promise<string[]> {
  const result = await preflight({ target, shop });
  return result.diagnostics.map((d) => `${d.severity} ${d.code}`).sort();
}

/** A copy of one shop folder of the export, to break on purpose. */
function copyShop(shops: string, shop: ShopName): string {
  const dir = path.join(tempDir('pocketpress-preflight-'), shop);
  cpSync(path.join(shops, shop), dir, { recursive: true });
  return dir;
}

/** A one-page PDF at DriveThruCards' poker size (2.75 × 3.75 in), drawn by `draw`. */
async function foreignPdf(draw: (doc: PDFDocument, page: ReturnType<PDFDocument['addPage']>) => Promise<void>): Promise<string> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([198, 270]);
  page.setTrimBox(9, 9, 180, 252);
  page.setBleedBox(0, 0, 198, 270);
  await draw(doc, page);
  const file = path.join(tempDir('pocketpress-foreign-'), 'deck.pdf');
  writeFileSync(file, await doc.save());
  return file;
}

describe('preflight', () => {
  let out: string;
  let shops: string;
  beforeAll(async () => {
    requireGhostscript();
    const built = await buildShops();
    expect(built.code).toBe(0);
    out = built.out;
    shops = built.shops;
  }, 120_000);

  it('passes our own exports for all four shops', async () => {
    for (const shop of ['thegamecrafter', 'makeplayingcards', 'drivethrucards', 'printplaygames'] as const) {
      const result = await preflight({ target: path.join(shops, shop) });
      expect([result.shop, result.diagnostics]).toEqual([shop, []]);
    }
    const cli = await runCli(['preflight', path.join(shops, 'drivethrucards')]);
    expect([cli.code, cli.stdout]).toEqual([0, 'no problems in 1 file for drivethrucards\n']);
  });

  it('pixel size: an image of the wrong size', async () => {
    const dir = copyShop(shops, 'thegamecrafter');
    const file = path.join(dir, 'cards/002-oil-front.png');
    writeFileSync(file, await sharp(readFileSync(file)).resize(800, 1100, { fit: 'fill' }).png().toBuffer());
    const result = await preflight({ target: dir });
    expect(result.diagnostics.map((d) => [path.basename(d.file), d.code, d.message])).toEqual([
      ['002-oil-front.png', 'shop-pixel-size', expect.stringContaining('800 × 1100 px: The Game Crafter takes 825 × 1125 (Poker Deck)')],
    ]);
  });

  it('dpi: an image that says 72 dpi', async () => {
    const dir = copyShop(shops, 'thegamecrafter');
    const file = path.join(dir, 'cards/back.png');
    writeFileSync(file, await sharp(readFileSync(file)).withMetadata({ density: 72 }).png().toBuffer());
    expect(await codes(dir)).toEqual(['warning shop-dpi']);
  });

  it('bleed: a white frame over the bleed of art that reaches the cut', async () => {
    const dir = copyShop(shops, 'thegamecrafter');
    const file = path.join(dir, 'cards/back.png');
    const frame = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="825" height="1125"><rect x="12" y="12" width="801" height="1101" fill="none" stroke="#fff" stroke-width="24"/></svg>`);
    writeFileSync(file, await sharp(readFileSync(file)).composite([{ input: frame }]).png().toBuffer());
    const result = await preflight({ target: dir });
    expect(result.diagnostics.map((d) => [path.basename(d.file), d.code, d.message])).toEqual([
      ['back.png', 'shop-no-bleed', expect.stringContaining('no bleed on the top, bottom, left, right sides')],
    ]);
  });

  it('safe zone: a text past the cut is an error, one in the margin inside it a warning; foreign files get a note', async () => {
    const dir = copyShop(shops, 'thegamecrafter');
    const orderFile = path.join(dir, 'order.json');
    const order = JSON.parse(readFileSync(orderFile, 'utf8'));
    const oil = order.files.find((f: { path: string }) => f.path === 'cards/002-oil-front.png');
    const wick = order.files.find((f: { path: string }) => f.path === 'cards/001-wick-front.png');
    oil.texts.push({ x: 20, y: 500, width: 100, height: 20 });
    wick.texts.push({ x: 50, y: 500, width: 100, height: 20 });
    writeFileSync(orderFile, JSON.stringify(order));
    const result = await preflight({ target: dir });
    expect(result.diagnostics.map((d) => [d.severity, path.basename(d.file), d.code])).toEqual([
      ['warning', '001-wick-front.png', 'shop-safe-zone'],
      ['error', '002-oil-front.png', 'shop-text-outside-trim'],
    ]);
    const foreign = path.join(tempDir('pocketpress-foreign-'), 'face.png');
    copyFileSync(path.join(dir, 'cards/back.png'), foreign);
    const alone = await preflight({ target: foreign, shop: 'thegamecrafter' });
    expect([alone.diagnostics, alone.notes]).toEqual([[], ['text inside the safe zone: not checked, the files are not a pocketpress export (no order.json)']]);
  });

  it('MakePlayingCards: two identical images', async () => {
    const dir = copyShop(shops, 'makeplayingcards');
    copyFileSync(path.join(dir, 'cards/fronts/0000-wick.png'), path.join(dir, 'cards/fronts/0001-wick.png'));
    const result = await preflight({ target: dir });
    expect(result.diagnostics.map((d) => [path.basename(d.file), d.code, d.message])).toEqual([
      ['0001-wick.png', 'shop-duplicate-image', expect.stringContaining('the same image as cards/fronts/0000-wick.png')],
    ]);
  });

  it('page order: a front before its back, and an odd number of pages', async () => {
    const dir = copyShop(shops, 'drivethrucards');
    const file = path.join(dir, 'cards.pdf');
    const doc = await PDFDocument.load(readFileSync(file), { updateMetadata: false });
    const [first] = await doc.copyPages(doc, [0]);
    doc.removePage(0);
    doc.insertPage(1, first!);
    writeFileSync(file, await doc.save({ useObjectStreams: false }));
    const result = await preflight({ target: dir });
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([['shop-page-order', 'page 1 is the front of "wick"; DriveThruCards wants each card\'s back, then its front (page 1 a back, page 2 its front…)']]);
    doc.removePage(7);
    writeFileSync(file, await doc.save({ useObjectStreams: false }));
    expect(await codes(dir)).toEqual(['error shop-page-order', 'error shop-page-order']);
  });

  it('DriveThruCards: RGB, transparency, total ink, no PDF/X and no output intent in the generic print-shop PDF', async () => {
    const generic = path.join(out, 'full-game/en/print-shop/cards.pdf');
    const result = await preflight({ target: generic, shop: 'drivethrucards' });
    expect(result.diagnostics.map((d) => d.code).sort()).toEqual(['shop-ink', 'shop-no-output-intent', 'shop-not-pdfx', 'shop-rgb', 'shop-transparency']);
    const ink = result.diagnostics.find((d) => d.code === 'shop-ink')!;
    expect(Number(/^([\d.]+) %/.exec(ink.message)![1])).toBeGreaterThan(240);
  });

  it('one rule each in a PDF made elsewhere: RGB, transparency, fonts not embedded, images under 300 dpi', async () => {
    const x1a = ['error shop-no-output-intent', 'error shop-not-pdfx'];
    const rgbOnly = await foreignPdf(async (_doc, page) => void page.drawRectangle({ x: 0, y: 0, width: 198, height: 270, color: rgb(1, 0, 0) }));
    expect(await codes(rgbOnly, 'drivethrucards')).toEqual([...x1a, 'error shop-page-order', 'error shop-rgb'].sort());
    const see = await foreignPdf(async (_doc, page) => void page.drawRectangle({ x: 0, y: 0, width: 198, height: 270, color: rgb(0, 0, 0), opacity: 0.5 }));
    expect(await codes(see, 'drivethrucards')).toEqual([...x1a, 'error shop-page-order', 'error shop-rgb', 'error shop-transparency'].sort());
    const font = await foreignPdf(async (doc, page) => void page.drawText('Hello', { x: 50, y: 100, font: await doc.embedFont(StandardFonts.Helvetica) }));
    expect(await codes(font, 'drivethrucards')).toContain('error shop-font-not-embedded');
    const lowRes = await foreignPdf(async (doc, page) => {
      const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#336699' } }).png().toBuffer();
      page.drawImage(await doc.embedPng(png), { x: 0, y: 0, width: 198, height: 270 });
    });
    const found = await preflight({ target: lowRes, shop: 'drivethrucards' });
    expect(found.diagnostics.find((d) => d.code === 'shop-low-resolution')?.message).toBe('page 1 has an image at 27 dpi; DriveThruCards wants 300');
    expect(found.notes).toContain('page order: only the page count checked, the file is not a pocketpress export');
  });

  it('the CLI: exit 1 on errors, GitHub annotations, and a shop to name when nothing tells it', async () => {
    const generic = path.join(out, 'full-game/en/print-shop/cards.pdf');
    const cli = await runCli(['preflight', generic, '--shop', 'drivethrucards', '--format', 'github']);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toMatch(/^::error file=.*cards\.pdf,line=1,col=1,endLine=1,endColumn=1,title=shop-not-pdfx::the PDF is not PDF\/X/m);
    const unnamed = await runCli(['preflight', generic]);
    expect([unnamed.code, unnamed.stderr]).toEqual([2, 'pocketpress: say which shop these files are for: --shop thegamecrafter|makeplayingcards|drivethrucards|printplaygames\n']);
    const bad = await runCli(['preflight', generic, '--shop', 'kinkos']);
    expect(bad.code).toBe(2);
  });
});
