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

/** What pdfkit 0.20.2's page is written through (private API; pdfkit is pinned). */
interface WrittenPage {
  write(chunk: string | Uint8Array): void;
}

/**
 * Runs `draw` with what it writes to the current page's content gathered and written once, as
 * the same bytes: pdfkit writes each operator apart (each a string turned into bytes, with a
 * line feed, and a buffer of its own until the page ends), some 150 for a card. What is drawn
 * into a form object (a transparency group) goes to the form, as before.
 */
export function gatheringPageContent(doc: PDFKit.PDFDocument, draw: () => void): void {
  const page = doc.page as unknown as WrittenPage;
  const own = Object.hasOwn(page, 'write');
  const write = page.write;
  const parts: string[] = [];
  const flush = () => {
    if (parts.length === 0) return;
    write.call(page, parts.join('\n'));
    parts.length = 0;
  };
  page.write = (chunk) => {
    if (typeof chunk === 'string') parts.push(chunk);
    else {
      flush();
      write.call(page, chunk);
    }
  };
  try {
    draw();
  } finally {
    if (own) page.write = write;
    else delete (page as Partial<WrittenPage>).write;
    flush();
  }
}

/**
 * Draws a display list on the current page of `doc`. Everything outside trim + bleed is
 * clipped away, so neighbours on a sheet never overlap. The graphics state is restored after.
 */
export function drawDisplayList(doc: PDFKit.PDFDocument, list: DisplayList, at: Placement, structure?: StructureWriter): void {
  gatheringPageContent(doc, () => drawOnPage(doc, list, at, structure));
}

function drawOnPage(doc: PDFKit.PDFDocument, list: DisplayList, at: Placement, structure?: StructureWriter): void {
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
