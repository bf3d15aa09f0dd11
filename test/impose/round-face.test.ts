import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { roundFace } from '../../src/impose/compose.js';
import { renderPng } from '../../src/render/png/render-png.js';
import type { DisplayList } from '../../src/shared/display-list.js';
import { resolveLength } from '../../src/shared/lengths.js';

const mm = (n: number) => resolveLength(`${n}mm`);

/** Alpha at the corner and at the centre of a rendered face. */
async function alphas(list: DisplayList): Promise<{ corner: number; centre: number; edge: number }> {
  const { png } = await renderPng(list, { dpi: 150 });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const a = (x: number, y: number) => data[(y * info.width + x) * 4 + 3]!;
  return { corner: a(1, 1), centre: a(info.width >> 1, info.height >> 1), edge: a(info.width >> 1, 1) };
}

describe('round faces', () => {
  // One token with a background colour (opaque before), one drawing only a disc (transparent before).
  const withBackground: DisplayList = { width: mm(20), height: mm(20), bleed: mm(1.5), background: '#335577', items: [], fonts: {} };
  const discOnly: DisplayList = { width: mm(20), height: mm(20), bleed: mm(1.5), items: [{ type: 'ellipse', cx: mm(10), cy: mm(10), rx: mm(11.5), ry: mm(11.5), fill: '#335577' }], fonts: {} };

  it('are transparent outside the circle and opaque inside, whatever the template drew', async () => {
    expect((await alphas(withBackground)).corner).toBe(255);
    for (const list of [withBackground, discOnly]) {
      const got = await alphas(roundFace(list));
      expect(got).toEqual({ corner: 0, centre: 255, edge: expect.any(Number) });
      expect(got.edge).toBeGreaterThan(0);
    }
  });
});
