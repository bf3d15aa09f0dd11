import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DisplayList, RectItem } from '../../src/shared/display-list.js';
import { renderPng, type RenderedPng } from '../../src/render/png/render-png.js';
import { countDifferentPixels, decodePng, pixelAt, referencePng } from './pixels.js';
import { FONT_PATH, mm, sampleCard } from './sample-list.js';
import { openFont } from '../../src/shared/fonts.js';

/** Differences allowed against the reference; a rect moved by 2 px gives several hundred. */
const TOLERANCE = 40;

const withRedRect = (list: DisplayList, change: (rect: RectItem) => void): DisplayList => {
  const copy = structuredClone(list);
  const rect = copy.items.find((i): i is RectItem => i.type === 'rect' && i.fill === '#c0392b')!;
  change(rect);
  return copy;
};

describe('renderPng', () => {
  let card300: RenderedPng;
  beforeAll(async () => {
    card300 = await renderPng(sampleCard(), { dpi: 300 });
  });

  it.each([
    [3, 300, 815, 1110],
    [0, 300, 744, 1039],
    [3, 150, 407, 555],
    [0, 150, 372, 520],
    [3, 72, 196, 266],
  ])('sizes a poker card with %d mm bleed at %d dpi as %d × %d px, with that density', async (bleed, dpi, width, height) => {
    const { png, widthPx, heightPx } = bleed === 3 && dpi === 300 ? card300 : await renderPng(sampleCard(bleed), { dpi });
    expect([widthPx, heightPx]).toEqual([width, height]);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height, meta.density]).toEqual(['png', width, height, dpi]);
  });

  it('is RGB over an opaque background and RGBA, transparent, without one', async () => {
    expect((await sharp(card300.png).metadata()).channels).toBe(3);
    const bare: DisplayList = { width: 40, height: 40, bleed: 0, fonts: {}, items: [{ type: 'rect', x: 10, y: 10, width: 20, height: 20, fill: '#000000' }] };
    const { png } = await renderPng(bare, { dpi: 72 });
    const meta = await sharp(png).metadata();
    expect([meta.channels, meta.hasAlpha]).toEqual([4, true]);
    const pixels = decodePng(png);
    expect(pixelAt(pixels, { x: 2, y: 2 }, { bleed: 0, dpi: 72 })[3]).toBe(0);
    expect(pixelAt(pixels, { x: 20, y: 20 }, { bleed: 0, dpi: 72 })).toEqual([0, 0, 0, 255]);
  });

  it('over an opaque background holds the very pixels Skia drew, and without one their colours unpremultiplied', async () => {
    const { renderRaster } = await import('../../src/render/raster/render-raster.js');
    const list = sampleCard();
    const drawn = await renderRaster(list, { widthPx: 815, heightPx: 1110 });
    const { data } = await sharp(card300.png).raw().toBuffer({ resolveWithObject: true });
    let differing = 0;
    for (let p = 0; p < 815 * 1110; p++) {
      if (drawn.data[p * 4 + 3] !== 255) throw new Error(`pixel ${p} is not opaque`);
      if (data[p * 3] !== drawn.data[p * 4] || data[p * 3 + 1] !== drawn.data[p * 4 + 1] || data[p * 3 + 2] !== drawn.data[p * 4 + 2]) differing++;
    }
    expect(differing).toBe(0);
    // A half-transparent red square on nothing: stored as red at alpha 128, not as the premultiplied dark red.
    const bare: DisplayList = { width: 20, height: 20, bleed: 0, fonts: {}, items: [{ type: 'rect', x: 0, y: 0, width: 20, height: 20, fill: '#ff0000', opacity: 0.5 } as RectItem] };
    const pixels = decodePng((await renderPng(bare, { dpi: 72 })).png);
    const [r, g, b, a] = pixelAt(pixels, { x: 10, y: 10 }, { bleed: 0, dpi: 72 });
    expect([r, g, b]).toEqual([255, 0, 0]);
    expect(Math.abs(a! - 128)).toBeLessThanOrEqual(1);
  });

  it('gives the same bytes twice, whatever was drawn in between (images drawn at other sizes included)', async () => {
    for (const [bleed, dpi] of [[0, 300], [3, 150], [3, 72]] as const) await renderPng(sampleCard(bleed), { dpi });
    const again = await renderPng(sampleCard(), { dpi: 300 });
    expect(again.png.equals(card300.png)).toBe(true);
  });

  it('fills a rect with its colour and the bleed with the background', () => {
    const pixels = decodePng(card300.png);
    const view = { bleed: mm(3), dpi: 300 };
    expect(pixelAt(pixels, { x: 40, y: 35 }, view).slice(0, 3)).toEqual([0xc0, 0x39, 0x2b]);
    expect(pixelAt(pixels, { x: -mm(2.5), y: -mm(2.5) }, view).slice(0, 3)).toEqual([0xfb, 0xf6, 0xec]);
  });

  it('draws glyph outlines: ink inside the stem of the É of the large text, none beside it', () => {
    const pixels = decodePng(card300.png);
    const view = { bleed: mm(3), dpi: 300 };
    // "Épée", 40 pt at x 18, baseline 165; the font has 1000 units per em.
    expect(openFont(FONT_PATH).unitsPerEm).toBe(1000);
    const at = (ux: number, uy: number) => pixelAt(pixels, { x: 18 + ux * 0.04, y: 165 - uy * 0.04 }, view).slice(0, 3);
    expect(at(130, 250)).toEqual([0x1b, 0x1b, 0x1b]);
    expect(at(130, 600)).toEqual([0x1b, 0x1b, 0x1b]);
    expect(at(300, 200)).toEqual([0xfb, 0xf6, 0xec]);
    expect(at(40, 250)).toEqual([0xfb, 0xf6, 0xec]);
  });

  describe('against the stored reference (test/render/fixtures/sample-card-100dpi.png)', () => {
    const DPI = 100;
    it('matches within a small tolerance', async () => {
      const { png } = await renderPng(sampleCard(), { dpi: DPI });
      const reference = referencePng('sample-card-100dpi.png', png);
      expect(countDifferentPixels(decodePng(png), reference)).toBeLessThanOrEqual(TOLERANCE);
    });

    it('fails when a rect moves by 2 px', async () => {
      const moved = withRedRect(sampleCard(), (rect) => void (rect.x += (2 / DPI) * 72));
      const { png } = await renderPng(moved, { dpi: DPI });
      const reference = referencePng('sample-card-100dpi.png', (await renderPng(sampleCard(), { dpi: DPI })).png);
      expect(countDifferentPixels(decodePng(png), reference)).toBeGreaterThan(TOLERANCE);
    });
  });
});
