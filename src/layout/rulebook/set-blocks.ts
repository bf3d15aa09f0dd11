import type { Block } from './blocks.js';
import type { StructureStep } from '../../shared/display-list.js';
import { bodyText, structureKey, type Column, type FlowContext } from './flow-context.js';
import { GAPS, headingSize } from './page-style.js';
import { setImage } from './set-image.js';
import { setComponents } from './set-components.js';
import { setList } from './set-list.js';
import { setSidebar } from './set-sidebar.js';
import { setTable } from './set-table.js';
import { keepLinesTogether, setText } from './set-text.js';
import { wrapStructure, type Slice } from './slice.js';


function setHeading(block: Extract<Block, { kind: 'heading' }>, column: Column, ctx: FlowContext): Slice[] {
  const { style } = ctx;
  const slices = setText(block.text.spans, {
    column,
    font: { ...bodyText(ctx), family: style.headingFont, weight: 'bold', size: headingSize(style, block.level), color: block.level <= 2 ? style.accent : style.ink, align: 'left', lineHeight: 1.15 },
    line: block.line,
    kind: 'heading',
  }, ctx);
  for (const slice of slices) slice.keepWithNext = true;
  if (slices.length > 0) slices[slices.length - 1]!.height += GAPS.afterHeading * style.size;
  return slices;
}

function setRule(column: Column, ctx: FlowContext): Slice[] {
  const width = column.width * 0.3;
  const x = column.x + (column.width - width) / 2;
  const y = ctx.style.size / 2;
  return [{ kind: 'rule', height: ctx.style.size, spaceBefore: 0, items: [{ type: 'line', x1: x, y1: y, x2: x + width, y2: y, stroke: ctx.style.accent, strokeWidth: 0.5 }], fonts: {}, keepWithNext: false, text: '' }];
}

function setBlock(block: Block, column: Column, ctx: FlowContext, depth: number): Slice[] {
  switch (block.kind) {
    case 'heading':
      return setHeading(block, column, ctx);
    case 'paragraph':
      return keepLinesTogether(setText(block.text.spans, { column, font: bodyText(ctx), line: block.line }, ctx));
    case 'list':
      return setList(block, column, ctx, depth);
    case 'table':
      return setTable(block, column, ctx);
    case 'image':
      return setImage(block, column, ctx);
    case 'sidebar':
      return setSidebar(block, column, ctx, depth);
    case 'rule':
      return setRule(column, ctx);
    case 'components':
      return setComponents(column, ctx);
    case 'pagebreak':
      return [];
  }
}

/** What a block is in the document's structure; rules and page breaks are not part of it. */
function structureOf(block: Block, ctx: FlowContext): StructureStep | undefined {
  const key = structureKey(ctx);
  switch (block.kind) {
    case 'heading':
      return { role: `H${Math.min(Math.max(block.level, 1), 6)}` as StructureStep['role'], key, title: block.text.plain };
    case 'paragraph':
      return { role: 'P', key };
    case 'list':
    case 'components':
      return { role: 'L', key };
    case 'table':
      return { role: 'Table', key };
    case 'image':
      return { role: 'Figure', key, alt: block.alt || block.caption };
    case 'sidebar':
      return { role: 'Div', key };
    default:
      return undefined;
  }
}

function gapBefore(block: Block, ctx: FlowContext, depth: number): number {
  const size = ctx.style.size;
  if (block.kind === 'heading') return GAPS.heading[Math.min(block.level, 3) - 1]! * size;
  if (block.kind === 'list' && depth > 0) return GAPS.item * size;
  if (block.kind === 'table' || block.kind === 'image' || block.kind === 'sidebar' || block.kind === 'rule') return GAPS.figure * size;
  return GAPS.paragraph * size;
}

/**
 * Sets blocks one after the other in a column: slices with the room above each block (none
 * after a heading, whose own gap follows it) and explicit page breaks. At the top level
 * (depth 0) each slice remembers its block.
 */
export function setBlocks(blocks: readonly Block[], column: Column, ctx: FlowContext, depth = 0): Slice[] {
  const out: Slice[] = [];
  let pendingBreak = false;
  let previous: Block | undefined;
  for (const block of blocks) {
    if (block.kind === 'pagebreak') {
      pendingBreak = out.length > 0;
      continue;
    }
    const slices = setBlock(block, column, ctx, depth);
    if (slices.length === 0) continue;
    const step = structureOf(block, ctx);
    if (step) wrapStructure(slices, step);
    slices[0]!.spaceBefore = out.length === 0 || previous?.kind === 'heading' ? 0 : gapBefore(block, ctx, depth);
    if (pendingBreak) slices[0]!.breakBefore = true;
    pendingBreak = false;
    if (depth === 0) for (const slice of slices) slice.block = block;
    out.push(...slices);
    previous = block;
  }
  return out;
}

/**
 * A heading goes to the next page with at least two lines of what follows: besides its own
 * keep, the first line after it keeps with the second when both are text lines.
 */
export function keepHeadingsWithText(slices: Slice[]): Slice[] {
  slices.forEach((slice, i) => {
    const next = slices[i + 1];
    const second = slices[i + 2];
    if (slice.kind === 'heading' && next?.kind === 'line' && second?.kind === 'line' && !second.breakBefore) next.keepWithNext = true;
  });
  return slices;
}
