// A worker thread of the PNG pool: draws and encodes the display lists it is sent, and finishes
// the bands of deck sheets it is sent (band-cells.ts); one reply per request.
import { parentPort } from 'node:worker_threads';
import type { DisplayList } from '../../shared/display-list.js';
import { makeBand, type BandJob } from '../../shared/band-cells.js';
import { renderPng } from './render-png.js';
import { transferable } from './transferable.js';
import { nextTurn } from '../../shared/event-loop.js';

/** A display list to draw at `dpi`: the PNG (unless `encode` is false) and its trim alone at each of `trims`. */
export interface DrawJob {
  kind: 'draw';
  list: DisplayList;
  dpi: number;
  trims?: readonly { width: number; height: number }[];
  encode?: boolean;
}

/** A band of a deck sheet to make (makeBand), in `memory`, which comes back with it. */
export interface BandWork {
  kind: 'band';
  band: BandJob;
  memory: Uint8Array;
}

export type PngJob = DrawJob | BandWork;

export type PngRequest = PngJob & { id: number };

export type PngReply =
  | { id: number; png: Uint8Array; widthPx: number; heightPx: number; trims?: { data: Uint8Array; width: number; height: number }[] }
  | { id: number; band: { chunk: Uint8Array; adler: number; length: number }; data: Uint8Array }
  | { id: number; damaged: number[]; data: Uint8Array }
  | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('png-worker runs as a worker thread of the PNG pool');

const draw = (request: DrawJob & { id: number }): Promise<void> =>
  renderPng(request.list, { dpi: request.dpi, trims: request.trims, encode: request.encode }).then(({ png, widthPx, heightPx, trims }) => {
    const bytes = transferable(png);
    const trimmed = trims?.map((t) => ({ data: transferable(t.data), width: t.width, height: t.height }));
    port.postMessage({ id: request.id, png: bytes, widthPx, heightPx, trims: trimmed } satisfies PngReply, [bytes.buffer, ...(trimmed ?? []).map((t) => t.data.buffer)]);
  });

const band = async (request: BandWork & { id: number }): Promise<void> => {
  const made = await makeBand(request.band, request.memory);
  // The memory goes back with the band, for the next one.
  const data = made.data;
  if ('damaged' in made) {
    port.postMessage({ id: request.id, damaged: made.damaged, data } satisfies PngReply, [data.buffer as ArrayBuffer]);
    return;
  }
  const chunk = transferable(made.band.chunk);
  port.postMessage({ id: request.id, band: { chunk, adler: made.band.adler, length: made.band.length }, data } satisfies PngReply, [chunk.buffer, data.buffer as ArrayBuffer]);
};

/**
 * Each request is begun on a turn of the event loop of its own (nextTurn), after the
 * finalizers Node runs there: they let Skia's canvases, paths and images go. Begun as each
 * message came, while the next was already waiting, the requests of a build never gave them a
 * turn (a build of 250 sets of 3 cards on one worker: 4.4 GB, against 339 MB).
 */
port.on('message', (request: PngRequest) => {
  const failed = (error: unknown) => port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies PngReply);
  void nextTurn().then(() => {
    try {
      (request.kind === 'band' ? band(request) : draw(request)).catch(failed);
    } catch (error) {
      failed(error);
    }
  });
});
