import { createCanvas } from '@napi-rs/canvas';
import type { DisplayList } from '../../shared/display-list.js';
import { combinedAlpha, parseColor } from '../../shared/colors.js';
import { loadImages } from './raster-image.js';
import { rasterItem } from './raster-item.js';

export interface Raster {
  /** RGBA, premultiplied by alpha, row by row. */
  data: Uint8Array;
  widthPx: number;
  heightPx: number;
}

/**
 * Draws the display list (trim + bleed) straight onto a pixel surface with Skia: the box from
 * −bleed to width + bleed is stretched onto exactly widthPx × heightPx, text is drawn from the
 * glyph outlines the PDF embeds, and no SVG is written or parsed.
 */
export async function renderRaster(list: DisplayList, size: { widthPx: number; heightPx: number }): Promise<Raster> {
  const { widthPx, heightPx } = size;
  const sx = widthPx / (list.width + 2 * list.bleed);
  const sy = heightPx / (list.height + 2 * list.bleed);
  const images = await loadImages(list.items, [sx, 0, 0, sy, sx * list.bleed, sy * list.bleed]);
  const canvas = createCanvas(widthPx, heightPx);
  const ctx = canvas.getContext('2d');
  const boxWidth = list.width + 2 * list.bleed;
  const boxHeight = list.height + 2 * list.bleed;
  ctx.scale(widthPx / boxWidth, heightPx / boxHeight);
  ctx.translate(list.bleed, list.bleed);
  // PDF's default miter limit, so sharp corners of strokes match the PDF.
  ctx.miterLimit = 10;
  if (list.background) {
    const color = parseColor(list.background);
    ctx.fillStyle = `rgba(${color.r},${color.g},${color.b},${combinedAlpha(color)})`;
    ctx.fillRect(-list.bleed, -list.bleed, boxWidth, boxHeight);
  }
  const rc = { fonts: list.fonts, images, widthPx, heightPx };
  for (const item of list.items) rasterItem(ctx, rc, item);
  return { data: canvas.data(), widthPx, heightPx };
}
