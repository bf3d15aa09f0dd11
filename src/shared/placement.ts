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
