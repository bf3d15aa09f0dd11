import { resolveLength } from '../shared/lengths.js';
import type { DisplayItem, LineItem } from '../shared/display-list.js';

import type { CutGuideStyle } from '../shared/print-options.js';

const MARK_LENGTH = resolveLength('5mm');
const MARK_GAP = resolveLength('1mm');
const MIN_MARK = resolveLength('1.5mm');
export const HAIRLINE = 0.3;
const EPS = 0.01;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A component on a sheet, for its cut guides: its trim, and what shows of it (trim plus the bleed it keeps). */
export interface GuidePiece {
  trim: Rect;
  shows: Rect;
  shape: 'rectangle' | 'rounded' | 'circle' | 'hex';
  cornerRadius: number;
  /** Its trim is drawn as a line all round (it does not share its cut lines with a neighbour). */
  apart: boolean;
}

export interface GuideOptions {
  style: CutGuideStyle;
  /** Nothing is drawn closer than this to the paper's edge. */
  printableMargin: number;
}

function mark(x1: number, y1: number, x2: number, y2: number): LineItem {
  return { type: 'line', x1, y1, x2, y2, stroke: '#000000', strokeWidth: HAIRLINE };
}

const inside = (v: number, from: number, size: number) => v >= from - EPS && v <= from + size + EPS;

/**
 * How far a trim line may be drawn beyond a component before it meets another component (what
 * shows of it) or the printable margin: for the vertical line at `x` going up from `y`, the
 * lowest y it may reach; the other directions alike.
 */
function reachOut(page: { width: number; height: number }, others: readonly Rect[], margin: number, at: number, from: number, direction: 'up' | 'down' | 'left' | 'right'): number {
  let limit = direction === 'up' || direction === 'left' ? margin : (direction === 'down' ? page.height : page.width) - margin;
  for (const o of others) {
    if (direction === 'up' && inside(at, o.x, o.width) && o.y + o.height <= from + EPS) limit = Math.max(limit, o.y + o.height + MARK_GAP);
    if (direction === 'down' && inside(at, o.x, o.width) && o.y >= from - EPS) limit = Math.min(limit, o.y - MARK_GAP);
    if (direction === 'left' && inside(at, o.y, o.height) && o.x + o.width <= from + EPS) limit = Math.max(limit, o.x + o.width + MARK_GAP);
    if (direction === 'right' && inside(at, o.y, o.height) && o.x >= from - EPS) limit = Math.min(limit, o.x - MARK_GAP);
  }
  return limit;
}

/** Removes repeated segments (neighbours share cut lines). */
function distinctLines(lines: LineItem[]): LineItem[] {
  const seen = new Set<string>();
  return lines.filter((l) => {
    const key = [l.x1, l.y1, l.x2, l.y2].map((v) => Math.round(v * 100)).join(',');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Cut guides for components on a sheet. Every trim line of a rectangular component is carried
 * past it, beyond what shows of it and a 1 mm gap, toward the paper's edge: `marks` as a
 * 5 mm hairline (crop marks), `lines` all the way to the printable margin or to the next
 * component (a guillotine or a ruler follows it); never over a component, never closer to
 * the edge than the printable margin. `lines` also outline each component that keeps its own
 * bleed (a gutter separates it from its neighbours: double lines where neighbours differ).
 * Round and hex components get their outline, rounded ones their outline too.
 */
export function cutGuides(page: { width: number; height: number }, pieces: readonly GuidePiece[], options: GuideOptions): DisplayItem[] {
  if (options.style === 'none') return [];
  const marks = options.style === 'marks' || options.style === 'both';
  const lines = options.style === 'lines' || options.style === 'both';
  const out: LineItem[] = [];
  const outlines: DisplayItem[] = [];
  const m = options.printableMargin;
  pieces.forEach((piece, index) => {
    const { trim, shows } = piece;
    if (piece.shape === 'circle' || piece.shape === 'hex') {
      outlines.push(outlinePath(trim, piece.shape));
      return;
    }
    if (piece.shape === 'rounded' && piece.cornerRadius > 0) outlines.push(outlinePath(trim, 'rounded', piece.cornerRadius));
    else if (lines && piece.apart) outlines.push(outlinePath(trim, 'rectangle'));
    const others = pieces.filter((_, i) => i !== index).map((p) => p.shows);
    const add = (start: number, limit: number, make: (a: number, b: number) => LineItem, sign: 1 | -1) => {
      const room = (limit - start) * sign;
      if (room < MIN_MARK - EPS) return;
      if (lines) out.push(make(start, limit));
      else if (marks) out.push(make(start, start + sign * Math.min(MARK_LENGTH, room)));
    };
    for (const x of [trim.x, trim.x + trim.width]) {
      const top = shows.y - MARK_GAP;
      const bottom = shows.y + shows.height + MARK_GAP;
      add(top, reachOut(page, others, m, x, shows.y, 'up'), (a, b) => mark(x, b, x, a), -1);
      add(bottom, reachOut(page, others, m, x, shows.y + shows.height, 'down'), (a, b) => mark(x, a, x, b), 1);
    }
    for (const y of [trim.y, trim.y + trim.height]) {
      const left = shows.x - MARK_GAP;
      const right = shows.x + shows.width + MARK_GAP;
      add(left, reachOut(page, others, m, y, shows.x, 'left'), (a, b) => mark(b, y, a, y), -1);
      add(right, reachOut(page, others, m, y, shows.x + shows.width, 'right'), (a, b) => mark(a, y, b, y), 1);
    }
  });
  return [...distinctLines(out), ...outlines];
}

/** A cut outline along a component's shape (round and hex tokens are cut along it, not by marks). */
export function outlinePath(trim: Rect, shape: 'circle' | 'hex' | 'rounded' | 'rectangle', radius = 0): DisplayItem {
  const { x, y, width: w, height: h } = trim;
  const style = { stroke: '#000000', strokeWidth: HAIRLINE };
  if (shape === 'circle') return { type: 'ellipse', cx: x + w / 2, cy: y + h / 2, rx: w / 2, ry: h / 2, ...style };
  if (shape === 'rounded' || shape === 'rectangle') return { type: 'rect', x, y, width: w, height: h, ...(shape === 'rounded' ? { radius } : {}), ...style };
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
