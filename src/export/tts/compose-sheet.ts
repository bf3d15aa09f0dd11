import sharp from 'sharp';
import { cellOrigin, type CellSize } from './sheet-plan.js';
import type { Raster } from '../../shared/face.js';
import { PNG_ENCODING } from '../../shared/png-encoding.js';

/** A deck sheet: the cells row by row on white, as an RGB PNG of columns × rows cells. */
export async function composeSheet(cells: readonly Raster[], grid: { columns: number; rows: number }, cell: CellSize): Promise<Buffer> {
  const width = grid.columns * cell.widthPx;
  const height = grid.rows * cell.heightPx;
  // Each cell's rows copied into place: one pass over the pixels, whatever the number of cells;
  // only the cells left empty at the end of the last row are painted white.
  const sheet = Buffer.allocUnsafe(width * height * 3);
  const cellRow = cell.widthPx * 3;
  for (let i = cells.length; i < grid.columns * grid.rows; i++) {
    const { left, top } = cellOrigin(i, grid.columns, cell);
    for (let y = 0; y < cell.heightPx; y++) sheet.fill(255, ((top + y) * width + left) * 3, ((top + y) * width + left) * 3 + cellRow);
  }
  cells.forEach((raster, i) => {
    if (raster.width !== cell.widthPx || raster.height !== cell.heightPx || raster.channels !== 3) {
      throw new Error(`a cell of ${raster.width}×${raster.height} px × ${raster.channels} on a sheet of ${cell.widthPx}×${cell.heightPx} px RGB cells`);
    }
    const { left, top } = cellOrigin(i, grid.columns, cell);
    const row = raster.width * 3;
    for (let y = 0; y < raster.height; y++) raster.data.copy(sheet, ((top + y) * width + left) * 3, y * row, (y + 1) * row);
  });
  return sharp(sheet, { raw: { width, height, channels: 3 } }).png(PNG_ENCODING).toBuffer();
}
