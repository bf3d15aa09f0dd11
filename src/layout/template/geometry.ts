import { resolveLength } from '../../shared/lengths.js';
import type { Matrix } from '../../shared/display-list.js';
import type { FaceContext } from './context.js';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Written = number | string | undefined;

/** A template length in points; % of the component's width (axis x) or height (axis y). */
export function length(value: Written, axis: 'x' | 'y', ctx: FaceContext, fallback = 0): number {
  if (value === undefined) return fallback;
  return resolveLength(value, { defaultUnit: ctx.unit, percentOf: axis === 'x' ? ctx.width : ctx.height });
}

/** An element's box; a missing width or height runs to the component's edge. */
export function box(element: { x?: Written; y?: Written; width?: Written; height?: Written }, ctx: FaceContext): Box {
  const x = length(element.x, 'x', ctx);
  const y = length(element.y, 'y', ctx);
  return {
    x,
    y,
    width: length(element.width, 'x', ctx, ctx.width - x),
    height: length(element.height, 'y', ctx, ctx.height - y),
  };
}

export function translate(dx: number, dy: number): Matrix {
  return [1, 0, 0, 1, dx, dy];
}

/** Turn by `degrees` clockwise (y points down) about (cx, cy). */
export function rotateAbout(degrees: number, cx: number, cy: number): Matrix {
  const r = (degrees * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return [cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy];
}

/** Scale by (sx, sy), then move by (dx, dy). */
export function scaleThenTranslate(sx: number, sy: number, dx: number, dy: number): Matrix {
  return [sx, 0, 0, sy, dx, dy];
}

/** Rounds to 1/1000 pt, so display lists are stable and readable in snapshots. */
export function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
