import SVGtoPDF from 'svg-to-pdfkit';
import type { ImageItem } from '../../layout/display-list.js';
import { prepareSvgImage, tintAlpha } from '../image-source.js';
import { clipToShape } from './outline-shape.js';
import { drawTransparencyGroup } from './draw-transparency-group.js';

/** Draws an SVG image as vector graphics, stretched to its box. */
function drawSvg(doc: PDFKit.PDFDocument, item: ImageItem, opacity: number): void {
  const markup = prepareSvgImage(item.source, item.tint);
  const draw = () =>
    SVGtoPDF(doc, markup, item.x, item.y, {
      width: item.width,
      height: item.height,
      preserveAspectRatio: 'none',
      warningCallback: () => undefined,
    });
  if (opacity < 1) drawTransparencyGroup(doc, opacity, draw);
  else draw();
}

/** Draws a PNG, JPEG or SVG image into its box, clipped when the item says so. */
export function drawImage(doc: PDFKit.PDFDocument, item: ImageItem): void {
  const opacity = Math.max(0, Math.min(1, (item.opacity ?? 1) * tintAlpha(item.tint)));
  if (opacity === 0 || item.width <= 0 || item.height <= 0) return;
  doc.save();
  if (item.clip) clipToShape(doc, item.clip);
  if (item.source.kind === 'svg') {
    drawSvg(doc, item, opacity);
  } else {
    if (opacity < 1) doc.fillOpacity(opacity);
    if (!item.source.path) throw new Error(`a ${item.source.kind} image needs a file path`);
    // By path: pdfkit embeds each file once per document however often it is drawn.
    doc.image(item.source.path, item.x, item.y, { width: item.width, height: item.height });
  }
  doc.restore();
}
