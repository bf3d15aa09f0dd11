import { resolveLength } from '../shared/lengths.js';
import type { DisplayItem, LineItem } from '../shared/display-list.js';

const MARK_LENGTH = resolveLength('5mm');
const MARK_GAP = resolveLength('1mm');
/** Marks stop this far from the paper's edge, where printers cannot print. */
const EDGE = resolveLength('2mm');
const MIN_MARK = resolveLength('1.5mm');
export const HAIRLINE = 0.3;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

function distinct(values: number[]): number[] {
  const out: number[] = [];
  for (const v of [...values].sort((a, b) => a - b)) if (out.length === 0 || Math.abs(v - out[out.length - 1]!) > 0.01) out.push(v);
  return out;
}

function mark(x1: number, y1: number, x2: number, y2: number): LineItem {
  return { type: 'line', x1, y1, x2, y2, stroke: '#000000', strokeWidth: HAIRLINE };
}

/**
 * Crop marks in the margins: for every trim line, a short hairline beyond the outermost
 * bleed on both ends, pointing along the cut, never over a component.
 */
export function cropMarks(page: { width: number; height: number }, trims: readonly Rect[], bleed: number): DisplayItem[] {
  if (trims.length === 0) return [];
  const top = Math.min(...trims.map((t) => t.y)) - bleed - MARK_GAP;
  const bottom = Math.max(...trims.map((t) => t.y + t.height)) + bleed + MARK_GAP;
  const left = Math.min(...trims.map((t) => t.x)) - bleed - MARK_GAP;
  const right = Math.max(...trims.map((t) => t.x + t.width)) + bleed + MARK_GAP;
  const xs = distinct(trims.flatMap((t) => [t.x, t.x + t.width]));
  const ys = distinct(trims.flatMap((t) => [t.y, t.y + t.height]));
  const items: DisplayItem[] = [];
  const up = Math.min(MARK_LENGTH, top - EDGE);
  const down = Math.min(MARK_LENGTH, page.height - EDGE - bottom);
  const back = Math.min(MARK_LENGTH, left - EDGE);
  const ahead = Math.min(MARK_LENGTH, page.width - EDGE - right);
  for (const x of xs) {
    if (up >= MIN_MARK) items.push(mark(x, top - up, x, top));
    if (down >= MIN_MARK) items.push(mark(x, bottom, x, bottom + down));
  }
  for (const y of ys) {
    if (back >= MIN_MARK) items.push(mark(left - back, y, left, y));
    if (ahead >= MIN_MARK) items.push(mark(right, y, right + ahead, y));
  }
  return items;
}

/** A cut outline along a component's shape (round and hex tokens are cut along it, not by marks). */
export function outlinePath(trim: Rect, shape: 'circle' | 'hex' | 'rounded', radius = 0): DisplayItem {
  const { x, y, width: w, height: h } = trim;
  const style = { stroke: '#000000', strokeWidth: HAIRLINE };
  if (shape === 'circle') return { type: 'ellipse', cx: x + w / 2, cy: y + h / 2, rx: w / 2, ry: h / 2, ...style };
  if (shape === 'rounded') return { type: 'rect', x, y, width: w, height: h, radius, ...style };
  // A hexagon in its box: flat top when wider than tall, pointy top otherwise.
  const points =
    w >= h
      ? [[x + w / 4, y], [x + (3 * w) / 4, y], [x + w, y + h / 2], [x + (3 * w) / 4, y + h], [x + w / 4, y + h], [x, y + h / 2]]
      : [[x + w / 2, y], [x + w, y + h / 4], [x + w, y + (3 * h) / 4], [x + w / 2, y + h], [x, y + (3 * h) / 4], [x, y + h / 4]];
  return { type: 'path', d: `M ${points.map(([px, py]) => `${round(px!)} ${round(py!)}`).join(' L ')} Z`, ...style };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
