import { describe, expect, it } from 'vitest';
import { resolveLength } from '../../src/shared/lengths.js';
import { bookletOrder, bookletPage, imposeBooklet, paddedPageCount } from '../../src/impose/booklet.js';
import { imposePocketmod, pocketmodPanel } from '../../src/impose/pocketmod.js';
import { PAPERS } from '../../src/impose/paper.js';
import type { DisplayItem, DisplayList, GroupItem, LineItem } from '../../src/shared/display-list.js';

const mm = (n: number) => resolveLength(`${n}mm`);

function pages(n: number, size: { width: number; height: number }): DisplayList[] {
  return Array.from({ length: n }, (_, i) => ({
    width: size.width,
    height: size.height,
    bleed: 0,
    items: [{ type: 'rect', x: 0, y: 0, width: 1, height: i + 1 } as DisplayItem],
    fonts: {},
  }));
}

/** Which page each placed group shows, where its top-left lands, and how it is turned. */
function placements(sheet: DisplayList, all: DisplayList[]) {
  return sheet.items
    .filter((i): i is GroupItem => i.type === 'group')
    .map((g) => {
      const page = all.findIndex((p) => g.items.includes(p.items[0]!)) + 1;
      const [a, , , , e, f] = g.transform!;
      const rotate = a === 1 ? 0 : a === -1 ? 180 : NaN;
      // The turned page's top-left corner on the sheet.
      const x = rotate === 180 ? e - sheet.width / 4 : e;
      const y = rotate === 180 ? f - sheet.height / 2 : f;
      return { page, col: Math.round(x / (sheet.width / 4)), row: Math.round(y / (sheet.height / 2)), rotate };
    });
}

describe('PocketMod', () => {
  it('has panels of 74.25 × 105 mm on A4 and 2.75 × 4.25 in on Letter', () => {
    const a4 = pocketmodPanel(PAPERS.a4);
    expect([a4.width, a4.height].map((n) => Math.round((n / mm(1)) * 100) / 100)).toEqual([74.25, 105]);
    const letter = pocketmodPanel(PAPERS.letter);
    expect([letter.width / 72, letter.height / 72]).toEqual([2.75, 4.25]);
  });

  it('folds into pages 1 to 8 in order, each upright', () => {
    const panel = pocketmodPanel(PAPERS.a4);
    const book = pages(8, panel);
    const [sheet] = imposePocketmod(book, PAPERS.a4);
    expect([Math.round(sheet!.width), Math.round(sheet!.height)]).toEqual([842, 595]);
    const placed = placements(sheet!, book);
    // Folding, step by step (PRINT.md): the sheet is folded in half lengthwise with the print
    // outside, so the top row ends up behind the bottom row, turned over: a page printed
    // upside down there reads upright. Slit and pushed into a plus, the strip closes into a
    // booklet whose cover is the bottom-right panel; opening it, the reader meets the top row
    // from right to left, then the bottom row from left to right, ending on the back cover.
    const readingOrder = [[3, 1], [3, 0], [2, 0], [1, 0], [0, 0], [0, 1], [1, 1], [2, 1]];
    const read = readingOrder.map(([col, row]) => placed.find((p) => p.col === col && p.row === row)!);
    expect(read.map((p) => p.page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const p of read) expect(p.rotate, `page ${p.page}`).toBe(p.row === 0 ? 180 : 0);
  });

  it('draws faint folds on the panel lines and a dashed cut across the two middle columns only', () => {
    const [sheet] = imposePocketmod(pages(8, pocketmodPanel(PAPERS.a4)), PAPERS.a4);
    const lines = sheet!.items.filter((i): i is LineItem => i.type === 'line');
    const cut = lines.filter((l) => l.dash);
    expect(cut).toHaveLength(1);
    const W = sheet!.width;
    expect([cut[0]!.x1, cut[0]!.x2].map((x) => Math.round(x))).toEqual([Math.round(W / 4), Math.round((3 * W) / 4)]);
    expect(cut[0]!.y1).toBeCloseTo(sheet!.height / 2, 6);
    const folds = lines.filter((l) => !l.dash);
    expect(folds.every((l) => l.stroke !== '#000000' && l.strokeWidth <= 0.5)).toBe(true);
    expect(folds).toHaveLength(5);
    // Nothing closer than 5 mm to the paper's edge.
    const edge = Math.min(...lines.flatMap((l) => [l.x1, l.x2, W - l.x1, W - l.x2, l.y1, l.y2, sheet!.height - l.y1, sheet!.height - l.y2]));
    expect(edge).toBeCloseTo((5 / 25.4) * 72, 6);
  });

  it('puts pages 9 to 16 on a second sheet', () => {
    const book = pages(11, pocketmodPanel(PAPERS.letter));
    const sheets = imposePocketmod(book, PAPERS.letter);
    expect(sheets).toHaveLength(2);
    expect(placements(sheets[1]!, book).map((p) => p.page).sort((a, b) => a - b)).toEqual([9, 10, 11]);
  });
});

describe('saddle-stitched booklet', () => {
  it('pads to a multiple of 4 and orders the sides as PRINT.md says', () => {
    expect([1, 4, 5, 8, 22, 24].map(paddedPageCount)).toEqual([4, 4, 8, 8, 24, 24]);
    expect(bookletOrder(8)).toEqual([
      { left: 8, right: 1 },
      { left: 2, right: 7 },
      { left: 6, right: 3 },
      { left: 4, right: 5 },
    ]);
  });

  it.each([8, 12, 22])('%i pages: nested sheets folded in the middle read 1 to N in order', (n) => {
    const order = bookletOrder(n);
    const sheets = order.length / 2;
    // Stack the sheets, outermost first, and fold: the reader goes through the right half of
    // each sheet's front and the left half of its back, inward, then back out through the
    // right half of each back and the left half of each front.
    const read: number[] = [];
    for (let s = 0; s < sheets; s++) read.push(order[2 * s]!.right, order[2 * s + 1]!.left);
    for (let s = sheets - 1; s >= 0; s--) read.push(order[2 * s + 1]!.right, order[2 * s]!.left);
    expect(read).toEqual(Array.from({ length: paddedPageCount(n) }, (_, i) => i + 1));
  });

  it('places A5 pages side by side on landscape A4, leaving padded pages blank', () => {
    const size = bookletPage(PAPERS.a4);
    expect([Math.round(size.width / mm(1)), Math.round(size.height / mm(1))]).toEqual([149, 210]);
    const book = pages(6, size);
    const sheets = imposeBooklet(book, PAPERS.a4);
    expect(sheets).toHaveLength(4);
    const firstFront = sheets[0]!.items.filter((i): i is GroupItem => i.type === 'group');
    expect(firstFront).toHaveLength(1);
    expect(firstFront[0]!.transform![4]).toBeCloseTo(size.width, 6);
  });
});
