import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';

export async function openPdf(bytes: Buffer) {
  return pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
}

export interface TextItem {
  str: string;
  /** [a, b, c, d, e, f] in PDF page space (y up). */
  transform: number[];
  width: number;
}

export async function textItems(page: PDFPageProxy): Promise<TextItem[]> {
  const content = await page.getTextContent();
  return content.items.flatMap((item) => ('str' in item && item.str !== '' ? [{ str: item.str, transform: item.transform, width: item.width }] : []));
}

export interface GlyphOrigin {
  unicode: string;
  /** Origin in the text matrix's space (for our PDFs: display-list points, y down). */
  x: number;
  y: number;
  size: number;
}

/**
 * Where the PDF really puts each glyph: replays setTextMatrix / setFont / showText from the
 * operator list, advancing by the widths the embedded font declares and the TJ adjustments.
 */
export async function glyphOrigins(page: PDFPageProxy): Promise<GlyphOrigin[][]> {
  const ops = await page.getOperatorList();
  const runs: GlyphOrigin[][] = [];
  let size = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    if (fn === pdfjs.OPS.beginText) runs.push([]);
    else if (fn === pdfjs.OPS.setFont) size = args[1] as number;
    else if (fn === pdfjs.OPS.setTextMatrix) [x, y] = [args[4] as number, args[5] as number];
    else if (fn === pdfjs.OPS.showText) {
      for (const element of args[0] as (number | { unicode: string; width: number })[]) {
        if (typeof element === 'number') {
          x -= (element / 1000) * size;
        } else {
          runs[runs.length - 1]!.push({ unicode: element.unicode, x, y, size });
          x += (element.width / 1000) * size;
        }
      }
    }
  }
  return runs;
}
