import type { ClipShape } from '../../shared/display-list.js';
import { clampRadius } from '../geometry.js';

/** Adds a rectangle (rounded if radius > 0) or an ellipse inscribed in the box to the path. */
export function outlineBox(doc: PDFKit.PDFDocument, shape: ClipShape): void {
  const { x, y, width, height } = shape;
  if (shape.shape === 'ellipse') {
    doc.ellipse(x + width / 2, y + height / 2, width / 2, height / 2);
    return;
  }
  const radius = clampRadius(shape.radius, width, height);
  if (radius > 0) doc.roundedRect(x, y, width, height, radius);
  else doc.rect(x, y, width, height);
}

/** Intersects the clipping path with the shape. */
export function clipToShape(doc: PDFKit.PDFDocument, shape: ClipShape): void {
  outlineBox(doc, shape);
  doc.clip();
}
