// Where the peers put the cards of a 9-up A4 sheet: trims butting in a centred 3 × 3 grid, as
// pocketpress imposes poker cards with no gutter; backs mirrored by column (long-edge duplex).
import { CARD } from './same-card.js';

export const A4 = { widthMm: 210, heightMm: 297 };
export const COLUMNS = 3;
export const ROWS = 3;
export const PER_SHEET = COLUMNS * ROWS;
export const GRID = {
  xMm: (A4.widthMm - COLUMNS * CARD.widthMm) / 2,
  yMm: (A4.heightMm - ROWS * CARD.heightMm) / 2,
};

/** Trim rectangle of slot `slot` on a front (or, mirrored, on a back), in mm from the sheet's top left. */
export function slotTrim(slot: number, back: boolean): { xMm: number; yMm: number } {
  const row = Math.floor(slot / COLUMNS);
  const column = back ? COLUMNS - 1 - (slot % COLUMNS) : slot % COLUMNS;
  return { xMm: GRID.xMm + column * CARD.widthMm, yMm: GRID.yMm + row * CARD.heightMm };
}

/** Crop marks: short lines in the margin on every cut line, 1 mm off the grid and 5 mm long. */
export function cropMarks(): { x1: number; y1: number; x2: number; y2: number }[] {
  const marks = [];
  const right = GRID.xMm + COLUMNS * CARD.widthMm;
  const bottom = GRID.yMm + ROWS * CARD.heightMm;
  for (let c = 0; c <= COLUMNS; c++) {
    const x = GRID.xMm + c * CARD.widthMm;
    marks.push({ x1: x, y1: GRID.yMm - 6, x2: x, y2: GRID.yMm - 1 }, { x1: x, y1: bottom + 1, x2: x, y2: bottom + 6 });
  }
  for (let r = 0; r <= ROWS; r++) {
    const y = GRID.yMm + r * CARD.heightMm;
    marks.push({ x1: GRID.xMm - 6, y1: y, x2: GRID.xMm - 1, y2: y }, { x1: right + 1, y1: y, x2: right + 6, y2: y });
  }
  return marks;
}
