import { assertNever, type DisplayItem, type GroupItem } from '../../shared/display-list.js';
import { clampRadius } from '../geometry.js';
import { drawGlyphRun } from './draw-glyph-run.js';
import { drawImage } from './draw-image.js';
import { drawTransparencyGroup } from './draw-transparency-group.js';
import { normalizePath } from './normalize-path.js';
import { clipToShape } from './outline-shape.js';
import { applyStroke, paintShape } from './paint-shape.js';

export interface PdfContext {
  doc: PDFKit.PDFDocument;
  /** Display-list font key → pdfkit font name. */
  fontNames: Map<string, string>;
}

function drawGroup(ctx: PdfContext, group: GroupItem): void {
  const { doc } = ctx;
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
  for (const item of items) drawItem(ctx, item);
}
