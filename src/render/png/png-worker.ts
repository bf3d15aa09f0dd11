// A worker thread of the PNG pool: draws and encodes the display lists it is sent, one reply per request.
import { parentPort } from 'node:worker_threads';
import type { DisplayList } from '../../shared/display-list.js';
import { renderPng } from './render-png.js';

export interface PngRequest {
  id: number;
  list: DisplayList;
  dpi: number;
}

export type PngReply = { id: number; png: Uint8Array; widthPx: number; heightPx: number } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('png-worker runs as a worker thread of the PNG pool');
port.on('message', (request: PngRequest) => {
  renderPng(request.list, { dpi: request.dpi }).then(
    ({ png, widthPx, heightPx }) => {
      const bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength).slice();
      port.postMessage({ id: request.id, png: bytes, widthPx, heightPx } satisfies PngReply, [bytes.buffer]);
    },
    (error: unknown) => port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies PngReply),
  );
});
