import type { DisplayList } from '../../shared/display-list.js';

/** Pixel size of trim + bleed at `dpi`: round(points / 72 × dpi) on each axis. */
export function pixelSize(list: DisplayList, dpi: number): { widthPx: number; heightPx: number } {
  if (!(dpi > 0)) throw new Error(`dpi must be a positive number, got ${dpi}`);
  const px = (points: number) => Math.max(1, Math.round((points / 72) * dpi));
  return { widthPx: px(list.width + 2 * list.bleed), heightPx: px(list.height + 2 * list.bleed) };
}
