import sharp from 'sharp';
import type { Face, FacePicture, PictureFace } from '../../shared/face.js';
import { PNG_ENCODING } from '../../shared/png-encoding.js';

export interface Raster {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}


/** Where the trim lies in a picture of trim + bleed, in pixels (the bleed's share of each side). */
export function trimRegion(face: Face, picture: FacePicture): { left: number; top: number; width: number; height: number } {
  const { width, height, bleed } = face.list;
  const left = Math.round((picture.widthPx * bleed) / (width + 2 * bleed));
  const top = Math.round((picture.heightPx * bleed) / (height + 2 * bleed));
  return { left, top, width: Math.max(1, picture.widthPx - 2 * left), height: Math.max(1, picture.heightPx - 2 * top) };
}

/**
 * The trim of a face (no bleed: TTS shows the cut component) at exactly `width` × `height` px,
 * as raw RGB on white: cut from the face's picture (the build's component PNG) and scaled.
 */
export async function trimRaster(face: Face, size: { width: number; height: number }, picture: PictureFace): Promise<Raster> {
  const { width, height } = size;
  const found = await picture(face, { widthPx: width, heightPx: height });
  const { data, info } = await sharp(found.png)
    .extract(trimRegion(face, found))
    .resize(width, height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height) throw new Error(`sharp gave ${info.width}×${info.height} px instead of ${width}×${height}`);
  return { data, width, height, channels: 3 };
}

/** Encodes raw pixels as a PNG the same way every time (no metadata, fixed compression). */
export async function encodePng(raster: Raster): Promise<Buffer> {
  return sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: raster.channels } }).png(PNG_ENCODING).toBuffer();
}

/** `mm` at `dpi`, in whole pixels (at least 1). */
export function mmToPx(mm: number, dpi: number): number {
  return Math.max(1, Math.round((mm / 25.4) * dpi));
}
