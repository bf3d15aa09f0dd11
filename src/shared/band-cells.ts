import { deflateRows, type PngBand } from './png-write.js';
import { readKeptTrim, type KeptTrim } from './trim-bytes.js';

/**
 * A row of cells of an RGB image (a deck sheet's row of cards) as one independent band of its
 * PNG: `width` × `height` px, each cell `cellWidth` px wide at `left` px from the left. The band
 * is made where it is asked to be (makeBand, on a PNG worker or on this thread): its `cells`
 * placed from the pixels sent, its `kept` cells read from the build cache and placed, its
 * `blank` cells filled white, its rows deflated. A rebuild in which one card changed reads the
 * other nine cards of its row, and writes every row of it, on the worker, not on the thread
 * that lays out and writes the PDFs (each row of a band is a page of memory touched for the
 * first time: placing one card there cost that thread 14 ms).
 */
export interface BandJob {
  width: number;
  height: number;
  cellWidth: number;
  cells: { left: number; data: Uint8Array }[];
  kept: { left: number; trim: KeptTrim }[];
  blank: number[];
}

/**
 * A band made, with the memory its rows were in (for the next band); or the indexes in `kept`
 * of the cells whose trims could not be read (damaged), and the memory, the band not made.
 */
export type BandMade = { band: PngBand; data: Uint8Array } | { damaged: number[]; data: Uint8Array };

/** Makes a band from its job in `memory`, which comes back with it (on a PNG worker when one is free). */
export type MakeBand = (job: BandJob, memory: Uint8Array) => Promise<BandMade>;

const RGB = { color: 'rgb' } as const;

/** Copies a cell's pixels (`data`, or white without) into the band's rows in `memory`, at `left`. */
function placeCell(memory: Uint8Array, band: Pick<BandJob, 'width' | 'height' | 'cellWidth'>, left: number, data?: Uint8Array): void {
  const rowBytes = band.width * 3;
  const cellRow = band.cellWidth * 3;
  for (let y = 0; y < band.height; y++) {
    const at = y * rowBytes + left * 3;
    if (data) memory.set(data.subarray(y * cellRow, (y + 1) * cellRow), at);
    else memory.fill(255, at, at + cellRow);
  }
}

/**
 * Makes a band on this thread: its kept cells read (decompressed on zlib's thread pool, all at
 * once) and placed, its other cells placed, its blank cells filled, its rows deflated (deflateRows).
 */
export async function makeBand(job: BandJob, memory: Uint8Array): Promise<BandMade> {
  const damaged: number[] = [];
  const read = await Promise.all(job.kept.map((cell) => (cell.trim.width === job.cellWidth && cell.trim.height === job.height ? readKeptTrim(cell.trim) : undefined)));
  read.forEach((data, index) => {
    if (data) placeCell(memory, job, job.kept[index]!.left, data);
    else damaged.push(index);
  });
  if (damaged.length > 0) return { damaged, data: memory };
  for (const cell of job.cells) placeCell(memory, job, cell.left, cell.data);
  for (const left of job.blank) placeCell(memory, job, left);
  const rows = memory.subarray(0, job.width * 3 * job.height);
  return { band: deflateRows({ data: rows, width: job.width, height: job.height, channels: 3 }, RGB, { from: 0, to: job.height, independent: true }), data: memory };
}
