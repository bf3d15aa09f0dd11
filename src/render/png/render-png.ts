import type { DisplayList } from '../../shared/display-list.js';
import { parseColor } from '../../shared/colors.js';
import { renderRaster, renderTrims } from '../raster/render-raster.js';
import { pixelSize } from './pixel-size.js';
import { encodePng } from '../../shared/png-write.js';
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
 * Draws the display list (trim + bleed) with Skia at exactly its pixel size and encodes it
 * (png-write.ts): RGB when the background is opaque, RGBA otherwise; density in pHYs.
 */
export async function renderPng(list: DisplayList, options: PngOptions): Promise<RenderedPng> {
  const { widthPx, heightPx } = pixelSize(list, options.dpi);
  if (options.encode === false) return { png: Buffer.alloc(0), widthPx, heightPx, trims: await renderTrims(list, options.trims ?? []) };
  const raster = await renderRaster(list, { widthPx, heightPx }, options.trims);
  const background = list.background ? parseColor(list.background) : undefined;
  const opaque = background !== undefined && background.a === 1;
  // On an opaque background every pixel's alpha is 255: the PNG is RGB.
  const png = encodePng({ data: raster.data, width: widthPx, height: heightPx, channels: 4 }, { color: opaque ? 'rgb' : 'rgba', premultiplied: true }, { dpi: options.dpi });
  return { png, widthPx, heightPx, ...(options.trims ? { trims: raster.trims } : {}) };
}
