import sharp from 'sharp';
import type { DisplayList } from '../../shared/display-list.js';
import { parseColor } from '../../shared/colors.js';
import { renderRaster, renderTrims } from '../raster/render-raster.js';
import { pixelSize } from './pixel-size.js';
import { PNG_ENCODING } from '../../shared/png-encoding.js';
import type { Raster as Pixels } from '../../shared/face.js';

export interface PngOptions {
  /** Pixels per inch. */
  dpi: number;
  /** Also draw the trim alone at these sizes (for the Tabletop Simulator images). */
  trims?: readonly { width: number; height: number }[];
  /** False: only the trims are wanted; the PNG is not encoded (`png` is empty). */
  encode?: boolean;
}

export interface RenderedPng {
  png: Buffer;
  widthPx: number;
  heightPx: number;
  /** The trims asked for, as RGB on white. */
  trims?: Pixels[];
}

/**
 * Draws the display list (trim + bleed) with Skia at exactly its pixel size and encodes it with
 * sharp: RGB when the background is opaque, RGBA otherwise; density in pHYs.
 */
export async function renderPng(list: DisplayList, options: PngOptions): Promise<RenderedPng> {
  const { widthPx, heightPx } = pixelSize(list, options.dpi);
  if (options.encode === false) return { png: Buffer.alloc(0), widthPx, heightPx, trims: await renderTrims(list, options.trims ?? []) };
  const raster = await renderRaster(list, { widthPx, heightPx }, options.trims);
  const background = list.background ? parseColor(list.background) : undefined;
  const opaque = background !== undefined && background.a === 1;
  // On an opaque background every pixel's alpha is 255, so premultiplied and straight are the
  // same bytes: sharp is spared the unpremultiplying (measured: 10 % of the encode of a card).
  let image = sharp(raster.data, { raw: { width: widthPx, height: heightPx, channels: 4, premultiplied: !opaque } });
  if (opaque) image = image.removeAlpha();
  const { data, info } = await image
    .png(PNG_ENCODING)
    .withMetadata({ density: options.dpi })
    .toBuffer({ resolveWithObject: true });
  if (info.width !== widthPx || info.height !== heightPx) {
    throw new Error(`sharp encoded ${info.width}×${info.height} px instead of ${widthPx}×${heightPx}`);
  }
  return { png: data, widthPx, heightPx, ...(options.trims ? { trims: raster.trims } : {}) };
}
