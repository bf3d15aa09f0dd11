import { cellOrigin, type CellSize } from './sheet-plan.js';
import type { Raster } from '../../shared/face.js';
import { mapLimit } from '../../shared/map-limit.js';
import { deflateRows, joinPng, type DeflateBand, type PngBand } from '../../shared/png-write.js';

/**
 * Where the bands of sheets made before are kept: gives the band of the `count` cards from
 * `first` on (a row of the sheet; white cells fill the rest of the row), or `make`s it.
 */
export type BandShelf = (first: number, count: number, make: () => Promise<PngBand>) => Promise<PngBand>;

/** Rows of cards filled and deflated at once: each row's cells are asked for together. */
const BANDS_AT_ONCE = 2;

const RGB = { color: 'rgb' } as const;

/**
 * The memory of bands made before, kept for the next ones: every byte of a band is written
 * again (cells, white past the last card), and memory the process has touched
 * before costs nothing to fill, where fresh memory is paid page by page (measured here: 165 ms
 * to fill 48 MB the first time, 3 ms the second).
 */
const spare: Buffer[] = [];

function takeMemory(size: number): Buffer {
  const i = spare.findIndex((m) => m.length >= size);
  // A buffer of its own: it may go to another thread to be deflated.
  return i >= 0 ? spare.splice(i, 1)[0]! : Buffer.allocUnsafeSlow(size);
}

function giveBack(memory: Buffer): void {
  spare.push(memory);
  spare.sort((a, b) => b.length - a.length);
  spare.length = Math.min(spare.length, BANDS_AT_ONCE);
}

/**
 * A deck sheet: `count` cells row by row on white, as an RGB PNG of columns × rows cells. Each
 * row of cells is a band (see sheet-bands.ts), taken from `shelf` when one is given and holds it;
 * otherwise its cells are asked for, copied into place and let go, and the band is deflated
 * (by `deflate` when given: on another thread), so a sheet holds two rows of pixels at a time,
 * never all seventy cards.
 */
export async function composeSheet(count: number, cellAt: (index: number) => Promise<Raster>, grid: { columns: number; rows: number }, cell: CellSize, use: { shelf?: BandShelf; deflate?: DeflateBand } = {}): Promise<Buffer> {
  const { shelf, deflate } = use;
  const width = grid.columns * cell.widthPx;
  const rowBytes = width * 3;
  const cellRow = cell.widthPx * 3;
  const makeBand = async (first: number, cards: number): Promise<PngBand> => {
    let memory: Buffer | undefined = takeMemory(cell.heightPx * rowBytes);
    const rows = memory.subarray(0, cell.heightPx * rowBytes);
    try {
      const place = (column: number, raster: Raster | undefined) => {
        const { left } = cellOrigin(column, grid.columns, cell);
        for (let y = 0; y < cell.heightPx; y++) {
          const at = y * rowBytes + left * 3;
          if (raster) raster.data.copy(rows, at, y * cellRow, (y + 1) * cellRow);
          else rows.fill(255, at, at + cellRow);
        }
      };
      // The cells past the last card are white.
      for (let column = cards; column < grid.columns; column++) place(column, undefined);
      await mapLimit(Array.from({ length: cards }, (_, c) => c), cards, async (column) => {
        const raster = await cellAt(first + column);
        if (raster.width !== cell.widthPx || raster.height !== cell.heightPx || raster.channels !== 3) {
          throw new Error(`a cell of ${raster.width}×${raster.height} px × ${raster.channels} on a sheet of ${cell.widthPx}×${cell.heightPx} px RGB cells`);
        }
        place(column, raster);
      });
      const pixels = { data: rows, width, height: cell.heightPx, channels: 3 } as const;
      const range = { from: 0, to: cell.heightPx, independent: true };
      if (!deflate) return deflateRows(pixels, RGB, range);
      // The memory goes with the pixels, and comes back with the band.
      memory = undefined;
      const { band, data } = await deflate(pixels, RGB, range);
      memory = Buffer.from(data.buffer);
      return band;
    } finally {
      if (memory) giveBack(memory);
    }
  };
  const band = (row: number) => {
    const first = row * grid.columns;
    const cards = Math.max(0, Math.min(grid.columns, count - first));
    return shelf ? shelf(first, cards, () => makeBand(first, cards)) : makeBand(first, cards);
  };
  const bands = await mapLimit(Array.from({ length: grid.rows }, (_, row) => row), BANDS_AT_ONCE, band);
  return joinPng({ width, height: grid.rows * cell.heightPx }, RGB, bands);
}
