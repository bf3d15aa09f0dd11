/** A number for SVG output: at most 3 decimals, no "-0", no exponent. */
export function num(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`cannot write ${n} into SVG`);
  const rounded = Math.round(n * 1000) / 1000;
  return rounded === 0 ? '0' : String(rounded);
}

/** Escapes text for a double-quoted XML attribute. */
export function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/>/g, '&gt;');
}

/** ` name="value"` for each defined attribute (numbers through num()). */
export function attrs(values: Record<string, string | number | undefined>): string {
  let out = '';
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    out += ` ${name}="${typeof value === 'number' ? num(value) : escapeAttr(value)}"`;
  }
  return out;
}
