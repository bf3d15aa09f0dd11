import sharp from 'sharp';
import { cellOrigin, type CellSize } from './sheet-plan.js';
import type { Raster } from '../../shared/face.js';
import { PNG_ENCODING } from '../../shared/png-encoding.js';

/** Cells asked for at once while a sheet is filled: each is copied into place and let go. */
const CELLS_AT_ONCE = 8;

/**
 * The memory of the largest sheet made so far, kept for the next sheet that fits in it: every
 * byte of a sheet is written again (cells, then white past the last card), and memory the
 * process has touched before costs nothing to fill, where fresh memory is paid page by page
 * (measured here: 165 ms to fill 48 MB the first time, 3 ms the second — a 10 × 7 sheet of
 * poker cards).
 */
let spare: Buffer | undefined;

/**
 * A deck sheet: `count` cells row by row on white, as an RGB PNG of columns × rows cells. Each
 * cell is asked for (a few at a time), copied into place row by row and let go, so a sheet holds
 * its own pixels and a few cells, never all seventy.
 */
export async function composeSheet(count: number, cellAt: (index: number) => Promise<Raster>, grid: { columns: number; rows: number }, cell: CellSize): Promise<Buffer> {
  const width = grid.columns * cell.widthPx;
  const height = grid.rows * cell.heightPx;
  const size = width * height * 3;
  const memory = spare && spare.length >= size ? spare : Buffer.allocUnsafe(size);
  spare = undefined;
  const sheet = memory.subarray(0, size);
  const cellRow = cell.widthPx * 3;
  const place = (i: number, raster: Raster | undefined) => {
    const { left, top } = cellOrigin(i, grid.columns, cell);
    for (let y = 0; y < cell.heightPx; y++) {
      const at = ((top + y) * width + left) * 3;
      if (raster) raster.data.copy(sheet, at, y * cellRow, (y + 1) * cellRow);
      else sheet.fill(255, at, at + cellRow);
    }
  };
  // The cells past the last card are white.
  for (let i = count; i < grid.columns * grid.rows; i++) place(i, undefined);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const raster = await cellAt(i);
      if (raster.width !== cell.widthPx || raster.height !== cell.heightPx || raster.channels !== 3) {
        throw new Error(`a cell of ${raster.width}×${raster.height} px × ${raster.channels} on a sheet of ${cell.widthPx}×${cell.heightPx} px RGB cells`);
      }
      place(i, raster);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CELLS_AT_ONCE, count) }, worker));
  const png = await sharp(sheet, { raw: { width, height, channels: 3 } }).png(PNG_ENCODING).toBuffer();
  // Handed back only once sharp has read it all.
  spare = memory;
  return png;
}
