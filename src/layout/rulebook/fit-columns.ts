const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * When even the longest words do not fit: columns whose longest word is under a fair share
 * keep it; the others share what is left in proportion to their longest words.
 */
function squeeze(minimum: readonly number[], width: number): number[] {
  const fixed = new Set<number>();
  for (let changed = true; changed; ) {
    changed = false;
    const flexible = minimum.map((_, i) => i).filter((i) => !fixed.has(i));
    const share = (width - sum([...fixed].map((i) => minimum[i]!))) / Math.max(flexible.length, 1);
    for (const i of flexible) {
      if (minimum[i]! <= share) {
        fixed.add(i);
        changed = true;
      }
    }
  }
  const rest = width - sum([...fixed].map((i) => minimum[i]!));
  const flexibleTotal = sum(minimum.filter((_, i) => !fixed.has(i)));
  return minimum.map((m, i) => (fixed.has(i) ? m : (m * rest) / flexibleTotal));
}

/**
 * Column widths that fill `width`, as HTML's automatic table layout does: every column its
 * natural width and the rest shared in proportion when they fit; else each its longest word
 * and the rest shared by how much more each wants; else the longest words squeezed.
 */
export function fitColumns(options: { natural: number[]; minimum: number[]; width: number }): number[] {
  const { width } = options;
  const natural = options.natural.map((n, i) => Math.max(n, options.minimum[i] ?? 0, 1));
  const minimum = options.minimum.map((m) => Math.max(m, 1));
  const totalNatural = sum(natural);
  if (totalNatural <= width) return natural.map((n) => n + ((width - totalNatural) * n) / totalNatural);
  const totalMinimum = sum(minimum);
  if (totalMinimum >= width) return squeeze(minimum, width);
  const wants = natural.map((n, i) => n - minimum[i]!);
  const totalWants = sum(wants);
  return minimum.map((m, i) => m + ((width - totalMinimum) * wants[i]!) / totalWants);
}
