import { Image } from '@napi-rs/canvas';
import type { ImageItem } from '../../shared/display-list.js';
import { fileStamp } from '../../shared/file-stamp.js';
import { prepareSvgImage, readImageBytes } from '../image-source.js';

/** Decoded raster images, kept while the file is unchanged (a deck repeats its back image). */
const rasters = new Map<string, { stamp: string; image: Image }>();
const KEEP = 32;

function decoded(bytes: Buffer): Image {
  const image = new Image();
  image.src = bytes;
  if (!image.complete || image.width === 0) throw new Error('the image could not be decoded');
  return image;
}

function rasterImage(item: ImageItem): Image {
  const file = item.source.path;
  if (!file) return decoded(readImageBytes(item.source));
  const stamp = fileStamp(file);
  const hit = rasters.get(file);
  if (hit && hit.stamp === stamp) return hit.image;
  const image = decoded(readImageBytes(item.source));
  rasters.delete(file);
  rasters.set(file, { stamp, image });
  // Oldest first: Map keeps insertion order.
  for (const key of rasters.keys()) {
    if (rasters.size <= KEEP) break;
    rasters.delete(key);
  }
  return image;
}

/**
 * The image to draw. An SVG is rendered at the pixel size it covers on the page (so vector art
 * stays sharp), with its tint already replacing currentColor.
 */
export function imageToDraw(item: ImageItem, devicePx: { width: number; height: number }): Image {
  if (item.source.kind !== 'svg') return rasterImage(item);
  const markup = prepareSvgImage(item.source, item.tint);
  const width = Math.max(1, Math.ceil(devicePx.width));
  const height = Math.max(1, Math.ceil(devicePx.height));
  const sized = markup.replace(/<svg\b[^>]*>/i, (root) =>
    root
      .replace(/\s(width|height|preserveAspectRatio)\s*=\s*("[^"]*"|'[^']*')/gi, '')
      .replace(/^<svg\b/i, `<svg width="${width}" height="${height}" preserveAspectRatio="none"`),
  );
  return decoded(Buffer.from(sized, 'utf8'));
}
