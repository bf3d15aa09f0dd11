import type { DisplayItem, FontFace } from '../../shared/display-list.js';
import { appendSpan, isBlank, type RichSpan } from '../../shared/rich-text.js';
import { layoutText } from '../text/layout-text.js';
import type { Block, CellAlign, Inline } from './blocks.js';
import { bodyText, structureKey, type Column, type FlowContext, type TextStyle } from './flow-context.js';
import { fitColumns } from './fit-columns.js';
import { setText } from './set-text.js';
import { moveItems, type Slice } from './slice.js';

type Table = Extract<Block, { kind: 'table' }>;

/** Cell padding, in ems: across and above/below. */
const PAD_X = 0.35;
const PAD_Y = 0.25;

/** The width of spans set on one line (their longest hard line). */
function naturalWidth(spans: readonly RichSpan[], font: TextStyle, ctx: FlowContext): number {
  if (isBlank(spans)) return 0;
  const layout = layoutText({ text: spans, lang: ctx.game.lang, box: { x: 0, y: 0, width: 1e6, height: 1e6 }, family: font.family, weight: font.weight, style: font.style, size: font.size, color: font.color, fonts: ctx.game.fonts, icons: ctx.icons });
  return Math.max(0, ...layout.lines.map((l) => l.width));
}

/** The words of spans, each as spans in the cell's own style (emphasis aside), icons kept in their word. */
function wordsOf(spans: readonly RichSpan[]): RichSpan[][] {
  const words: RichSpan[][] = [[]];
  const plain = { bold: false, italic: false };
  for (const span of spans) {
    if (span.kind === 'break') words.push([]);
    else if (span.kind === 'icon') words[words.length - 1]!.push({ ...span, ...plain });
    else {
      span.text.split(/\s+/).forEach((piece, i) => {
        if (i > 0) words.push([]);
        appendSpan(words[words.length - 1]!, { kind: 'text', text: piece, ...plain });
      });
    }
  }
  return words;
}

/** The widest single word: a column never gets narrower than this if it can help it. */
function longestWord(spans: readonly RichSpan[], font: TextStyle, ctx: FlowContext): number {
  return Math.max(0, ...wordsOf(spans).map((w) => naturalWidth(w, font, ctx)));
}

function setRow(cells: readonly Inline[], options: { widths: number[]; align: CellAlign[]; font: TextStyle; line: number; header: boolean }, column: Column, ctx: FlowContext): Slice {
  const size = ctx.style.size;
  const items: DisplayItem[] = [];
  const fonts: Record<string, FontFace> = {};
  let x = column.x;
  let height = 0;
  const texts: string[] = [];
  options.widths.forEach((width, i) => {
    const cell = cells[i];
    const box = { x: x + PAD_X * size, width: Math.max(1, width - 2 * PAD_X * size) };
    const lines = cell ? setText(cell.spans, { column: box, font: { ...options.font, align: options.align[i] ?? 'left' }, line: options.line }, ctx) : [];
    let y = PAD_Y * size;
    const cellItems: DisplayItem[] = [];
    for (const line of lines) {
      cellItems.push(...moveItems(line.items, 0, y));
      Object.assign(fonts, line.fonts);
      y += line.height;
    }
    items.push({ type: 'group', structure: [{ role: options.header ? 'TH' : 'TD', key: structureKey(ctx) }], items: cellItems });
    height = Math.max(height, y + PAD_Y * size);
    texts.push(cell?.plain ?? '');
    x += width;
  });
  const rule = (weight: number, opacity: number): DisplayItem => ({ type: 'line', x1: column.x, y1: height, x2: column.x + column.width, y2: height, stroke: ctx.style.ink, strokeWidth: weight, ...(opacity < 1 ? { opacity } : {}) });
  const background: DisplayItem[] = options.header ? [{ type: 'rect', x: column.x, y: 0, width: column.width, height, fill: ctx.style.shade }] : [];
  return { kind: 'row', height, spaceBefore: 0, items: [...background, ...items, options.header ? rule(0.6, 1) : rule(0.3, 0.45)], fonts, keepWithNext: options.header, text: texts.join('\t'), structure: [{ role: 'TR', key: structureKey(ctx) }] };
}

/**
 * A table: column widths from the cells' natural and longest-word widths, rows that never
 * split, the header row shaded, ruled, kept with the first row and repeated at the top of
 * every page the table continues on; the last row never alone on a page.
 */
export function setTable(block: Table, column: Column, ctx: FlowContext): Slice[] {
  const body = bodyText(ctx, { align: 'left', lineHeight: Math.min(ctx.style.lineHeight, 1.2) });
  const head = { ...body, family: ctx.style.headingFont, weight: 'bold' as const };
  const count = Math.max(block.header.length, ...block.rows.map((r) => r.length));
  const pad = 2 * PAD_X * ctx.style.size;
  const measure = (f: (spans: readonly RichSpan[], font: TextStyle, ctx: FlowContext) => number) =>
    Array.from({ length: count }, (_, i) => pad + Math.max(f(block.header[i]?.spans ?? [], head, ctx), ...block.rows.map((r) => f(r[i]?.spans ?? [], body, ctx))));
  const widths = fitColumns({ natural: measure(naturalWidth), minimum: measure(longestWord), width: column.width });
  const header = setRow(block.header, { widths, align: block.align, font: head, line: block.line, header: true }, column, ctx);
  const rows = block.rows.map((cells, r) => ({ ...setRow(cells, { widths, align: block.align, font: body, line: block.rowLines[r] ?? block.line, header: false }, column, ctx), repeatHeader: header }));
  // As for lines: the last row never alone at the top of a page.
  if (rows.length >= 2) rows[rows.length - 2]!.keepWithNext = true;
  const last = rows[rows.length - 1];
  if (last) last.items[last.items.length - 1] = { type: 'line', x1: column.x, y1: last.height, x2: column.x + column.width, y2: last.height, stroke: ctx.style.ink, strokeWidth: 0.6 };
  return [header, ...rows];
}
