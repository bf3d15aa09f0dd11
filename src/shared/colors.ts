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

/** Colour words every template and rulebook style may use besides the game's palette; none and transparent draw nothing. */
export const COLOR_WORDS: Readonly<Record<string, string | undefined>> = { black: '#000000', white: '#ffffff', none: undefined, transparent: undefined };

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** "#rgb"/"#rgba" → "#rrggbb"/"#rrggbbaa", lower case. */
export function normalizeHex(hex: string): string {
  const h = hex.toLowerCase();
  if (h.length === 4 || h.length === 5) return '#' + [...h.slice(1)].map((c) => c + c).join('');
  return h;
}

/**
 * A written colour as hex: "#rrggbb" (or short), a colour word, or a name of the game's
 * palette. `{ok: true, hex: undefined}` draws nothing; `{ok: false}` names no colour.
 */
export function lookupColor(written: string, palette: Readonly<Record<string, string>>): { ok: true; hex: string | undefined } | { ok: false } {
  if (HEX_COLOR.test(written)) return { ok: true, hex: normalizeHex(written) };
  if (Object.hasOwn(COLOR_WORDS, written)) return { ok: true, hex: COLOR_WORDS[written] };
  if (Object.hasOwn(palette, written) && HEX_COLOR.test(palette[written]!)) return { ok: true, hex: normalizeHex(palette[written]!) };
  return { ok: false };
}
