import type { Paint } from '../../shared/display-list.js';
import { combinedAlpha, parseColor, type Rgba } from '../../shared/colors.js';
import { usableDash } from '../geometry.js';

const rgb = (c: Rgba): [number, number, number] => [c.r, c.g, c.b];

/** Sets the stroke state: colour with alpha × opacity, width, dash. */
export function applyStroke(doc: PDFKit.PDFDocument, stroke: string, width: number | undefined, dash: number[] | undefined, opacity?: number): void {
  const color = parseColor(stroke);
  const alpha = combinedAlpha(color, opacity);
  doc.strokeColor(rgb(color), alpha < 1 ? alpha : undefined);
  doc.lineWidth(width ?? 1);
  const pattern = usableDash(dash);
  // Written directly: pdfkit's dash() rejects zero lengths, which SVG and PDF allow.
  if (pattern) doc.addContent(`[${pattern.map((d) => Math.round(d * 1e4) / 1e4).join(' ')}] 0 d`);
}

/**
 * Fills and/or strokes an outline drawn by `outline`, inside save/restore. Colour state is set
 * before the path is built, as PDF requires.
 */
export function paintShape(
  doc: PDFKit.PDFDocument,
  paint: Paint & { fillRule?: 'nonzero' | 'evenodd' },
  outline: () => void,
): void {
  if (!paint.fill && !paint.stroke) return;
  doc.save();
  if (paint.fill) {
    const color = parseColor(paint.fill);
    const alpha = combinedAlpha(color, paint.opacity);
    doc.fillColor(rgb(color), alpha < 1 ? alpha : undefined);
  }
  if (paint.stroke) applyStroke(doc, paint.stroke, paint.strokeWidth, paint.dash, paint.opacity);
  outline();
  const rule = paint.fillRule === 'evenodd' ? 'evenodd' : 'nonzero';
  if (paint.fill && paint.stroke) doc.fillAndStroke(rule);
  else if (paint.fill) doc.fill(rule);
  else doc.stroke();
  doc.restore();
}

/** Fill colour and alpha for text. */
export function applyFill(doc: PDFKit.PDFDocument, fill: string, opacity?: number): void {
  const color = parseColor(fill);
  const alpha = combinedAlpha(color, opacity);
  doc.fillColor(rgb(color), alpha < 1 ? alpha : undefined);
}
