import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { beforeAll, describe, expect, it } from 'vitest';
import { layoutSet } from '../../src/build/build-game.js';
import { createLabeler, withFonts } from '../../src/build/sheet-labels.js';
import { checkContent } from '../../src/content/check-content.js';
import { tileBoard, type TiledBoard } from '../../src/impose/tile-board.js';
import { PAPERS } from '../../src/impose/paper.js';
import { renderRaster } from '../../src/render/raster/render-raster.js';
import { resolveGame } from '../../src/resolve/resolve-game.js';
import type { DisplayList } from '../../src/shared/display-list.js';
import { pointsToMm, resolveLength } from '../../src/shared/lengths.js';
import { FIXTURES } from '../helpers.js';

const mm = (n: number) => resolveLength(`${n}mm`);
/** Two pixels per millimetre: every position of the pieces (whole or half millimetres) falls on a pixel. */
const PX_PER_MM = 2;
const px = (points: number) => Math.round(pointsToMm(points) * PX_PER_MM);

async function raster(list: DisplayList) {
  return renderRaster(list, { widthPx: px(list.width + 2 * list.bleed), heightPx: px(list.height + 2 * list.bleed) });
}

/** The fixture's 400 × 300 mm market map (3 mm bleed), laid out as the build does. */
function fixtureBoard(): DisplayList {
  const check = checkContent(path.join(FIXTURES, 'valid', 'home-print'));
  expect(check.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const game = resolveGame(check.games[0]!, 'en');
  const set = game.sets.find((s) => s.id === 'map')!;
  return layoutSet(game, set, () => {})[0]!.list;
}

describe('a board larger than the paper, tiled', () => {
  let board: DisplayList;
  let tiled: TiledBoard;
  beforeAll(() => {
    board = fixtureBoard();
    const { label, fonts } = createLabeler();
    tiled = tileBoard({ board, paper: PAPERS.a4, margin: mm(10), overlap: mm(10), label, title: 'Market map' });
    tiled = { ...tiled, pages: tiled.pages.map((p) => withFonts(p, fonts)) };
  });

  it('takes 2 × 2 landscape A4 sheets, each piece inside the margins, neighbours sharing a 10 mm strip', () => {
    expect([pointsToMm(board.width), pointsToMm(board.height)].map(Math.round)).toEqual([400, 300]);
    expect([tiled.cols, tiled.rows]).toEqual([2, 2]);
    expect(tiled.page).toEqual({ width: PAPERS.a4.height, height: PAPERS.a4.width });
    expect(tiled.pages).toHaveLength(4);
    expect(tiled.pieces.map((p) => p.name)).toEqual(['A1', 'B1', 'A2', 'B2']);
    for (const piece of tiled.pieces) {
      expect(piece.x).toBeGreaterThanOrEqual(mm(10) - 1e-6);
      expect(piece.x + piece.region.width).toBeLessThanOrEqual(tiled.page.width - mm(10) + 1e-6);
      expect(piece.y + piece.region.height).toBeLessThanOrEqual(tiled.page.height - mm(10) + 1e-6);
    }
    const [a1, b1, a2] = tiled.pieces;
    // Together they cover the board and its bleed, overlapping by exactly 10 mm.
    expect(a1!.region.x).toBeCloseTo(-board.bleed, 6);
    expect(b1!.region.x + b1!.region.width).toBeCloseTo(board.width + board.bleed, 6);
    expect(a1!.region.x + a1!.region.width - b1!.region.x).toBeCloseTo(mm(10), 6);
    expect(a1!.region.y + a1!.region.height - a2!.region.y).toBeCloseTo(mm(10), 6);
    // A1's crop marks: on the board's trim at its outer (left, top) edges, on its own edge inside.
    const vertical = tiled.pages[0]!.items.filter((i) => i.type === 'line' && i.x1 === i.x2 && i.stroke === '#000000').map((i) => (i.type === 'line' ? i.x1 : 0));
    expect([...new Set(vertical.map((x) => Math.round(x * 1000) / 1000))].sort((p, q) => p - q)).toEqual([a1!.x + board.bleed, a1!.x + a1!.region.width].map((x) => Math.round(x * 1000) / 1000));
  });

  it('pieces cut out and laid over each other as marked give the board back, pixel for pixel', async () => {
    const whole = await raster(board);
    const assembled = new Uint8Array(whole.data.length);
    const covered = new Uint8Array(whole.widthPx * whole.heightPx);
    // In reading order: each piece is laid over the glue strips of the pieces before it.
    for (const [i, piece] of tiled.pieces.entries()) {
      const sheet = await raster(tiled.pages[i]!);
      const [sx, sy, w, h] = [px(piece.x), px(piece.y), px(piece.region.width), px(piece.region.height)];
      const [dx, dy] = [px(piece.region.x + board.bleed), px(piece.region.y + board.bleed)];
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const from = ((sy + y) * sheet.widthPx + sx + x) * 4;
          const to = (dy + y) * whole.widthPx + dx + x;
          assembled.set(sheet.data.subarray(from, from + 4), to * 4);
          covered[to] = 1;
        }
      }
    }
    expect(covered.every((c) => c === 1)).toBe(true);
    const differing = pixelmatch(whole.data, assembled, undefined, whole.widthPx, whole.heightPx, { threshold: 0.1 });
    expect(differing).toBe(0);
  });

  it('marks where the next piece goes on the glue strips, and shows the assembly map on every sheet', async () => {
    const first = await raster(tiled.pages[0]!);
    const [a1] = tiled.pieces;
    // The dashed blue seam on A1's right strip, 10 mm in from its right edge.
    const seamX = px(a1!.x + a1!.region.width - mm(10));
    let blue = 0;
    for (let y = px(a1!.y); y < px(a1!.y + a1!.region.height); y++) {
      const i = (y * first.widthPx + seamX) * 4;
      if (first.data[i + 2]! - first.data[i]! > 30) blue++;
    }
    expect(blue).toBeGreaterThan(20);
    const texts = tiled.pages[0]!.items.flatMap((i) => (i.type === 'text' ? i.runs.map((r) => r.text) : []));
    expect(texts).toEqual(expect.arrayContaining(['A1', 'B1', 'A2', 'B2', 'B1 here', 'A2 here', 'Market map: piece A1 (1 of 4)']));
  });
});
