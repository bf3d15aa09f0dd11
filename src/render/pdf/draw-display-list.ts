import type { DisplayList } from '../../shared/display-list.js';
import { parseColor, combinedAlpha } from '../../shared/colors.js';
import { placementMatrix, type Rotation } from '../geometry.js';
import { drawItems } from './draw-item.js';
import { registerFonts } from './register-fonts.js';
import type { StructureWriter } from './structure-writer.js';

export interface Placement {
  /** Where the top-left corner of the (turned) trim lands on the page, in points. */
  x: number;
  y: number;
  /** Clockwise turn of the component on the page. */
  rotate?: Rotation;
}

/**
 * Draws a display list on the current page of `doc`. Everything outside trim + bleed is
 * clipped away, so neighbours on a sheet never overlap. The graphics state is restored after.
 */
export function drawDisplayList(doc: PDFKit.PDFDocument, list: DisplayList, at: Placement, structure?: StructureWriter): void {
  const fontNames = registerFonts(doc, list.fonts);
  const { bleed } = list;
  const box = { x: -bleed, y: -bleed, width: list.width + 2 * bleed, height: list.height + 2 * bleed };
  doc.save();
  doc.transform(...placementMatrix(list.width, list.height, at));
  doc.rect(box.x, box.y, box.width, box.height).clip();
  if (list.background) {
    const color = parseColor(list.background);
    const alpha = combinedAlpha(color);
    const paint = () => {
      doc.save();
      doc.fillColor([color.r, color.g, color.b], alpha < 1 ? alpha : undefined);
      doc.rect(box.x, box.y, box.width, box.height).fill();
      doc.restore();
    };
    if (structure) structure.artifact(paint);
    else paint();
  }
  drawItems({ doc, fontNames, ...(structure ? { structure: { writer: structure, depth: 0 } } : {}) }, list.items);
  doc.restore();
}
