import type { DisplayItem, Hex } from '../../shared/display-list.js';
import { findGameIcon } from '../../shared/icons.js';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FoldColors {
  ink: Hex;
  accent: Hex;
  paper: Hex;
}

/** Width / height of the landscape sheet (√2 for A4, 1.29 for Letter) and of one panel. */
export interface FoldShape {
  sheet: number;
  panel: number;
}

const n = (v: number) => Math.round(v * 100) / 100;

/** The largest box of `ratio` (width / height) inside `box`, shrunk by `scale`, centred. */
function fit(box: Box, ratio: number, scale: number): Box {
  const width = Math.min(box.width, box.height * ratio) * scale;
  const height = width / ratio;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

const paper = (b: Box, c: FoldColors, dash?: number[]): DisplayItem =>
  dash ? { type: 'rect', ...b, stroke: c.ink, strokeWidth: 0.4, dash, opacity: 0.6 } : { type: 'rect', ...b, fill: c.paper, stroke: c.ink, strokeWidth: 0.6 };
const crease = (x1: number, y1: number, x2: number, y2: number, c: FoldColors): DisplayItem => ({ type: 'line', x1, y1, x2, y2, stroke: c.ink, strokeWidth: 0.35, dash: [1.5, 1.2], opacity: 0.55 });
const cut = (x1: number, y1: number, x2: number, y2: number, c: FoldColors): DisplayItem => ({ type: 'line', x1, y1, x2, y2, stroke: c.accent, strokeWidth: 1.1 });

/** A curved arrow from (x1, y1) to (x2, y2) bending through the control point, with a filled head. */
function arrow(from: [number, number], control: [number, number], to: [number, number], c: FoldColors, head = 3): DisplayItem[] {
  const angle = Math.atan2(to[1] - control[1], to[0] - control[0]);
  const wing = (turn: number) => [to[0] - head * Math.cos(angle + turn), to[1] - head * Math.sin(angle + turn)].map(n).join(' ');
  return [
    { type: 'path', d: `M ${n(from[0])} ${n(from[1])} Q ${n(control[0])} ${n(control[1])} ${n(to[0])} ${n(to[1])}`, stroke: c.accent, strokeWidth: 0.8 },
    { type: 'path', d: `M ${n(to[0])} ${n(to[1])} L ${wing(0.45)} L ${wing(-0.45)} Z`, fill: c.accent },
  ];
}

/** 1: the sheet with its seven panel lines. */
function crease4x2(box: Box, c: FoldColors, shape: FoldShape): DisplayItem[] {
  const s = fit(box, shape.sheet, 0.9);
  const lines = [0.25, 0.5, 0.75].map((f) => crease(s.x + s.width * f, s.y, s.x + s.width * f, s.y + s.height, c));
  return [paper(s, c), ...lines, crease(s.x, s.y + s.height / 2, s.x + s.width, s.y + s.height / 2, c)];
}

/** 2: the right half folds over the left one. */
function foldHalf(box: Box, c: FoldColors, shape: FoldShape): DisplayItem[] {
  const s = fit(box, shape.sheet, 0.8);
  const half = { ...s, width: s.width / 2 };
  const y = s.y + s.height * 0.4;
  return [paper(half, c), paper({ ...half, x: s.x + s.width / 2 }, c, [2, 1.5]), ...arrow([s.x + s.width * 0.8, y], [s.x + s.width / 2, s.y - s.height * 0.25], [s.x + s.width * 0.22, y], c)];
}

/** 3: the folded half, cut from the fold along the middle line to the next crease. */
function cutSlit(box: Box, c: FoldColors, shape: FoldShape): DisplayItem[] {
  const s = fit(box, shape.sheet / 2, 0.85);
  const mid = s.y + s.height / 2;
  const items: DisplayItem[] = [paper(s, c), { type: 'line', x1: s.x + s.width, y1: s.y, x2: s.x + s.width, y2: s.y + s.height, stroke: c.ink, strokeWidth: 1.2 }, crease(s.x, mid, s.x + s.width / 2, mid, c), cut(s.x + s.width / 2, mid, s.x + s.width, mid, c)];
  const icon = findGameIcon('scissors');
  const size = s.height * 0.3;
  if (icon) items.push({ type: 'image', x: s.x + s.width + 1, y: mid - size / 2, width: size, height: size, source: { kind: 'svg', svg: icon.svg, naturalWidth: icon.width, naturalHeight: icon.height }, tint: c.accent });
  return items;
}

/** 4: unfolded, the slit in the middle; the top half folds down onto the bottom one. */
function foldLengthwise(box: Box, c: FoldColors, shape: FoldShape): DisplayItem[] {
  const s = fit(box, shape.sheet, 0.8);
  const mid = s.y + s.height / 2;
  return [
    paper(s, c),
    crease(s.x, mid, s.x + s.width / 4, mid, c),
    crease(s.x + (s.width * 3) / 4, mid, s.x + s.width, mid, c),
    cut(s.x + s.width / 4, mid, s.x + (s.width * 3) / 4, mid, c),
    ...arrow([s.x + s.width * 0.9, s.y + s.height * 0.15], [s.x + s.width * 1.12, mid], [s.x + s.width * 0.9, s.y + s.height * 0.82], c),
  ];
}

/** 5: the folded strip; its ends pushed towards the middle open the slit into a cross. */
function pushEnds(box: Box, c: FoldColors, shape: FoldShape): DisplayItem[] {
  const s = fit(box, shape.sheet * 2, 0.68);
  const midX = s.x + s.width / 2;
  const y = s.y + s.height / 2;
  const open = s.height * 0.55;
  const gap = box.width * 0.06;
  return [
    paper(s, c),
    { type: 'path', d: `M ${n(midX - s.width / 4)} ${n(s.y)} L ${n(midX)} ${n(s.y - open)} L ${n(midX + s.width / 4)} ${n(s.y)} L ${n(midX)} ${n(s.y + open)} Z`, fill: c.paper, stroke: c.accent, strokeWidth: 0.8 },
    ...arrow([s.x - gap * 2.2, y], [s.x - gap * 1.6, y], [s.x - gap * 0.3, y], c),
    ...arrow([s.x + s.width + gap * 2.2, y], [s.x + s.width + gap * 1.6, y], [s.x + s.width + gap * 0.3, y], c),
  ];
}

/** 6: the finished booklet, pages fanned behind its cover. */
function booklet(box: Box, c: FoldColors, shape: FoldShape): DisplayItem[] {
  const s = fit(box, shape.panel, 0.8);
  const shift = s.width * 0.06;
  const page = (k: number): DisplayItem => paper({ ...s, x: s.x + shift * k, y: s.y - shift * k }, c);
  const text = [0.45, 0.55, 0.65].map((f): DisplayItem => ({ type: 'line', x1: s.x + s.width * 0.2, y1: s.y + s.height * f, x2: s.x + s.width * 0.8, y2: s.y + s.height * f, stroke: c.ink, strokeWidth: 0.5, opacity: 0.5 }));
  return [page(2), page(1), page(0), { type: 'rect', x: s.x + s.width * 0.15, y: s.y + s.height * 0.15, width: s.width * 0.7, height: s.height * 0.18, fill: c.accent }, ...text];
}

export const FOLD_DRAWINGS = [crease4x2, foldHalf, cutSlit, foldLengthwise, pushEnds, booklet] as const;
