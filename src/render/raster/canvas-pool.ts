import { createCanvas, type Canvas } from '@napi-rs/canvas';

/** Sizes whose canvases are kept (a card and its trim, a tile and its trim), and canvases kept a size (a layer inside a layer). */
const KEPT_SIZES = 4;
const KEPT_A_SIZE = 2;
/** Pixels of the largest canvas kept (64 MB): a board or a print sheet is let go, not held while the thread lives. */
const KEPT_PIXELS = 16_000_000;

/** Canvases given back, by size; the size used last is the last key. */
const free = new Map<string, Canvas[]>();

/**
 * A canvas of this size, cleared and with every setting at its default: one drawn on before
 * when there is one. Drawing on a canvas made afresh costs more than on one this thread drew on
 * before (measured: 27 ms against 12 ms to fill and read a poker card at 300 dpi): fresh memory
 * is paid for page by page. Give it back once its pixels are read, before anything is awaited.
 */
export function takeCanvas(widthPx: number, heightPx: number): Canvas {
  const kept = free.get(`${widthPx}x${heightPx}`)?.pop();
  if (!kept) return createCanvas(widthPx, heightPx);
  // Pixels transparent, transform, clip, alpha, styles and the state stack as a new canvas has them.
  kept.getContext('2d').reset();
  return kept;
}

export function giveBack(canvas: Canvas): void {
  if (canvas.width * canvas.height > KEPT_PIXELS) return;
  const key = `${canvas.width}x${canvas.height}`;
  const list = free.get(key) ?? [];
  free.delete(key);
  if (list.length < KEPT_A_SIZE) list.push(canvas);
  free.set(key, list);
  if (free.size > KEPT_SIZES) free.delete(free.keys().next().value!);
}
