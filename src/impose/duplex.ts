import { slotAt, type Grid, type Rotation, type Slot } from './grid.js';

/**
 * How backs meet fronts: `long` (flip on the long edge of a portrait sheet: columns mirror,
 * upright stays upright), `short` (flip on the short edge: rows mirror, turned 180°), or
 * `fold` (single-sided: fronts above a fold line, backs below it, as for `short`).
 */
export type DuplexMode = 'long' | 'short' | 'fold';
export const DUPLEX_MODES: readonly DuplexMode[] = ['long', 'short', 'fold'];

function turn(r: number): Rotation {
  return (((r % 360) + 360) % 360) as Rotation;
}

/**
 * Where the back of the component in `front` is printed so the two meet through the paper:
 * mirrored about the flip axis, turned as the flip turns it.
 */
export function backSlot(grid: Grid, front: Slot, mode: DuplexMode): Slot {
  if (mode === 'long') return slotAt(grid, grid.cols - 1 - front.col, front.row, turn(-front.rotate));
  return slotAt(grid, front.col, grid.rows - 1 - front.row, turn(180 - front.rotate));
}
