import { resolveLength } from '../shared/lengths.js';
import { DEFAULT_PRINTABLE_MARGIN } from '../shared/print-options.js';
import type { DisplayItem, DisplayList } from '../shared/display-list.js';
import { composeSheet, type Placement } from './compose.js';
import type { Rotation } from './grid.js';
import { HAIRLINE } from './marks.js';
import { landscape, type Size } from './paper.js';

/**
 * PocketMod layout A (PRINT.md): 4 columns × 2 rows on a landscape sheet; page numbers per
 * panel, the top row turned 180° so that every page is upright once folded.
 */
export const POCKETMOD_LAYOUT: readonly { page: number; col: number; row: number; rotate: Rotation }[] = [
  { page: 5, col: 0, row: 0, rotate: 180 },
  { page: 4, col: 1, row: 0, rotate: 180 },
  { page: 3, col: 2, row: 0, rotate: 180 },
  { page: 2, col: 3, row: 0, rotate: 180 },
  { page: 6, col: 0, row: 1, rotate: 0 },
  { page: 7, col: 1, row: 1, rotate: 0 },
  { page: 8, col: 2, row: 1, rotate: 0 },
  { page: 1, col: 3, row: 1, rotate: 0 },
];

/** The size of one PocketMod page: the landscape sheet divided 4 × 2 (74.25 × 105 mm on A4). */
export function pocketmodPanel(paper: Size): Size {
  const sheet = landscape(paper);
  return { width: sheet.width / 4, height: sheet.height / 2 };
}

const FOLD = '#b0b0b0';

/** Faint fold lines on every panel edge (within the printable margin), and the dashed cut across the two middle columns. */
function guides(sheet: Size): DisplayItem[] {
  const { width: w, height: h } = sheet;
  const line = (x1: number, y1: number, x2: number, y2: number, dash?: number[], stroke = FOLD): DisplayItem => ({
    type: 'line', x1, y1, x2, y2, stroke, strokeWidth: HAIRLINE, ...(dash ? { dash } : {}),
  });
  const cut = resolveLength('1.5mm');
  // Folds stop at the printable margin: printers leave the paper's edge blank.
  const m = DEFAULT_PRINTABLE_MARGIN;
  return [
    line(w / 4, m, w / 4, h - m),
    line(w / 2, m, w / 2, h - m),
    line((3 * w) / 4, m, (3 * w) / 4, h - m),
    line(m, h / 2, w / 4, h / 2),
    line((3 * w) / 4, h / 2, w - m, h / 2),
    line(w / 4, h / 2, (3 * w) / 4, h / 2, [cut * 2, cut], '#000000'),
  ];
}

/** Rulebook pages (all of one panel's size) on PocketMod sheets: pages 1–8 on the first, 9–16 on the next… */
export function imposePocketmod(pages: readonly DisplayList[], paper: Size): DisplayList[] {
  const sheet = landscape(paper);
  const panel = pocketmodPanel(paper);
  const sheets: DisplayList[] = [];
  for (let first = 0; first < Math.max(pages.length, 1); first += 8) {
    const placements: Placement[] = [];
    for (const slot of POCKETMOD_LAYOUT) {
      const list = pages[first + slot.page - 1];
      if (!list) continue;
      placements.push({ list, x: slot.col * panel.width, y: slot.row * panel.height, rotate: slot.rotate, reach: { top: 0, right: 0, bottom: 0, left: 0 } });
    }
    sheets.push(composeSheet(sheet, placements, guides(sheet)));
  }
  return sheets;
}
