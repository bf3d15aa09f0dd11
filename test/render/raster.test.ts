import { Path2D } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { DisplayList, TextItem } from '../../src/shared/display-list.js';
import { glyphRunPath } from '../../src/render/raster/glyph-paths.js';
import { renderRaster } from '../../src/render/raster/render-raster.js';
import { FONT_PATH, sampleCard } from './sample-list.js';
import { expectedControlBox } from './glyph-boxes.js';

const card = sampleCard();
const runs = card.items.filter((i): i is TextItem => i.type === 'text').flatMap((i) => i.runs);

describe('renderRaster', () => {
  it('draws trim + bleed at exactly the pixel size asked for, as premultiplied RGBA', async () => {
    const raster = await renderRaster(card, { widthPx: 815, heightPx: 1110 });
    expect([raster.widthPx, raster.heightPx, raster.data.length]).toEqual([815, 1110, 815 * 1110 * 4]);
    const half: DisplayList = { width: 10, height: 10, bleed: 0, fonts: {}, items: [{ type: 'rect', x: 0, y: 0, width: 10, height: 10, fill: '#c86432', opacity: 0.5 }] };
    const { data } = await renderRaster(half, { widthPx: 4, heightPx: 4 });
    // Half of 255 rounds either way.
    expect([...data.slice(0, 3)]).toEqual([100, 50, 25]);
    expect(data[3]).toBeGreaterThanOrEqual(127);
    expect(data[3]).toBeLessThanOrEqual(128);
  });

  it('draws each picture as on a new canvas, whatever the picture of the same size drawn before it', async () => {
    const size = { widthPx: 815, heightPx: 1110 };
    const first = Buffer.from((await renderRaster(card, size)).data);
    // Opaque ink everywhere, a clip, a translucent layer: everything a canvas drawn on again could keep.
    const other: DisplayList = {
      width: card.width,
      height: card.height,
      bleed: card.bleed,
      fonts: {},
      background: '#000000',
      items: [{ type: 'group', opacity: 0.3, clip: { shape: 'rect', x: 0, y: 0, width: 20, height: 20 }, items: [{ type: 'rect', x: 0, y: 0, width: 100, height: 100, fill: '#ff0000' }] }],
    };
    expect((await renderRaster(other, size)).data.some((v) => v !== 0)).toBe(true);
    expect(Buffer.from((await renderRaster(card, size)).data).equals(first)).toBe(true);
    // Nothing drawn: every pixel transparent, none left from the black picture.
    const empty: DisplayList = { width: card.width, height: card.height, bleed: card.bleed, fonts: {}, items: [] };
    expect((await renderRaster(other, size)).data.length).toBe(815 * 1110 * 4);
    expect((await renderRaster(empty, size)).data.every((v) => v === 0)).toBe(true);
  });

  it('keeps a canvas for the next picture of its size, but not one as large as a board', async () => {
    const { giveBack, takeCanvas } = await import('../../src/render/raster/canvas-pool.js');
    const small = takeCanvas(301, 203);
    giveBack(small);
    expect(takeCanvas(301, 203)).toBe(small);
    const large = takeCanvas(4001, 4001);
    giveBack(large);
    expect(takeCanvas(4001, 4001)).not.toBe(large);
  });

  it('draws each glyph from the font\'s outline at the place the run gives it (the place the PDF uses)', () => {
    let checked = 0;
    for (const run of runs.filter((r) => r.glyphs.length > 0 && r.font === Object.keys(card.fonts).find((k) => card.fonts[k]!.path === FONT_PATH))) {
      const path: Path2D = glyphRunPath(run, FONT_PATH);
      const [minX, minY, maxX, maxY] = path.computeTightBounds();
      const origins = run.glyphs.map((g) => ({ x: run.x + g.x, y: run.baseline + g.y }));
      const expected = expectedControlBox(run, FONT_PATH, origins);
      // Tight bounds lie inside the control box and touch it on straight edges (the glyphs' stems).
      expect(minX).toBeGreaterThanOrEqual(expected.minX - 0.01);
      expect(maxX).toBeLessThanOrEqual(expected.maxX + 0.01);
      expect(minY).toBeGreaterThanOrEqual(expected.minY - 0.01);
      expect(maxY).toBeLessThanOrEqual(expected.maxY + 0.01);
      expect(maxX - minX).toBeGreaterThan((expected.maxX - expected.minX) * 0.9);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(2);
  });
});
