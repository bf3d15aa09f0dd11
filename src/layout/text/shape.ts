import type * as fontkit from 'fontkit';
import type { PlacedGlyph } from '../../shared/display-list.js';

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

/** fontkit's layout of a string in font units, cached per font (shaping does not depend on the size). */
function layoutUnscaled(font: fontkit.Font, text: string): Shaped {
  let cache = layouts.get(font);
  if (!cache) layouts.set(font, (cache = new Map()));
  let shaped = cache.get(text);
  if (!shaped) {
    const run = font.layout(text, SHAPING_FEATURES);
    const units = new Float64Array(run.glyphs.length * 4);
    run.glyphs.forEach((glyph, i) => {
      const position = run.positions[i]!;
      units[i * 4] = glyph.id;
      units[i * 4 + 1] = position.xAdvance;
      units[i * 4 + 2] = position.xOffset;
      units[i * 4 + 3] = position.yOffset;
    });
    if (cache.size >= MAX_CACHED_PER_FONT) cache.clear();
    shaped = { units };
    cache.set(text, shaped);
  }
  return shaped;
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
