import sharp from 'sharp';
import type { DisplayList } from '../../shared/display-list.js';
import { renderRaster } from '../../render/raster/render-raster.js';

export interface Raster {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

const PNG_OPTIONS = { compressionLevel: 9, adaptiveFiltering: false } as const;

/**
 * The trim of a face (no bleed: TTS shows the cut component) drawn from its display list at
 * exactly `width` × `height` px, as raw RGB on white, or RGBA when `alpha` is asked for.
 */
export async function rasterizeTrim(list: DisplayList, width: number, height: number, alpha = false): Promise<Raster> {
  const raster = await renderRaster({ ...list, bleed: 0 }, { widthPx: width, heightPx: height });
  const image = sharp(raster.data, { raw: { width, height, channels: 4, premultiplied: true } });
  const flat = alpha ? image.ensureAlpha() : image.flatten({ background: '#ffffff' }).removeAlpha();
  const { data, info } = await flat.raw().toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height) throw new Error(`sharp drew ${info.width}×${info.height} px instead of ${width}×${height}`);
  return { data, width, height, channels: alpha ? 4 : 3 };
}

/** Encodes raw pixels as a PNG the same way every time (no metadata, fixed compression). */
export async function encodePng(raster: Raster): Promise<Buffer> {
  return sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: raster.channels } }).png(PNG_OPTIONS).toBuffer();
}

/** `mm` at `dpi`, in whole pixels (at least 1). */
export function mmToPx(mm: number, dpi: number): number {
  return Math.max(1, Math.round((mm / 25.4) * dpi));
}
