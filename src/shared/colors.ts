import { createRequire } from 'node:module';
import type { Rgb } from 'culori';
import type * as Culori from 'culori';

// culori's single-file build (the same code as its ES modules, which are 150 files to load).
const { clampRgb, differenceCiede2000, filterDeficiencyDeuter, filterDeficiencyProt, filterDeficiencyTrit, formatHex, wcagContrast } = createRequire(import.meta.url)('culori/require') as typeof Culori;
import type { Hex } from './display-list.js';

/**
 * Colours, the one place that reads them: "#rgb", "#rgba", "#rrggbb", "#rrggbbaa", the
 * built-in words (none, transparent, black, white) and the names of a game's palette.
 * Content checks, layout and the renderers all ask here.
 */

/** A colour split into 0–255 channels and an alpha in 0..1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0..1 */
  a: number;
}

/** The hex forms a colour may be written in (the schemas' pattern). */
export const HEX_COLOR_PATTERN = '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$';
const HEX = new RegExp(HEX_COLOR_PATTERN);

/** Colour words every game may use besides its palette: their hex, or undefined for no paint. */
const NAMED: Readonly<Record<string, Hex | undefined>> = { none: undefined, transparent: undefined, black: '#000000', white: '#ffffff' };

/** The built-in colour words. */
export const COLOR_WORDS: readonly string[] = Object.keys(NAMED);

/** True for "#rgb", "#rgba", "#rrggbb" and "#rrggbbaa" (either case). */
export function isHexColor(text: string): boolean {
  return HEX.test(text);
}

/** A hex colour in its long lower-case form: "#ABC" → "#aabbcc", "#abcd" → "#aabbccdd". */
export function normalizeHex(hex: string): Hex {
  const h = hex.toLowerCase();
  if (h.length === 4 || h.length === 5) return '#' + [...h.slice(1)].map((c) => c + c).join('');
  return h;
}

/** What a colour written in content comes to. */
export type ColorValue =
  /** Paint of this colour ("#rrggbb" or "#rrggbbaa", lower case). */
  | { kind: 'color'; hex: Hex }
  /** No paint: "none" or "transparent". */
  | { kind: 'none' }
  /** Neither hex, nor a colour word, nor a name of the palette. */
  | { kind: 'unknown' };

/**
 * A colour as written in content (hex, a built-in word, or a name of the game's palette) as
 * the hex the renderers draw. A palette entry is itself hex (the game schema says so).
 */
export function resolveColor(text: string, palette: Readonly<Record<string, string>> = {}): ColorValue {
  if (isHexColor(text)) return { kind: 'color', hex: normalizeHex(text) };
  if (Object.hasOwn(NAMED, text)) {
    const hex = NAMED[text];
    return hex === undefined ? { kind: 'none' } : { kind: 'color', hex };
  }
  const entry = Object.hasOwn(palette, text) ? palette[text] : undefined;
  if (entry !== undefined && isHexColor(entry)) return { kind: 'color', hex: normalizeHex(entry) };
  return { kind: 'unknown' };
}

/** Parses "#rgb", "#rgba", "#rrggbb" or "#rrggbbaa" into channels; throws on anything else. */
export function parseColor(hex: string): Rgba {
  if (!isHexColor(hex)) throw new Error(`not a hex colour: ${JSON.stringify(hex)} (expected #rgb, #rgba, #rrggbb or #rrggbbaa)`);
  const digits = normalizeHex(hex).slice(1);
  return { r: channelAt(digits, 0), g: channelAt(digits, 1), b: channelAt(digits, 2), a: digits.length === 8 ? channelAt(digits, 3) / 255 : 1 };
}

/** Channel `i` (0 red … 3 alpha) of "rrggbb" or "rrggbbaa", 0–255. Not a closure: legibility checks parse colours by the thousand. */
function channelAt(digits: string, i: number): number {
  return parseInt(digits.slice(i * 2, i * 2 + 2), 16);
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

// ---------------------------------------------------------------------------------------------
// Legibility: contrast, compositing and colour-vision simulation (culori does the colour science).

/** `top` painted with `alpha` (0..1) over the opaque `under`: the colour the eye sees, "#rrggbb". */
export function compositeOver(top: string, alpha: number, under: string): string {
  return remember(composites, `${top} ${alpha} ${under}`, () => composite(top, alpha, under));
}

function composite(top: string, alpha: number, under: string): string {
  const t = parseColor(top);
  const u = parseColor(under);
  const a = combinedAlpha(t, alpha);
  const mix = (x: number, y: number) => Math.round(x * a + y * (1 - a));
  return formatRgbHex({ r: mix(t.r, u.r), g: mix(t.g, u.g), b: mix(t.b, u.b), a: 1 });
}

/** The WCAG 2 contrast ratio of two opaque colours, 1..21. */
export function contrastRatio(a: string, b: string): number {
  return remember(contrasts, `${a} ${b}`, () => wcagContrast(formatRgbHex(parseColor(a)), formatRgbHex(parseColor(b))));
}

/**
 * Results of the colour science by their arguments: a set's faces ask the same few questions
 * (this ink on that ground) once per text, and culori parses its colours as text each time.
 */
const composites = new Map<string, string>();
const contrasts = new Map<string, number>();
const REMEMBERED = 10_000;

function remember<T>(results: Map<string, T>, key: string, compute: () => T): T {
  let result = results.get(key);
  if (result === undefined) {
    if (results.size >= REMEMBERED) results.clear();
    result = compute();
    results.set(key, result);
  }
  return result;
}

/** The colour-vision deficiencies simulated (Machado, Oliveira & Fernandes 2009, full severity). */
export const DEFICIENCIES = ['protanopia', 'deuteranopia', 'tritanopia'] as const;
export type Deficiency = (typeof DEFICIENCIES)[number];

const SIMULATE: Record<Deficiency, ReturnType<typeof filterDeficiencyProt>> = {
  protanopia: filterDeficiencyProt(1),
  deuteranopia: filterDeficiencyDeuter(1),
  tritanopia: filterDeficiencyTrit(1),
};

/** The colour as someone with the deficiency sees it, "#rrggbb". */
export function simulateDeficiency(hex: string, deficiency: Deficiency): string {
  const color = rgbOf(hex);
  return formatHex(clampRgb(SIMULATE[deficiency](color)));
}

const ciede2000 = differenceCiede2000();

/** CIEDE2000 colour difference of two colours (alpha dropped): about 2 is just noticeable. */
export function colorDifference(a: string, b: string): number {
  return ciede2000(rgbOf(a), rgbOf(b));
}

function rgbOf(hex: string): Rgb {
  const c = parseColor(hex);
  return { mode: 'rgb', r: c.r / 255, g: c.g / 255, b: c.b / 255 };
}
