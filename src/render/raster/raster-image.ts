import { loadImage, type Image } from '@napi-rs/canvas';
import type { DisplayItem, Matrix } from '../../shared/display-list.js';
import type { ImageItem } from '../../shared/display-list.js';
import { fileStamp } from '../../shared/file-stamp.js';
import { prepareSvgImage, readImageBytes } from '../image-source.js';
import { multiplyMatrix } from '../../shared/placement.js';

/**
 * The bytes of raster images, kept while the file is unchanged (a deck repeats its back image).
 * Each draw decodes its own Image: Skia keeps scaled copies with an image it has drawn, and a
 * reused Image would draw differently after being drawn at another size (the bytes of a card
 * would depend on what was drawn before it).
 */
const rasters = new Map<string, { stamp: string; bytes: Buffer }>();
const KEEP = 32;

/** Decodes an image; its pixels are there once the promise settles (Skia decodes off the main thread). */
async function decoded(bytes: Buffer): Promise<Image> {
  const image = await loadImage(bytes);
  if (image.width === 0) throw new Error('the image could not be decoded');
  return image;
}

function rasterImage(item: ImageItem): Promise<Image> {
  const file = item.source.path;
  if (!file) return decoded(readImageBytes(item.source));
  const stamp = fileStamp(file);
  const hit = rasters.get(file);
  if (hit && hit.stamp === stamp) return decoded(hit.bytes);
  const bytes = readImageBytes(item.source);
  rasters.delete(file);
  rasters.set(file, { stamp, bytes });
  // Oldest first: Map keeps insertion order.
  for (const key of rasters.keys()) {
    if (rasters.size <= KEEP) break;
    rasters.delete(key);
  }
  return decoded(bytes);
}

/**
 * The image to draw. An SVG is rendered at the pixel size it covers on the page (so vector art
 * stays sharp), with its tint already replacing currentColor.
 */
function imageToDraw(item: ImageItem, devicePx: { width: number; height: number }): Promise<Image> {
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

const multiply = multiplyMatrix;

/**
 * Every image of a display list, decoded before anything is drawn: `base` is the matrix from
 * the list's points to pixels, so that SVG art is rendered at the size it will cover.
 */
export async function loadImages(items: readonly DisplayItem[], base: Matrix): Promise<Map<ImageItem, Image>> {
  const pending: [ImageItem, Promise<Image>][] = [];
  const visit = (list: readonly DisplayItem[], m: Matrix) => {
    for (const item of list) {
      if (item.type === 'image') {
        pending.push([item, imageToDraw(item, { width: item.width * Math.hypot(m[0], m[1]), height: item.height * Math.hypot(m[2], m[3]) })]);
      } else if (item.type === 'group') visit(item.items, item.transform ? multiply(m, item.transform) : m);
    }
  };
  visit(items, base);
  return new Map(await Promise.all(pending.map(async ([item, image]) => [item, await image] as const)));
}
