import { DUPLEX_MODES, type DuplexMode } from '../shared/print-options.js';
import { slotAt, type Grid, type Rotation, type Slot } from './grid.js';


export { DUPLEX_MODES, type DuplexMode };

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
