import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { FIXTURES } from './sample-list.js';

/** Decodes a PNG to RGBA. */
export function decodePng(bytes: Buffer): PNG {
  return PNG.sync.read(bytes);
}

/** The RGBA of the pixel that holds the point (x, y), given in display-list points. */
export function pixelAt(png: PNG, point: { x: number; y: number }, view: { bleed: number; dpi: number }): [number, number, number, number] {
  const px = Math.floor(((point.x + view.bleed) / 72) * view.dpi);
  const py = Math.floor(((point.y + view.bleed) / 72) * view.dpi);
  const i = (py * png.width + px) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!, png.data[i + 3]!];
}

/** Number of pixels that differ (pixelmatch, threshold 0.1, anti-aliased pixels counted too). */
export function countDifferentPixels(a: PNG, b: PNG): number {
  if (a.width !== b.width || a.height !== b.height) return Number.POSITIVE_INFINITY;
  return pixelmatch(a.data, b.data, undefined, a.width, a.height, { threshold: 0.1, includeAA: true });
}

/**
 * The stored reference picture. With UPDATE_RENDER_FIXTURES=1 the given picture is written
 * first (only after looking at it!).
 */
export function referencePng(name: string, current: Buffer): PNG {
  const file = path.join(FIXTURES, name);
  if (process.env.UPDATE_RENDER_FIXTURES === '1' || !existsSync(file)) {
    if (process.env.UPDATE_RENDER_FIXTURES !== '1') throw new Error(`missing ${file}; run with UPDATE_RENDER_FIXTURES=1 once, then look at it`);
    writeFileSync(file, current);
  }
  return decodePng(readFileSync(file));
}
