import type { Block } from './blocks.js';
import { bodyText, structureKey, type Column, type FlowContext } from './flow-context.js';
import { literalSpans } from '../../shared/rich-text.js';
import { GAPS } from './page-style.js';
import { setBlocks } from './set-blocks.js';
import { setText } from './set-text.js';
import { moveItems, wrapStructure, type Slice } from './slice.js';
import { measureText } from '../text/shape.js';

/** Bullets by depth: a drawn dot (a font's • is often tiny), then an en dash. */
const BULLETS = ['•', '–'] as const;
const DOT_RADIUS = 0.16;
/** Room between a marker and the item's text, and the smallest hang, in ems. */
const MARKER_GAP = 0.4;
const MIN_HANG = 1.1;
/**
 * The narrowest an item's text is made by indenting, in ems: a list nested deeper than the
 * column has room for is set at the indent of the last level that had it, its markers where
 * that level's are (nested 40 deep on an A4 page, an item's text had a box of negative width).
 */
const MIN_TEXT_EMS = 10;

function markerOf(block: Extract<Block, { kind: 'list' }>, index: number, depth: number): string {
  return block.ordered ? `${block.start + index}.` : BULLETS[depth % BULLETS.length]!;
}

/** The x-height of the body font: a bullet dot sits at half of it. */
function xHeight(ctx: FlowContext): number {
  const font = ctx.game.fonts.resolve(ctx.style.font, 'normal', 'normal')?.font;
  const ratio = font && font.xHeight > 0 ? font.xHeight / font.unitsPerEm : 0.45;
  return ratio * ctx.style.size;
}

/** The hang: wide enough for the widest marker of the list and a gap. */
function hangWidth(markers: readonly string[], ctx: FlowContext): number {
  const font = ctx.game.fonts.resolve(ctx.style.font, 'normal', 'normal') ?? ctx.game.fonts.resolve(undefined, 'normal', 'normal');
  const size = ctx.style.size;
  const widest = Math.max(0, ...markers.map((m) => (font ? measureText(font.font, m, { size }) : size * 0.6 * m.length)));
  return Math.max(widest + MARKER_GAP * size, MIN_HANG * size);
}

/**
 * A list with hanging markers: each item's blocks are set in the column minus the hang; its
 * bullet or number sits right-aligned in the hang, on the baseline of the item's first line.
 */
export function setList(block: Extract<Block, { kind: 'list' }>, column: Column, ctx: FlowContext, depth: number): Slice[] {
  const size = ctx.style.size;
  const markers = block.items.map((_, i) => markerOf(block, i, depth));
  const hang = hangWidth(markers, ctx);
  // Past the room to indent, a nested list's items keep the column and its markers hang into the level above's.
  const indents = depth === 0 || column.width - hang >= MIN_TEXT_EMS * size;
  const inner: Column = indents ? { x: column.x + hang, width: column.width - hang } : column;
  const markerX = indents ? column.x : column.x - hang;
  const out: Slice[] = [];
  block.items.forEach((item, i) => {
    const slices = setBlocks(item, inner, ctx, depth + 1);
    const first = slices[0];
    if (!first) return;
    first.spaceBefore = i === 0 ? 0 : (block.tight ? GAPS.item : GAPS.paragraph) * size;
    const markerColumn = { x: markerX, width: hang - MARKER_GAP * size };
    const target = first.baseline ?? size;
    if (markers[i] === BULLETS[0]) {
      const r = DOT_RADIUS * size;
      first.items.push({ type: 'ellipse', cx: markerColumn.x + markerColumn.width - r, cy: target - xHeight(ctx) / 2, rx: r, ry: r, fill: ctx.style.accent });
    } else {
      const [marker] = setText(literalSpans(markers[i]!), { column: markerColumn, font: bodyText(ctx, { align: 'right', color: ctx.style.accent }), line: block.line }, ctx);
      // Before the item's text, so the number is read first.
      if (marker) first.items.unshift(...moveItems(marker.items, 0, target - (marker.baseline ?? 0)));
      if (marker) first.fonts = { ...first.fonts, ...marker.fonts };
    }
    first.text = `${markers[i]} ${first.text}`;
    wrapStructure(slices, { role: 'LI', key: structureKey(ctx) }, { role: 'LBody', key: structureKey(ctx) });
    out.push(...slices);
  });
  return out;
}
