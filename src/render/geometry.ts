import type { Matrix } from '../layout/display-list.js';

/** The corner radius both backends use (SVG would clamp rx and ry separately; one value for both). */
export function clampRadius(radius: number | undefined, width: number, height: number): number {
  return Math.max(0, Math.min(radius ?? 0, width / 2, height / 2));
}

/** A dash array as SVG reads it: negative values or an all-zero sum mean a solid line. */
export function usableDash(dash: number[] | undefined): number[] | undefined {
  if (!dash || dash.length === 0) return undefined;
  if (dash.some((d) => !Number.isFinite(d) || d < 0) || dash.reduce((a, b) => a + b, 0) <= 0) return undefined;
  return dash;
}

export type Rotation = 0 | 90 | 180 | 270;

/**
 * The matrix that puts a trim of width × height, turned clockwise by `rotate` degrees (on a
 * y-down page), so that the turned trim's top-left corner lands at (x, y).
 */
export function placementMatrix(width: number, height: number, at: { x: number; y: number; rotate?: Rotation }): Matrix {
  const { x, y } = at;
  switch (at.rotate ?? 0) {
    case 0:
      return [1, 0, 0, 1, x, y];
    case 90:
      return [0, 1, -1, 0, x + height, y];
    case 180:
      return [-1, 0, 0, -1, x + width, y + height];
    case 270:
      return [0, -1, 1, 0, x, y + width];
  }
}
