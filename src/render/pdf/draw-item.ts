import { assertNever, type DisplayItem, type GroupItem } from '../../shared/display-list.js';
import { clampRadius } from '../geometry.js';
import { drawGlyphRun } from './draw-glyph-run.js';
import { drawImage } from './draw-image.js';
import { drawTransparencyGroup } from './draw-transparency-group.js';
import { normalizePath } from './normalize-path.js';
import { clipToShape } from './outline-shape.js';
import { applyStroke, paintShape } from './paint-shape.js';
import type { StructureWriter } from './structure-writer.js';

export interface PdfContext {
  doc: PDFKit.PDFDocument;
  /** Display-list font key → pdfkit font name. */
  fontNames: Map<string, string>;
  /** Set when the document is tagged: its structure, and how many of its elements enclose what is drawn. */
  structure?: { writer: StructureWriter; depth: number };
}

function drawGroup(ctx: PdfContext, group: GroupItem): void {
  const { doc } = ctx;
  if (ctx.structure && group.artifact) {
    const writer = ctx.structure.writer;
    const plain: PdfContext = { doc: ctx.doc, fontNames: ctx.fontNames };
    writer.artifact(() => drawGroup(plain, group));
    return;
  }
  if (ctx.structure && group.structure) {
    const depth = ctx.structure.writer.enter(ctx.structure.depth, group.structure);
    ctx = { ...ctx, structure: { writer: ctx.structure.writer, depth } };
  }
  doc.save();
  if (group.transform) doc.transform(...group.transform);
  // The clip is in the group's own coordinates (after its transform), as with SVG's <g>.
  if (group.clip) clipToShape(doc, group.clip);
  const opacity = Math.max(0, Math.min(1, group.opacity ?? 1));
  const drawChildren = () => drawItems(ctx, group.items);
  if (opacity < 1) drawTransparencyGroup(doc, opacity, drawChildren);
  else drawChildren();
  doc.restore();
}

/** Draws one display item on the current page, in the current coordinate system. */
export function drawItem(ctx: PdfContext, item: DisplayItem): void {
  const { doc } = ctx;
  switch (item.type) {
    case 'rect': {
      const radius = clampRadius(item.radius, item.width, item.height);
      paintShape(doc, item, () =>
        radius > 0 ? doc.roundedRect(item.x, item.y, item.width, item.height, radius) : doc.rect(item.x, item.y, item.width, item.height),
      );
      return;
    }
    case 'ellipse':
      paintShape(doc, item, () => doc.ellipse(item.cx, item.cy, item.rx, item.ry));
      return;
    case 'line':
      doc.save();
      applyStroke(doc, item.stroke, item.strokeWidth, item.dash, item.opacity);
      doc.moveTo(item.x1, item.y1).lineTo(item.x2, item.y2).stroke();
      doc.restore();
      return;
    case 'path':
      paintShape(doc, item, () => doc.path(normalizePath(item.d)));
      return;
    case 'image':
      drawImage(doc, item);
      return;
    case 'text':
      for (const run of item.runs) {
        const name = ctx.fontNames.get(run.font);
        if (!name) throw new Error(`text run uses font "${run.font}", which the display list's fonts do not define`);
        drawGlyphRun(doc, run, name, item.opacity);
      }
      return;
    case 'group':
      drawGroup(ctx, item);
      return;
    default:
      assertNever(item);
  }
}

export function drawItems(ctx: PdfContext, items: DisplayItem[]): void {
  for (const item of items) {
    const tags = ctx.structure;
    if (!tags || item.type === 'group') drawItem(ctx, item);
    // In a tagged document text and images are the content of the element around them; shapes, and anything outside every element, are artifacts.
    else if (tags.depth > 0 && (item.type === 'text' || item.type === 'image')) tags.writer.content(tags.depth, () => drawItem(ctx, item));
    else tags.writer.artifact(() => drawItem(ctx, item), tags.depth === 0 && item.type === 'text' ? 'Pagination' : 'Layout');
  }
}
