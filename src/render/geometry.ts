import type { Matrix } from '../shared/display-list.js';

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

export { placementMatrix, type Rotation } from '../shared/placement.js';
