export type { Rotation } from '../shared/placement.js';
import type { Rotation } from '../shared/placement.js';

export interface GridRequest {
  /** The sheet, in points. */
  page: { width: number; height: number };
  /** One component's trim size, in points, upright. */
  item: { width: number; height: number };
  /** Space between neighbouring trims (0: they butt and share cut lines). */
  gutter: number;
  /** Least distance from the paper's edge to the outermost trims. */
  margin: number;
  /** Turn components a quarter when that fits more. */
  allowRotate: boolean;
}

export interface Grid {
  cols: number;
  rows: number;
  /** Components are turned a quarter (clockwise) on the sheet. */
  rotated: boolean;
  /** Size of one turned trim on the sheet. */
  cellWidth: number;
  cellHeight: number;
  gutter: number;
  /** Top-left of the first trim; the grid is centred on the sheet. */
  left: number;
  top: number;
  page: { width: number; height: number };
}

export interface Slot {
  col: number;
  row: number;
  /** Top-left corner of the turned trim on the sheet. */
  x: number;
  y: number;
  rotate: Rotation;
}

function count(space: number, cell: number, gutter: number): number {
  return Math.max(0, Math.floor((space + gutter + 1e-6) / (cell + gutter)));
}

/** The grid that holds the most components, upright or turned, centred on the sheet. */
export function fitGrid(request: GridRequest): Grid {
  const { page, item, gutter, margin } = request;
  const options = request.allowRotate && item.width !== item.height ? [false, true] : [false];
  let best: Grid | undefined;
  for (const rotated of options) {
    const cellWidth = rotated ? item.height : item.width;
    const cellHeight = rotated ? item.width : item.height;
    const cols = count(page.width - 2 * margin, cellWidth, gutter);
    const rows = count(page.height - 2 * margin, cellHeight, gutter);
    if (best && cols * rows <= best.cols * best.rows) continue;
    const width = cols * cellWidth + Math.max(0, cols - 1) * gutter;
    const height = rows * cellHeight + Math.max(0, rows - 1) * gutter;
    best = { cols, rows, rotated, cellWidth, cellHeight, gutter, left: (page.width - width) / 2, top: (page.height - height) / 2, page };
  }
  return best!;
}

/** Every slot of the grid, row by row, left to right. */
export function gridSlots(grid: Grid): Slot[] {
  const slots: Slot[] = [];
  for (let row = 0; row < grid.rows; row++) {
    for (let col = 0; col < grid.cols; col++) {
      slots.push({
        col,
        row,
        x: grid.left + col * (grid.cellWidth + grid.gutter),
        y: grid.top + row * (grid.cellHeight + grid.gutter),
        rotate: grid.rotated ? 90 : 0,
      });
    }
  }
  return slots;
}

export function slotAt(grid: Grid, col: number, row: number, rotate: Rotation): Slot {
  return { col, row, x: grid.left + col * (grid.cellWidth + grid.gutter), y: grid.top + row * (grid.cellHeight + grid.gutter), rotate };
}
