import type * as fontkit from 'fontkit';
import type { PlacedGlyph } from '../../shared/display-list.js';
import { commonShapesAsLatin, wordShaping, type WordShaping } from './word-shaping.js';

/**
 * The OpenType features text is shaped with. A PDF backend that lets pdfkit shape a run's
 * text must pass the same list (`features: SHAPING_FEATURES`) to get the same glyphs; without
 * it pdfkit shapes word by word and loses kerning across spaces.
 */
export const SHAPING_FEATURES = ['kern', 'liga'];

export interface ShapedText {
  /** Shared by every run of the same string, font, size and spacing: never changed once placed. */
  glyphs: readonly PlacedGlyph[];
  /** Sum of the advances, letter spacing included. */
  width: number;
}

/** A string's shaping in font units, and its widths at the sizes it was measured at. */
interface Shaped {
  /** Four numbers a glyph, in font units: id, x advance, x offset, y offset (one array, not an object a glyph: a set of thousands of cards keeps the shaping of every line). */
  units: Float64Array;
  /** Width by size, without letter spacing. */
  widths?: Map<number, number>;
  /** Width by "size|spacing", with letter spacing. */
  spaced?: Map<string, number>;
  /** Placed glyphs by "size|spacing". */
  placed?: Map<string, ShapedText>;
}

/** The key of a size and letter spacing in Shaped's maps ("10|0.5"; a spacing of -0 is its own). */
const sizeKey = (size: number, spacing: number) => `${size}|${Object.is(spacing, -0) ? '-0' : spacing}`;

const MAX_CACHED_PER_FONT = 20_000;
const layouts = new WeakMap<fontkit.Font, Map<string, Shaped>>();

/** What `make` gives for a font and a string, made once and kept (at most MAX_CACHED_PER_FONT strings a font). */
function perFont<V>(store: WeakMap<fontkit.Font, Map<string, V>>, font: fontkit.Font, key: string, make: () => V): V {
  let cache = store.get(font);
  if (!cache) store.set(font, (cache = new Map()));
  if (cache.has(key)) return cache.get(key)!;
  const value = make();
  if (cache.size >= MAX_CACHED_PER_FONT) cache.clear();
  cache.set(key, value);
  return value;
}

/**
 * Characters of Latin script or common to every script (ASCII, Latin-1, general punctuation,
 * currency, letterlike and mathematical symbols but the ohm sign, which is Greek, arrows).
 * fontkit picks the script a string is shaped in from its first letter of a script of its own:
 * in a string of these holding an ASCII letter, that is Latin, and each of its words is shaped
 * in Latin as the line is, a word without a letter (a number, a dash) as well.
 */
const LATIN_OR_COMMON = /^[\p{Script=Latin}\u0020-\u00bf\u00d7\u00f7\u2000-\u206f\u20a0-\u20bf\u2100-\u2125\u2127-\u22ff]*$/u;
const ASCII_LETTER = /[A-Za-z]/;

/** The OpenType tag fontkit shapes a Latin string with (its script detection gives the same for one). */
const LATIN = 'latn';

/** Whether fontkit shapes `text` as Latin: it holds a Latin letter, or only common characters that the font shapes as Latin (see commonShapesAsLatin). */
const isLatin = (font: fontkit.Font, text: string) => LATIN_OR_COMMON.test(text) && (ASCII_LETTER.test(text) || commonShapesAsLatin(font));

/**
 * A Latin line split into what it can be shaped as, when its font joins no word to the next
 * (see wordShaping): its words and each of its spaces when no rule of the font holds a space
 * ('spaces-apart'), else its words each with the spaces after it; undefined when the line must
 * be shaped whole (another script, or a font whose rules reach across a space).
 */
function piecesOf(font: fontkit.Font, text: string, shaping: WordShaping): string[] | undefined {
  if (shaping === 'line' || !text.includes(' ') || !isLatin(font, text)) return undefined;
  const pieces = shaping === 'spaces-apart' ? text.split(/( )/).filter((piece) => piece !== '') : text.split(/(?<= )(?=[^ ])/);
  return pieces.length > 1 ? pieces : undefined;
}

/** A run's glyphs from the `from`-th on, four numbers a glyph: id, x advance, x offset, y offset. */
function unitsOf(run: fontkit.GlyphRun, from = 0): Float64Array {
  const units = new Float64Array((run.glyphs.length - from) * 4);
  for (let i = from; i < run.glyphs.length; i++) {
    const position = run.positions[i]!;
    const at = (i - from) * 4;
    units[at] = run.glyphs[i]!.id;
    units[at + 1] = position.xAdvance;
    units[at + 2] = position.xOffset;
    units[at + 3] = position.yOffset;
  }
  return units;
}

/** Pieces of Latin lines shaped in Latin (see piecesOf), cached per font: the words a deck shares, shaped once. */
const latinPieces = new WeakMap<fontkit.Font, Map<string, Float64Array>>();

const latinUnits = (font: fontkit.Font, piece: string): Float64Array => perFont(latinPieces, font, piece, () => unitsOf(font.layout(piece, SHAPING_FEATURES, LATIN)));

/** A word's shaping in Latin behind a space, the space's glyph left out (null when the first glyph is not the space's alone), cached per font. */
const behindSpaces = new WeakMap<fontkit.Font, Map<string, Float64Array | null>>();

function unitsBehindSpace(font: fontkit.Font, word: string): Float64Array | undefined {
  const units = perFont(behindSpaces, font, word, () => {
    const run = font.layout(` ${word}`, SHAPING_FEATURES, LATIN);
    const first = run.glyphs[0]?.codePoints;
    return first?.length === 1 && first[0] === 0x20 ? unitsOf(run, 1) : null;
  });
  return units ?? undefined;
}

/** A line's shaping from its pieces' (see piecesOf): undefined when one of them cannot be shaped apart. */
function unitsOfPieces(font: fontkit.Font, pieces: readonly string[], shaping: WordShaping): Float64Array | undefined {
  const parts: Float64Array[] = [];
  for (const [i, piece] of pieces.entries()) {
    const part = i > 0 && shaping === 'words-behind-space' ? unitsBehindSpace(font, piece) : latinUnits(font, piece);
    if (!part) return undefined;
    parts.push(part);
  }
  const units = new Float64Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    units.set(part, at);
    at += part.length;
  }
  return units;
}

/**
 * fontkit's layout of a string in font units, cached per font (shaping does not depend on the
 * size). A Latin line whose words can be shaped apart is put together from their shapings
 * (and its spaces'), which the lines of a deck share, and a Latin word alone is the same
 * shaping as the word in a line: glyph for glyph what shaping the line gives.
 */
function layoutUnscaled(font: fontkit.Font, text: string): Shaped {
  return perFont(layouts, font, text, () => {
    const shaping = wordShaping(font, SHAPING_FEATURES);
    const pieces = piecesOf(font, text, shaping);
    return { units: (pieces && unitsOfPieces(font, pieces, shaping)) ?? (isLatin(font, text) ? latinUnits(font, text) : unitsOf(font.layout(text, SHAPING_FEATURES))) };
  });
}

/**
 * Shapes a string with kerning and ligatures at a size in points, adding `letterSpacing`
 * after every glyph (as PDF's Tc operator does). Glyph x and y are relative to the pen
 * origin, y positive downwards.
 */
export function shapeText(font: fontkit.Font, text: string, options: { size: number; letterSpacing?: number }): ShapedText {
  const spacing = options.letterSpacing ?? 0;
  const shaped = layoutUnscaled(font, text);
  // The cards of a set repeat words and phrases: each face's runs share their glyphs, placed once.
  const key = sizeKey(options.size, spacing);
  let placed = shaped.placed?.get(key);
  if (!placed) {
    const scale = options.size / font.unitsPerEm;
    let pen = 0;
    const { units } = shaped;
    const glyphs: PlacedGlyph[] = [];
    for (let i = 0; i < units.length; i += 4) {
      const advance = units[i + 1]! * scale + spacing;
      glyphs.push({ id: units[i]!, x: pen + units[i + 2]! * scale, y: -units[i + 3]! * scale, advance });
      pen += advance;
    }
    placed = { glyphs: Object.freeze(glyphs), width: pen };
    (shaped.placed ??= new Map()).set(key, placed);
  }
  return placed;
}

/**
 * The width alone of a shaped string: the same sum as shapeText's, in the same order (so the
 * same number to the last bit), without placing glyphs; remembered with the string's shaping
 * for each size and spacing, since breaking lines measures the same words again and again.
 */
export function measureText(font: fontkit.Font, text: string, options: { size: number; letterSpacing?: number }): number {
  const spacing = options.letterSpacing ?? 0;
  const shaped = layoutUnscaled(font, text);
  const plain = Object.is(spacing, 0);
  const key = plain ? undefined : sizeKey(options.size, spacing);
  let width = plain ? shaped.widths?.get(options.size) : shaped.spaced?.get(key!);
  if (width === undefined) {
    const scale = options.size / font.unitsPerEm;
    width = 0;
    const { units } = shaped;
    for (let i = 1; i < units.length; i += 4) width += units[i]! * scale + spacing;
    if (plain) (shaped.widths ??= new Map()).set(options.size, width);
    else (shaped.spaced ??= new Map()).set(key!, width);
  }
  return width;
}
