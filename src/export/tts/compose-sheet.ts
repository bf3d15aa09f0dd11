import { cellOrigin, type CellSize } from './sheet-plan.js';
import type { Raster } from '../../shared/face.js';
import { mapLimit } from '../../shared/map-limit.js';
import { makeBand as makeBandHere, type MakeBand } from '../../shared/band-cells.js';
import { joinPng, type PngBand } from '../../shared/png-write.js';
import type { KeptTrim } from '../../shared/trim-bytes.js';

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
  // A buffer of its own: it may go to another thread, where the band is made.
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
 * otherwise its cells are asked for and the band is made of them (band-cells.ts), by `band` when
 * given (on another thread), so a sheet holds two rows of cards at a time, never all seventy. A
 * cell `keptAt` gives (a trim kept in the build cache) is not read here but where the band is
 * made; one found damaged there is asked of `cellAt` after all.
 */
export async function composeSheet(
  count: number,
  cellAt: (index: number) => Promise<Raster>,
  grid: { columns: number; rows: number },
  cell: CellSize,
  use: { shelf?: BandShelf; band?: MakeBand; keptAt?: (index: number) => Promise<KeptTrim | undefined> } = {},
): Promise<Buffer> {
  const { shelf, keptAt } = use;
  const finish = use.band ?? makeBandHere;
  const width = grid.columns * cell.widthPx;
  const size = { width, height: cell.heightPx, cellWidth: cell.widthPx };
  const makeBand = async (first: number, cards: number): Promise<PngBand> => {
    let memory: Uint8Array | undefined = takeMemory(cell.heightPx * width * 3);
    try {
      const leftOf = (column: number) => cellOrigin(column, grid.columns, cell).left;
      const cells: { left: number; data: Uint8Array }[] = [];
      const take = async (column: number) => {
        const raster = await cellAt(first + column);
        if (raster.width !== cell.widthPx || raster.height !== cell.heightPx || raster.channels !== 3) {
          throw new Error(`a cell of ${raster.width}×${raster.height} px × ${raster.channels} on a sheet of ${cell.widthPx}×${cell.heightPx} px RGB cells`);
        }
        cells.push({ left: leftOf(column), data: raster.data });
      };
      // The cells past the last card are white.
      const blank = Array.from({ length: grid.columns - cards }, (_, i) => leftOf(cards + i));
      let kept: { column: number; trim: KeptTrim }[] = [];
      await mapLimit(Array.from({ length: cards }, (_, c) => c), cards, async (column) => {
        const trim = await keptAt?.(first + column);
        if (trim) kept.push({ column, trim });
        else await take(column);
      });
      for (;;) {
        // The memory goes with the job, and comes back with the band.
        const job = { ...size, cells, kept: kept.map((k) => ({ left: leftOf(k.column), trim: k.trim })), blank };
        const sent = memory;
        memory = undefined;
        const made = await finish(job, sent);
        memory = made.data;
        if ('band' in made) return made.band;
        // Damaged kept trims: their cells are asked for as any other (drawn again, and kept again).
        const damaged = new Set(made.damaged.map((i) => kept[i]!.column));
        kept = kept.filter((k) => !damaged.has(k.column));
        await mapLimit([...damaged], damaged.size, take);
      }
    } finally {
      if (memory) giveBack(Buffer.from(memory.buffer, memory.byteOffset, memory.byteLength));
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
