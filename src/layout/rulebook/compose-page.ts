import type { DisplayItem, DisplayList, FontFace } from '../../shared/display-list.js';
import { literalSpans } from '../../shared/rich-text.js';
import { layoutText } from '../text/layout-text.js';
import type { FlowContext } from './flow-context.js';
import type { FlowPage } from './paginate.js';
import type { PageGeometry } from './page-geometry.js';
import { moveItems } from './slice.js';

/** A line of page furniture (folio, running header) set with its baseline at `baseline`. */
function furniture(text: string, options: { x: number; width: number; baseline: number; align: 'left' | 'center' | 'right'; italic?: boolean; color: string }, g: PageGeometry, ctx: FlowContext) {
  const size = g.furnitureSize;
  const layout = layoutText({ text: literalSpans(text), lang: ctx.game.lang, box: { x: options.x, y: 0, width: options.width, height: size * 3 }, family: ctx.style.font, style: options.italic ? 'italic' : 'normal', size, color: options.color, align: options.align, fonts: ctx.game.fonts });
  const first = layout.lines[0]?.baseline ?? 0;
  return { items: moveItems(layout.items, 0, options.baseline - first), fonts: layout.fonts };
}

/**
 * One page of the flow as a display list: the sidebar boxes behind, the slices at their
 * place in the text area, the running header and the folio (its page number; outside means
 * left on even pages, right on odd ones).
 */
export function composePage(page: FlowPage, options: { number: number; geometry: PageGeometry; title: string }, ctx: FlowContext): DisplayList {
  const g = options.geometry;
  const { style } = ctx;
  const left = g.textLeft(options.number);
  const items: DisplayItem[] = [];
  const fonts: Record<string, FontFace> = {};
  for (const { frame, top, bottom } of page.frames) {
    items.push({ type: 'rect', x: left + frame.x, y: g.textTop + top, width: frame.width, height: bottom - top, radius: frame.pad / 2, fill: frame.fill });
    items.push({ type: 'line', x1: left + frame.x, y1: g.textTop + top, x2: left + frame.x, y2: g.textTop + bottom, stroke: frame.stroke, strokeWidth: 1.2 });
  }
  for (const { slice, y, repeated } of page.placed) {
    const moved = moveItems(slice.items, left, g.textTop + y);
    // A table header repeated on a continued page is read once, where it first printed.
    if (slice.structure && !repeated) items.push({ type: 'group', structure: slice.structure, items: moved });
    else items.push(...moved);
    Object.assign(fonts, slice.fonts);
  }
  const add = (part: { items: DisplayItem[]; fonts: Record<string, FontFace> }) => {
    items.push(...part.items);
    Object.assign(fonts, part.fonts);
  };
  const even = options.number % 2 === 0;
  const band = { x: left, width: g.textWidth };
  if (style.header) {
    const align = style.folio === 'top-center' ? (even ? 'left' : 'right') : 'center';
    add(furniture(options.title, { ...band, baseline: g.topBaseline, align, italic: true, color: style.accent }, g, ctx));
    const y = g.textTop - (g.textTop - g.topBaseline) * 0.45;
    items.push({ type: 'line', x1: left, y1: y, x2: left + g.textWidth, y2: y, stroke: style.ink, strokeWidth: 0.3, opacity: 0.5 });
  }
  if (style.folio !== 'none') {
    const baseline = style.folio.startsWith('top') ? g.topBaseline : g.bottomBaseline;
    const align = style.folio.endsWith('center') ? 'center' : even ? 'left' : 'right';
    add(furniture(String(options.number), { ...band, baseline, align, color: style.ink }, g, ctx));
  }
  return { width: g.width, height: g.height, bleed: 0, items, fonts };
}
