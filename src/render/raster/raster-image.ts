import { createCanvas, loadImage, type Image } from '@napi-rs/canvas';
import type { DisplayItem, Matrix } from '../../shared/display-list.js';
import type { ImageItem } from '../../shared/display-list.js';
import { fileStamp } from '../../shared/file-stamp.js';
import { prepareSvgImage, readImageBytes } from '../image-source.js';
import { multiplyMatrix } from '../../shared/placement.js';

/**
 * Raster images, kept per file while it is unchanged (a deck repeats its art and its back
 * image), as bytes Skia decodes at once: the pixels it decoded from the file, written again as
 * an uncompressed BMP. Decoding the bench card's JPEG art (816 × 473 px) took 5.3 ms, twice a
 * card (its PNG and its trim); the BMP of its pixels 0.9 ms, and it draws the very same pixels.
 * Each draw still gets an Image of its own: Skia keeps a scaled copy with an image for every
 * draw (3.7 MB a card, until the Image is collected), so a kept Image would grow the thread by
 * that much each card. Files whose pixels Skia turns into other colours as it draws (an ICC
 * profile, PNG colour chunks), that Exif may turn, or with any transparency keep their own bytes.
 */
const rasters = new Map<string, { stamp: string; bytes: Promise<Buffer>; size: number }>();
const KEEP = 32;
/** Bytes kept at most (files as read, or their BMPs), the oldest let go first. */
const KEEP_BYTES = 64 * 1024 * 1024;

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
  let entry = rasters.get(file);
  rasters.delete(file);
  if (!entry || entry.stamp !== stamp) {
    const read = readImageBytes(item.source);
    const kept = { stamp, bytes: quickToDecode(read, item.source.kind), size: read.length };
    void kept.bytes.then((bytes) => (kept.size = bytes.length));
    entry = kept;
  }
  // Most recently used last: Map keeps insertion order.
  rasters.set(file, entry);
  let total = 0;
  for (const kept of rasters.values()) total += kept.size;
  for (const [key, kept] of rasters) {
    if (rasters.size <= KEEP && total <= KEEP_BYTES) break;
    if (kept === entry) continue;
    total -= kept.size;
    rasters.delete(key);
  }
  return entry.bytes.then(decoded);
}

/**
 * The pixels Skia decodes from `bytes`, as a BMP (24 bits, rows top down), when they are drawn
 * as they are: else (colours converted as drawn, Exif, transparency, or not decodable) the
 * bytes themselves, for decoded() to draw or to report.
 */
async function quickToDecode(bytes: Buffer, kind: ImageItem['source']['kind']): Promise<Buffer> {
  if (!drawnAsDecoded(bytes, kind)) return bytes;
  let image: Image;
  try {
    image = await decoded(bytes);
  } catch {
    return bytes;
  }
  const { width, height } = image;
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  const rgba = canvas.data();
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return bytes;
  const row = (width * 3 + 3) & ~3;
  const bmp = Buffer.alloc(54 + row * height);
  bmp.write('BM', 0, 'latin1');
  bmp.writeUInt32LE(bmp.length, 2);
  bmp.writeUInt32LE(54, 10);
  // BITMAPINFOHEADER: a negative height puts the first row on top.
  bmp.writeUInt32LE(40, 14);
  bmp.writeInt32LE(width, 18);
  bmp.writeInt32LE(-height, 22);
  bmp.writeUInt16LE(1, 26);
  bmp.writeUInt16LE(24, 28);
  bmp.writeUInt32LE(row * height, 34);
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width * 4, o = 54 + y * row; x < width; x++, i += 4, o += 3) {
      bmp[o] = rgba[i + 2]!;
      bmp[o + 1] = rgba[i + 1]!;
      bmp[o + 2] = rgba[i]!;
    }
  }
  return bmp;
}

/** PNG chunks that make Skia convert the colours it decodes as it draws them. */
const PNG_COLOUR_CHUNKS = new Set(['iCCP', 'sRGB', 'gAMA', 'cHRM', 'cICP']);

/** Whether Skia draws the pixels it decodes from `bytes` as they are: no colour profile, no Exif. */
function drawnAsDecoded(bytes: Buffer, kind: ImageItem['source']['kind']): boolean {
  if (kind === 'png') {
    if (bytes.length < 8 || bytes.readUInt32BE(0) !== 0x89504e47) return false;
    for (let at = 8; at + 8 <= bytes.length; ) {
      const type = bytes.toString('latin1', at + 4, at + 8);
      if (PNG_COLOUR_CHUNKS.has(type)) return false;
      if (type === 'IDAT') return true;
      at += 12 + bytes.readUInt32BE(at);
    }
    return false;
  }
  if (kind !== 'jpeg' || bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  // The segments before the image data: APP1 (Exif, which may turn it) and APP2 (an ICC profile) rule it out.
  for (let at = 2; at + 4 <= bytes.length; ) {
    if (bytes[at] !== 0xff) return false;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xda) return true;
    if (marker === 0xe1 || marker === 0xe2) return false;
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return false;
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
