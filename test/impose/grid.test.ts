import { describe, expect, it } from 'vitest';
import { resolveLength } from '../../src/shared/lengths.js';
import { placementMatrix } from '../../src/shared/placement.js';
import { backSlot } from '../../src/impose/duplex.js';
import { fitGrid, gridSlots, type Grid, type Slot } from '../../src/impose/grid.js';
import { PAPERS } from '../../src/impose/paper.js';
import type { Matrix } from '../../src/shared/display-list.js';

const mm = (n: number) => resolveLength(`${n}mm`);
const poker = { width: mm(63), height: mm(88) };
const round = (n: number) => Math.round(n * 100) / 100;

describe('grid sheets', () => {
  it('fits 9 butting poker cards on A4 and on Letter, upright and centred', () => {
    for (const paper of [PAPERS.a4, PAPERS.letter]) {
      const grid = fitGrid({ page: paper, item: poker, gutter: 0, margin: mm(7), allowRotate: true });
      expect([grid.cols, grid.rows, grid.rotated]).toEqual([3, 3, false]);
      expect(round(grid.left * 2 + 3 * poker.width)).toBe(round(paper.width));
      expect(round(grid.top * 2 + 3 * poker.height)).toBe(round(paper.height));
    }
    const a4 = fitGrid({ page: PAPERS.a4, item: poker, gutter: 0, margin: mm(7), allowRotate: true });
    expect(round(a4.left)).toBe(round(mm(10.5)));
  });

  it('fits 6 upright or 8 turned poker cards that each keep their 3 mm bleed, and turns them', () => {
    const upright = fitGrid({ page: PAPERS.a4, item: poker, gutter: mm(6), margin: mm(7), allowRotate: false });
    expect(upright.cols * upright.rows).toBe(6);
    const best = fitGrid({ page: PAPERS.a4, item: poker, gutter: mm(6), margin: mm(7), allowRotate: true });
    expect([best.cols, best.rows, best.rotated]).toEqual([2, 4, true]);
    expect(gridSlots(best).every((s) => s.rotate === 90)).toBe(true);
  });

  it('fits 12 butting 60 mm tiles on A4', () => {
    const grid = fitGrid({ page: PAPERS.a4, item: { width: mm(60), height: mm(60) }, gutter: 0, margin: mm(7), allowRotate: true });
    expect([grid.cols, grid.rows]).toEqual([3, 4]);
  });
});

function apply(m: Matrix, [x, y]: [number, number]): [number, number] {
  return [round(m[0] * x + m[2] * y + m[4]), round(m[1] * x + m[3] * y + m[5])];
}

function matrixOf(slot: Slot, w: number, h: number): Matrix {
  return placementMatrix(w, h, slot);
}

describe('duplex backs meet their fronts through the paper', () => {
  const grids: [string, Grid][] = [
    ['upright', fitGrid({ page: PAPERS.a4, item: poker, gutter: 0, margin: mm(7), allowRotate: false })],
    ['turned', fitGrid({ page: PAPERS.a4, item: poker, gutter: mm(6), margin: mm(7), allowRotate: true })],
  ];
  const { width: W, height: H } = PAPERS.a4;
  const { width: w, height: h } = poker;
  const corners: [number, number][] = [[0, 0], [w, 0], [w, h], [0, h], [w / 3, h / 5]];

  it.each(grids)('long edge (%s): the back of each point lies behind it, the card turned over left to right', (_, grid) => {
    for (const front of gridSlots(grid)) {
      const back = backSlot(grid, front, 'long');
      expect(back.col).toBe(grid.cols - 1 - front.col);
      expect(back.row).toBe(front.row);
      for (const [px, py] of corners) {
        // Turned over left to right, the back's (px, py) is behind the front's (w - px, py).
        const [fx, fy] = apply(matrixOf(front, w, h), [w - px, py]);
        const [bx, by] = apply(matrixOf(back, w, h), [px, py]);
        expect(bx).toBeCloseTo(W - fx, 1);
        expect(by).toBeCloseTo(fy, 1);
      }
    }
  });

  it.each(grids)('short edge (%s): the sheet turns over top to bottom, mirrored rows, the card still turned over left to right', (_, grid) => {
    for (const front of gridSlots(grid)) {
      const back = backSlot(grid, front, 'short');
      expect([back.col, back.row]).toEqual([front.col, grid.rows - 1 - front.row]);
      for (const [px, py] of corners) {
        const [fx, fy] = apply(matrixOf(front, w, h), [w - px, py]);
        const [bx, by] = apply(matrixOf(back, w, h), [px, py]);
        expect(bx).toBeCloseTo(fx, 1);
        expect(by).toBeCloseTo(H - fy, 1);
      }
    }
  });

  it('an upright card keeps its orientation on a long-edge back and turns 180° on a short-edge back', () => {
    const grid = grids[0]![1];
    const [first] = gridSlots(grid);
    expect(backSlot(grid, first!, 'long').rotate).toBe(0);
    expect(backSlot(grid, first!, 'short').rotate).toBe(180);
  });
});
