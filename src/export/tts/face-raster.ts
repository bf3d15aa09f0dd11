import sharp from 'sharp';
import type { ExportFace } from '../types.js';

export interface Raster {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** The trim of a face's PNG: the bleed cut off, in proportion to the display list. */
export async function cropTrim(face: ExportFace): Promise<sharp.Sharp> {
  const { list } = face;
  const meta = await sharp(face.png).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const left = Math.round((list.bleed / (list.width + 2 * list.bleed)) * width);
  const top = Math.round((list.bleed / (list.height + 2 * list.bleed)) * height);
  const image = sharp(face.png);
  if (left === 0 && top === 0) return image;
  return sharp(await image.extract({ left, top, width: width - 2 * left, height: height - 2 * top }).png().toBuffer());
}

/** The face's trim scaled to exactly `width` × `height` px, as raw RGB on white. */
export async function rasterizeTrim(face: ExportFace, width: number, height: number): Promise<Raster> {
  const trim = await cropTrim(face);
  const data = await trim
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return { data, width, height, channels: 3 };
}

/** Encodes raw pixels as a PNG the same way every time (no metadata, fixed compression). */
export async function encodePng(raster: Raster): Promise<Buffer> {
  return sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: raster.channels } })
    .png({ compressionLevel: 9, adaptiveFiltering: false })
    .toBuffer();
}
