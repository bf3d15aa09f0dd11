import type { DisplayList } from '../../shared/display-list.js';
import { attrs } from './format.js';
import { fillAttrs } from './paint-attrs.js';
import { svgItem, type SvgContext } from './svg-item.js';

export interface SvgOptions {
  /** Exact pixel size of the picture; the viewBox (trim + bleed, in points) is stretched onto it. */
  widthPx: number;
  heightPx: number;
}

/**
 * The display list as a standalone SVG: viewBox = trim + bleed in points (x and y from
 * −bleed), width/height = the pixel size. Text is glyph outlines, images are data URIs, so the
 * file needs nothing else to render identically anywhere (librsvg included).
 */
export function renderSvg(list: DisplayList, options: SvgOptions): string {
  const { bleed } = list;
  const box = { x: -bleed, y: -bleed, width: list.width + 2 * bleed, height: list.height + 2 * bleed };
  const ctx: SvgContext = { fonts: list.fonts, defs: [] };
  const body: string[] = [];
  if (list.background) body.push(`<rect${attrs({ ...box, ...fillAttrs(list.background) })}/>`);
  for (const item of list.items) body.push(svgItem(ctx, item));
  const root = attrs({
    xmlns: 'http://www.w3.org/2000/svg',
    'xmlns:xlink': 'http://www.w3.org/1999/xlink',
    width: options.widthPx,
    height: options.heightPx,
    viewBox: [box.x, box.y, box.width, box.height].map((n) => String(Math.round(n * 1e6) / 1e6)).join(' '),
    // Rounding to whole pixels changes the aspect ratio a hair; stretch rather than letterbox.
    preserveAspectRatio: 'none',
    // PDF's default miter limit, so sharp corners of strokes match the PDF.
    'stroke-miterlimit': 10,
  });
  const defs = ctx.defs.length > 0 ? `<defs>${ctx.defs.join('')}</defs>` : '';
  return `<svg${root}>${defs}${body.join('')}</svg>\n`;
}
