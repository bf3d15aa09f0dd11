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

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  width: number;
}

/**
 * Every straight stroked segment a page draws, on the page itself (not inside form XObjects),
 * in points from the page's top-left corner (y down), replaying the operator list's
 * transforms, so what is checked is where the PDF really draws.
 */
export async function strokedSegments(page: PDFPageProxy): Promise<Segment[]> {
  const height = page.view[3]! - page.view[1]!;
  const ops = await page.getOperatorList();
  type M = [number, number, number, number, number, number];
  const mul = (m: M, n: M): M => [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3], m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
  let ctm: M = [1, 0, 0, 1, 0, 0];
  let lineWidth = 1;
  const stack: { ctm: M; lineWidth: number }[] = [];
  let depth = 0;
  let pending: { x1: number; y1: number; x2: number; y2: number }[] = [];
  const out: Segment[] = [];
  const at = (x: number, y: number) => [ctm[0] * x + ctm[2] * y + ctm[4], height - (ctm[1] * x + ctm[3] * y + ctm[5])] as const;
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    if (fn === pdfjs.OPS.save) stack.push({ ctm, lineWidth });
    else if (fn === pdfjs.OPS.restore) ({ ctm, lineWidth } = stack.pop() ?? { ctm, lineWidth });
    else if (fn === pdfjs.OPS.transform) ctm = mul(ctm, args as M);
    else if (fn === pdfjs.OPS.setLineWidth) lineWidth = args[0] as number;
    else if (fn === pdfjs.OPS.paintFormXObjectBegin) depth++;
    else if (fn === pdfjs.OPS.paintFormXObjectEnd) depth--;
    else if (fn === pdfjs.OPS.constructPath) {
      const [pathOps, coords] = args as [number[], number[]];
      pending = [];
      let k = 0;
      let cx = 0;
      let cy = 0;
      let straight = true;
      for (const op of pathOps) {
        if (op === pdfjs.OPS.moveTo) [cx, cy] = [coords[k++]!, coords[k++]!];
        else if (op === pdfjs.OPS.lineTo) {
          const [x, y] = [coords[k++]!, coords[k++]!];
          const [ax, ay] = at(cx, cy);
          const [bx, by] = at(x, y);
          pending.push({ x1: ax, y1: ay, x2: bx, y2: by });
          [cx, cy] = [x, y];
        } else {
          straight = false;
          k += op === pdfjs.OPS.rectangle ? 4 : op === pdfjs.OPS.curveTo ? 6 : op === pdfjs.OPS.curveTo2 || op === pdfjs.OPS.curveTo3 ? 4 : 0;
        }
      }
      if (!straight) pending = [];
    } else if (fn === pdfjs.OPS.stroke && depth === 0) {
      const scale = Math.hypot(ctm[0], ctm[1]);
      for (const s of pending) out.push({ ...s, width: lineWidth * scale });
      pending = [];
    } else if (fn === pdfjs.OPS.endPath || fn === pdfjs.OPS.fill || fn === pdfjs.OPS.eoFill) pending = [];
  }
  return out;
}
