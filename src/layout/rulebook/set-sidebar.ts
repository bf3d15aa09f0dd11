import type { Block } from './blocks.js';
import { bodyText, structureKey, type Column, type FlowContext } from './flow-context.js';
import { setBlocks } from './set-blocks.js';
import { setText } from './set-text.js';
import type { Frame, Slice } from './slice.js';

/** Room inside the box, in ems; the title's gap to the text. */
const PAD = 0.6;
const TITLE_GAP = 0.25;
/** A sidebar no taller than this share of a page is never split. */
const KEEP_WHOLE = 0.5;

/**
 * A block quote as a sidebar: a shaded box (drawn per page by the paginator, around the
 * slices that land there) with an optional bold title line in the accent colour.
 */
export function setSidebar(block: Extract<Block, { kind: 'sidebar' }>, column: Column, ctx: FlowContext, depth: number): Slice[] {
  const { style } = ctx;
  const pad = PAD * style.size;
  const inner: Column = { x: column.x + pad, width: column.width - 2 * pad };
  const frame: Frame = { x: column.x, width: column.width, pad, fill: style.shade, stroke: style.accent };
  const title = block.title
    ? setText(block.title.spans, { column: inner, font: bodyText(ctx, { family: style.headingFont, weight: 'bold', color: style.accent, align: 'left', lineHeight: 1.15 }), line: block.line, kind: 'heading' }, ctx)
    : [];
  const titleKey = structureKey(ctx);
  for (const slice of title) {
    slice.keepWithNext = true;
    slice.structure = [{ role: 'P', key: titleKey }];
  }
  const body = setBlocks(block.blocks, inner, ctx, depth + 1);
  if (title.length > 0 && body[0]) body[0].spaceBefore = TITLE_GAP * style.size;
  const slices = [...title, ...body];
  for (const slice of slices) slice.frame = frame;
  const height = slices.reduce((h, s, i) => h + s.height + (i > 0 ? s.spaceBefore : 0), 2 * pad);
  if (height <= ctx.pageHeight * KEEP_WHOLE) slices.slice(0, -1).forEach((s) => (s.keepWithNext = true));
  return slices;
}
