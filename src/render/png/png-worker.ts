// A worker thread of the PNG pool: draws and encodes the display lists it is sent, one reply per request.
import { parentPort } from 'node:worker_threads';
import type { DisplayList } from '../../shared/display-list.js';
import { renderPng } from './render-png.js';
import { transferable } from './transferable.js';

export interface PngRequest {
  id: number;
  list: DisplayList;
  dpi: number;
  trims?: readonly { width: number; height: number }[];
  encode?: boolean;
}

export type PngReply = { id: number; png: Uint8Array; widthPx: number; heightPx: number; trims?: { data: Uint8Array; width: number; height: number }[] } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('png-worker runs as a worker thread of the PNG pool');
port.on('message', (request: PngRequest) => {
  renderPng(request.list, { dpi: request.dpi, trims: request.trims, encode: request.encode }).then(
    ({ png, widthPx, heightPx, trims }) => {
      const bytes = transferable(png);
      const trimmed = trims?.map((t) => ({ data: transferable(t.data), width: t.width, height: t.height }));
      port.postMessage({ id: request.id, png: bytes, widthPx, heightPx, trims: trimmed } satisfies PngReply, [bytes.buffer, ...(trimmed ?? []).map((t) => t.data.buffer)]);
    },
    (error: unknown) => port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies PngReply),
  );
});
