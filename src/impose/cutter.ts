import type { DisplayItem } from '../shared/display-list.js';
import { pointsToMm, resolveLength } from '../shared/lengths.js';
import type { CutterMarks } from '../shared/print-options.js';
import type { Rect } from './marks.js';

/** One registration mark as filled rectangles on the sheet, in points. */
export interface RegistrationMark {
  corner: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
  rects: Rect[];
}

/**
 * Silhouette Studio's registration marks (Type 1): a filled square at the top-left corner,
 * an L at each of the three other corners (two arms `length` long, `thickness` thick, their
 * outer edges `inset` from the paper's edges, the corner of the L toward the paper's corner).
 */
export function registrationMarks(page: { width: number; height: number }, marks: CutterMarks): RegistrationMark[] {
  const { inset, square, length, thickness } = marks;
  const { width: W, height: H } = page;
  return [
    { corner: 'top-left', rects: [{ x: inset, y: inset, width: square, height: square }] },
    {
      corner: 'top-right',
      rects: [
        { x: W - inset - length, y: inset, width: length, height: thickness },
        { x: W - inset - thickness, y: inset, width: thickness, height: length },
      ],
    },
    {
      corner: 'bottom-left',
      rects: [
        { x: inset, y: H - inset - thickness, width: length, height: thickness },
        { x: inset, y: H - inset - length, width: thickness, height: length },
      ],
    },
    {
      corner: 'bottom-right',
      rects: [
        { x: W - inset - length, y: H - inset - thickness, width: length, height: thickness },
        { x: W - inset - thickness, y: H - inset - length, width: thickness, height: length },
      ],
    },
  ];
}

/** The marks as display items, in black, drawn over the sheet. */
export function registrationItems(page: { width: number; height: number }, marks: CutterMarks): DisplayItem[] {
  return registrationMarks(page, marks).flatMap((m) => m.rects.map((r): DisplayItem => ({ type: 'rect', ...r, fill: '#000000' })));
}

/** The least margin components need on a sheet with registration marks: 2 mm clear of the band the marks lie in. */
export function cutterMargin(marks: CutterMarks): number {
  return marks.inset + Math.max(marks.square, marks.thickness) + resolveLength('2mm');
}

/** A cut path: a component's outline on the sheet. */
export interface CutShape {
  trim: Rect;
  shape: 'rectangle' | 'rounded' | 'circle' | 'hex';
  cornerRadius: number;
}

const n = (v: number) => String(Math.round(pointsToMm(v) * 1000) / 1000);

/** One cut path as SVG, in millimetres. */
export function cutPathSvg(cut: CutShape): string {
  const { x, y, width: w, height: h } = cut.trim;
  if (cut.shape === 'circle') return `<ellipse cx="${n(x + w / 2)}" cy="${n(y + h / 2)}" rx="${n(w / 2)}" ry="${n(h / 2)}"/>`;
  if (cut.shape === 'hex') {
    const points =
      w >= h
        ? [[x + w / 4, y], [x + (3 * w) / 4, y], [x + w, y + h / 2], [x + (3 * w) / 4, y + h], [x + w / 4, y + h], [x, y + h / 2]]
        : [[x + w / 2, y], [x + w, y + h / 4], [x + w, y + (3 * h) / 4], [x + w / 2, y + h], [x, y + (3 * h) / 4], [x, y + h / 4]];
    return `<polygon points="${points.map(([px, py]) => `${n(px!)},${n(py!)}`).join(' ')}"/>`;
  }
  const r = cut.shape === 'rounded' ? ` rx="${n(cut.cornerRadius)}" ry="${n(cut.cornerRadius)}"` : '';
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${r}/>`;
}

/**
 * The cut file of one sheet: an SVG the size of the paper, in millimetres, in the same frame
 * as the printed sheet (origin at the paper's top-left corner), with the registration marks
 * on a layer of their own (for checking the alignment, not for cutting) and one path per
 * component along its trim.
 */
export function cutFileSvg(page: { width: number; height: number }, cuts: readonly CutShape[], marks: CutterMarks): string {
  const regs = registrationMarks(page, marks).flatMap((m) => m.rects.map((r) => `<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.width)}" height="${n(r.height)}"/>`));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(page.width)}mm" height="${n(page.height)}mm" viewBox="0 0 ${n(page.width)} ${n(page.height)}">`,
    `<g id="registration" fill="#000000" stroke="none">${regs.join('')}</g>`,
    `<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">${cuts.map(cutPathSvg).join('')}</g>`,
    '</svg>',
    '',
  ].join('\n');
}
