import type { DisplayList } from '../shared/display-list.js';
import { composeSheet, type Placement } from './compose.js';
import { landscape, type Size } from './paper.js';

/** A booklet page: half the landscape sheet (A5 on A4). */
export function bookletPage(paper: Size): Size {
  const sheet = landscape(paper);
  return { width: sheet.width / 2, height: sheet.height };
}

/** Pages in a multiple of 4: a saddle-stitched booklet needs whole sheets. */
export function paddedPageCount(pages: number): number {
  return Math.max(4, Math.ceil(pages / 4) * 4);
}

/**
 * Which pages (1-based, `undefined` for a blank) sit left and right on each side of each
 * sheet, outermost sheet first: front [N−2s | 2s+1], back [2s+2 | N−2s−1].
 */
export function bookletOrder(pageCount: number): { left: number; right: number }[] {
  const n = paddedPageCount(pageCount);
  const sides: { left: number; right: number }[] = [];
  for (let s = 0; s < n / 4; s++) {
    sides.push({ left: n - 2 * s, right: 2 * s + 1 });
    sides.push({ left: 2 * s + 2, right: n - 2 * s - 1 });
  }
  return sides;
}

/** Rulebook pages on booklet sheets, front then back of each sheet, for short-edge duplex. */
export function imposeBooklet(pages: readonly DisplayList[], paper: Size): DisplayList[] {
  const sheet = landscape(paper);
  const half = bookletPage(paper);
  const reach = { top: 0, right: 0, bottom: 0, left: 0 };
  return bookletOrder(pages.length).map(({ left, right }) => {
    const placements: Placement[] = [];
    const l = pages[left - 1];
    const r = pages[right - 1];
    if (l) placements.push({ list: l, x: 0, y: 0, rotate: 0, reach });
    if (r) placements.push({ list: r, x: half.width, y: 0, rotate: 0, reach });
    return composeSheet(sheet, placements);
  });
}
