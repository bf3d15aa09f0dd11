/** Sizes are tried on a grid of this step, in points. */
export const SIZE_STEP = 0.25;

/**
 * The largest size from `size` down to `minSize` (on a 0.25 pt grid, `minSize` itself
 * included) for which `fits` holds, by binary search; `minSize` when none fits.
 */
export function chooseSize(options: { size: number; minSize?: number; fits: (size: number) => boolean }): { size: number; fits: boolean } {
  const { size, fits } = options;
  const minSize = Math.min(options.minSize ?? size, size);
  if (fits(size)) return { size, fits: true };
  if (minSize >= size) return { size, fits: false };
  if (!fits(minSize)) return { size: minSize, fits: false };
  // Candidates size - k·step, k = 1..steps-1, all above minSize; minSize is known to fit.
  const steps = Math.ceil((size - minSize) / SIZE_STEP - 1e-9);
  let low = 1; // smallest k not yet ruled out
  let high = steps; // k known to fit (k = steps stands for minSize)
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (fits(size - middle * SIZE_STEP)) high = middle;
    else low = middle + 1;
  }
  return { size: high === steps ? minSize : size - high * SIZE_STEP, fits: true };
}
