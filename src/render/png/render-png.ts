import sharp from 'sharp';
import type { DisplayList } from '../../shared/display-list.js';
import { parseColor } from '../../shared/colors.js';
import { renderRaster } from '../raster/render-raster.js';
import { pixelSize } from './pixel-size.js';
import { PNG_ENCODING } from '../../shared/png-encoding.js';

export interface PngOptions {
  /** Pixels per inch. */
  dpi: number;
}

export interface RenderedPng {
  png: Buffer;
  widthPx: number;
  heightPx: number;
}

/**
 * Draws the display list (trim + bleed) with Skia at exactly its pixel size and encodes it with
 * sharp: RGB when the background is opaque, RGBA otherwise; density in pHYs.
 */
export async function renderPng(list: DisplayList, options: PngOptions): Promise<RenderedPng> {
  const { widthPx, heightPx } = pixelSize(list, options.dpi);
  const raster = await renderRaster(list, { widthPx, heightPx });
  let image = sharp(raster.data, { raw: { width: widthPx, height: heightPx, channels: 4, premultiplied: true } });
  const background = list.background ? parseColor(list.background) : undefined;
  if (background && background.a === 1) image = image.removeAlpha();
  const { data, info } = await image
    .png(PNG_ENCODING)
    .withMetadata({ density: options.dpi })
    .toBuffer({ resolveWithObject: true });
  if (info.width !== widthPx || info.height !== heightPx) {
    throw new Error(`sharp encoded ${info.width}×${info.height} px instead of ${widthPx}×${heightPx}`);
  }
  return { png: data, widthPx, heightPx };
}
