import sharp from 'sharp';
import type { DisplayList } from '../../shared/display-list.js';
import { parseColor } from '../../shared/colors.js';
import { renderSvg } from '../svg/render-svg.js';

export interface PngOptions {
  /** Pixels per inch. */
  dpi: number;
}

export interface RenderedPng {
  png: Buffer;
  widthPx: number;
  heightPx: number;
}

/** Pixel size of trim + bleed at `dpi`: round(points / 72 × dpi) on each axis. */
export function pixelSize(list: DisplayList, dpi: number): { widthPx: number; heightPx: number } {
  if (!(dpi > 0)) throw new Error(`dpi must be a positive number, got ${dpi}`);
  const px = (points: number) => Math.max(1, Math.round((points / 72) * dpi));
  return { widthPx: px(list.width + 2 * list.bleed), heightPx: px(list.height + 2 * list.bleed) };
}

/**
 * Rasterizes the display list (trim + bleed) through its SVG with sharp. The SVG's width and
 * height are the pixel size and sharp reads it at density 72, so one SVG pixel is one PNG
 * pixel (PITFALLS 5). RGB when the background is opaque, RGBA otherwise; density in pHYs.
 */
export async function renderPng(list: DisplayList, options: PngOptions): Promise<RenderedPng> {
  const { widthPx, heightPx } = pixelSize(list, options.dpi);
  const svg = renderSvg(list, { widthPx, heightPx });
  let image = sharp(Buffer.from(svg, 'utf8'), { density: 72, unlimited: true });
  const background = list.background ? parseColor(list.background) : undefined;
  if (background && background.a === 1) {
    image = image.flatten({ background: { r: background.r, g: background.g, b: background.b } }).removeAlpha();
  } else {
    image = image.ensureAlpha();
  }
  const { data, info } = await image
    .png({ compressionLevel: 9, adaptiveFiltering: false })
    .withMetadata({ density: options.dpi })
    .toBuffer({ resolveWithObject: true });
  if (info.width !== widthPx || info.height !== heightPx) {
    throw new Error(`sharp rendered ${info.width}×${info.height} px instead of ${widthPx}×${heightPx}`);
  }
  return { png: data, widthPx, heightPx };
}
