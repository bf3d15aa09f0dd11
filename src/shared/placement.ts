import type { Matrix } from './display-list.js';

/** Quarter turns, clockwise on a y-down page. */
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

/** The matrix that applies `n` first, then `m`: x' = m(n(x)). */
export function multiplyMatrix(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}
