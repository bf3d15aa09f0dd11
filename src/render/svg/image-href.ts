import { statSync } from 'node:fs';
import type { ImageItem } from '../../shared/display-list.js';
import { prepareSvgImage, readImageBytes } from '../image-source.js';

const MIME = { png: 'image/png', jpeg: 'image/jpeg', svg: 'image/svg+xml' } as const;

/** Base64 of raster files, kept while the file is unchanged (a deck repeats its back image). */
const cache = new Map<string, { stamp: string; base64: string }>();
const CACHE_LIMIT = 64 * 1024 * 1024;
let cached = 0;

function remember(file: string, entry: { stamp: string; base64: string }): void {
  const old = cache.get(file);
  if (old) cached -= old.base64.length;
  cache.delete(file);
  cache.set(file, entry);
  cached += entry.base64.length;
  // Oldest first: Map keeps insertion order.
  for (const [key, value] of cache) {
    if (cached <= CACHE_LIMIT || key === file) break;
    cache.delete(key);
    cached -= value.base64.length;
  }
}

function rasterBase64(item: ImageItem): string {
  const file = item.source.path;
  if (!file) return readImageBytes(item.source).toString('base64');
  const stat = statSync(file);
  const stamp = `${stat.size}:${stat.mtimeMs}`;
  const hit = cache.get(file);
  if (hit && hit.stamp === stamp) return hit.base64;
  const base64 = readImageBytes(item.source).toString('base64');
  remember(file, { stamp, base64 });
  return base64;
}

/**
 * A data URI for the image. An SVG stays a separate document (its ids cannot clash with the
 * page's), with `tint` already replacing currentColor.
 */
export function imageHref(item: ImageItem): string {
  const base64 =
    item.source.kind === 'svg' ? Buffer.from(prepareSvgImage(item.source, item.tint), 'utf8').toString('base64') : rasterBase64(item);
  return `data:${MIME[item.source.kind]};base64,${base64}`;
}
