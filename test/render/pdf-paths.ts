import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';
import { multiplyMatrix } from '../../src/shared/placement.js';

type M = [number, number, number, number, number, number];

const multiply = (m: M, n: M): M => multiplyMatrix(m, n) as M;

export interface PdfPath {
  /** Every point the path's segments pass through (moveTo, lineTo, curve ends, rectangle corners), on the page in points, y down from the top. */
  points: { x: number; y: number }[];
  /** What the page did with it. */
  paint: 'stroke' | 'fill' | 'clip' | 'other';
  /** The stroke colour in force ("r,g,b"). */
  stroke: string;
}

/**
 * The paths a page draws, replayed from its operator list with the transformation matrix in
 * force (cm, q, Q), as points on the page: what a printer would put where.
 */
export async function pagePaths(page: PDFPageProxy): Promise<PdfPath[]> {
  const height = page.view[3]!;
  const ops = await page.getOperatorList();
  const paths: PdfPath[] = [];
  let ctm: M = [1, 0, 0, 1, 0, 0];
  let stroke = '0,0,0';
  const stack: { ctm: M; stroke: string }[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    if (fn === pdfjs.OPS.save) stack.push({ ctm, stroke });
    else if (fn === pdfjs.OPS.restore) ({ ctm, stroke } = stack.pop() ?? { ctm, stroke });
    else if (fn === pdfjs.OPS.transform) ctm = multiply(ctm, args as M);
    else if (fn === pdfjs.OPS.setStrokeRGBColor) {
      const c = args as unknown as Record<string, number>;
      stroke = `${c[0]},${c[1]},${c[2]}`;
    } else if (fn === pdfjs.OPS.constructPath) {
      const [kinds, coords] = args as [number[], number[]];
      const at = (x: number, y: number) => ({ x: ctm[0] * x + ctm[2] * y + ctm[4], y: height - (ctm[1] * x + ctm[3] * y + ctm[5]) });
      const points: { x: number; y: number }[] = [];
      let k = 0;
      for (const kind of kinds) {
        if (kind === pdfjs.OPS.moveTo || kind === pdfjs.OPS.lineTo) {
          points.push(at(coords[k]!, coords[k + 1]!));
          k += 2;
        } else if (kind === pdfjs.OPS.curveTo) {
          points.push(at(coords[k + 4]!, coords[k + 5]!));
          k += 6;
        } else if (kind === pdfjs.OPS.curveTo2 || kind === pdfjs.OPS.curveTo3) {
          points.push(at(coords[k + 2]!, coords[k + 3]!));
          k += 4;
        } else if (kind === pdfjs.OPS.rectangle) {
          const [x, y, w, h] = coords.slice(k, k + 4) as [number, number, number, number];
          points.push(at(x, y), at(x + w, y), at(x + w, y + h), at(x, y + h));
          k += 4;
        }
      }
      const next = ops.fnArray[i + 1];
      const paint = next === pdfjs.OPS.stroke || next === pdfjs.OPS.closeStroke ? 'stroke' : next === pdfjs.OPS.clip || next === pdfjs.OPS.eoClip ? 'clip' : next === pdfjs.OPS.fill || next === pdfjs.OPS.eoFill || next === pdfjs.OPS.fillStroke ? 'fill' : 'other';
      paths.push({ points, paint, stroke });
    }
  }
  return paths;
}
