import type { DisplayList } from '../shared/display-list.js';
import { renderRaster } from '../render/raster/render-raster.js';

/** Pages are measured at this resolution: enough for an average, cheap to draw. */
const MEASURE_DPI = 36;

/**
 * Ink coverage of printed pages, measured on the pages drawn to pixels: the share of the page
 * area that black ink would cover to print as dark (each pixel counts 1 − its lightness, over
 * white paper), averaged over the pages, in percent.
 */
export async function inkCoverage(pages: readonly DisplayList[]): Promise<number> {
  if (pages.length === 0) return 0;
  let sum = 0;
  for (const page of pages) {
    const widthPx = Math.max(1, Math.round(((page.width + 2 * page.bleed) / 72) * MEASURE_DPI));
    const heightPx = Math.max(1, Math.round(((page.height + 2 * page.bleed) / 72) * MEASURE_DPI));
    const { data } = await renderRaster(page, { widthPx, heightPx });
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) {
      // Premultiplied RGBA over white paper.
      const white = 255 - data[i + 3]!;
      const lightness = (0.2126 * (data[i]! + white) + 0.7152 * (data[i + 1]! + white) + 0.0722 * (data[i + 2]! + white)) / 255;
      dark += 1 - Math.min(1, lightness);
    }
    sum += dark / (widthPx * heightPx);
  }
  return Math.round((sum / pages.length) * 1000) / 10;
}

/** The coverage of one set's print sheets, normal and in low ink. */
export interface InkFigures {
  set: string;
  pages: number;
  normal: number;
  saver: number;
}
