/** A colour split into 0–255 channels and an alpha in 0..1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0..1 */
  a: number;
}

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Parses "#rgb", "#rgba", "#rrggbb" or "#rrggbbaa"; throws on anything else. */
export function parseColor(hex: string): Rgba {
  const match = HEX.exec(hex);
  if (!match) throw new Error(`not a hex colour: ${JSON.stringify(hex)} (expected #rgb, #rgba, #rrggbb or #rrggbbaa)`);
  let digits = match[1]!;
  if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
  const channel = (i: number) => parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return { r: channel(0), g: channel(1), b: channel(2), a: digits.length === 8 ? channel(3) / 255 : 1 };
}

/** "#rrggbb" of a colour, alpha dropped. */
export function formatRgbHex(color: Rgba): string {
  return '#' + [color.r, color.g, color.b].map((c) => c.toString(16).padStart(2, '0')).join('');
}

/** The colour's alpha times an optional opacity, clamped to 0..1. */
export function combinedAlpha(color: Rgba, ...opacities: (number | undefined)[]): number {
  const alpha = opacities.reduce<number>((a, o) => a * (o ?? 1), color.a);
  return Math.min(1, Math.max(0, alpha));
}
