import sharp from 'sharp';
import { cellOrigin, type CellSize } from './sheet-plan.js';
import type { Raster } from './trim-picture.js';
import { PNG_ENCODING } from '../../shared/png-encoding.js';

/** A deck sheet: the cells row by row on white, as an RGB PNG of columns × rows cells. */
export async function composeSheet(cells: readonly Raster[], grid: { columns: number; rows: number }, cell: CellSize): Promise<Buffer> {
  const width = grid.columns * cell.widthPx;
  const height = grid.rows * cell.heightPx;
  const layers = cells.map((raster, i) => ({
    input: raster.data,
    raw: { width: raster.width, height: raster.height, channels: raster.channels },
    ...cellOrigin(i, grid.columns, cell),
  }));
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .removeAlpha()
    .png(PNG_ENCODING)
    .toBuffer();
}
