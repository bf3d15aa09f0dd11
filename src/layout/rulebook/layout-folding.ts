import type { DisplayItem, DisplayList, FontFace } from '../../shared/display-list.js';
import { captionsFor } from './captions.js';
import { FOLD_DRAWINGS } from './draw-folding.js';
import { bodyText, type FlowContext } from './flow-context.js';
import { literalSpans } from '../../shared/rich-text.js';
import { headingSize } from './page-style.js';
import { setText } from './set-text.js';
import { moveItems, stackSlices } from './slice.js';

/** Share of a step's cell the drawing takes; the caption goes below. */
const DRAWING_SHARE = 0.55;

/**
 * The folding steps of a PocketMod, for its back cover: a title and six numbered cells (two
 * columns, three rows), each a drawing made of shapes and a short caption in the game's language.
 */
export function layoutFolding(ctx: FlowContext, page: { width: number; height: number }): DisplayList {
  const { style } = ctx;
  const words = captionsFor(ctx.game.lang);
  const m = style.margin;
  const area = { x: m.outside, y: m.top, width: page.width - m.inside - m.outside, height: page.height - m.top - m.bottom };
  const items: DisplayItem[] = [];
  const fonts: Record<string, FontFace> = {};
  const place = (part: { items: DisplayItem[]; fonts: Record<string, FontFace> }, dy: number) => {
    items.push(...moveItems(part.items, 0, dy));
    Object.assign(fonts, part.fonts);
  };
  const title = stackSlices(setText(literalSpans(words.foldTitle), { column: { x: area.x, width: area.width }, font: bodyText(ctx, { family: style.headingFont, weight: 'bold', size: headingSize(style, 2), color: style.accent, align: 'center' }), line: 0 }, ctx));
  place(title, area.y);
  const gridTop = area.y + title.height + style.size * 0.6;
  const cellWidth = area.width / 2;
  const cellHeight = (area.y + area.height - gridTop) / 3;
  const colors = { ink: style.ink, accent: style.accent, paper: '#ffffff' };
  // A PocketMod sheet is 4 × 2 panels.
  const shape = { sheet: (4 * page.width) / (2 * page.height), panel: page.width / page.height };
  const badge = style.size * 0.85;
  FOLD_DRAWINGS.forEach((draw, i) => {
    const x = area.x + (i % 2) * cellWidth;
    const y = gridTop + Math.floor(i / 2) * cellHeight;
    const drawing = { x: x + badge * 1.2, y: y + badge * 0.4, width: cellWidth - badge * 2.4, height: cellHeight * DRAWING_SHARE - badge * 0.4 };
    items.push(...draw(drawing, colors, shape));
    items.push({ type: 'ellipse', cx: x + badge, cy: y + badge, rx: badge, ry: badge, fill: style.accent });
    const number = stackSlices(setText(literalSpans(String(i + 1)), { column: { x, width: badge * 2 }, font: bodyText(ctx, { weight: 'bold', size: badge * 1.2, color: '#ffffff', align: 'center', lineHeight: 1 }), line: 0 }, ctx));
    place(number, y + badge - number.height / 2);
    const caption = setText(literalSpans(words.foldSteps[i]!), { column: { x: x + 2, width: cellWidth - 4 }, font: bodyText(ctx, { size: style.size * 0.85, align: 'center', lineHeight: 1.15 }), line: 0 }, ctx);
    place(stackSlices(caption), y + cellHeight * DRAWING_SHARE + style.size * 0.2);
  });
  return { width: page.width, height: page.height, bleed: 0, items, fonts };
}
