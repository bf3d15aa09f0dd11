import type * as fontkit from 'fontkit';
import type { PlacedGlyph } from '../../shared/display-list.js';

/**
 * The OpenType features text is shaped with. A PDF backend that lets pdfkit shape a run's
 * text must pass the same list (`features: SHAPING_FEATURES`) to get the same glyphs; without
 * it pdfkit shapes word by word and loses kerning across spaces.
 */
export const SHAPING_FEATURES = ['kern', 'liga'];

export interface ShapedText {
  glyphs: PlacedGlyph[];
  /** Sum of the advances, letter spacing included. */
  width: number;
}

interface UnscaledGlyph {
  id: number;
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

/** A string's shaping in font units, and its widths at the sizes it was measured at. */
interface Shaped {
  glyphs: UnscaledGlyph[];
  /** Width by size, without letter spacing. */
  widths?: Map<number, number>;
  /** Width by "size|spacing", with letter spacing. */
  spaced?: Map<string, number>;
}

const MAX_CACHED_PER_FONT = 20_000;
const layouts = new WeakMap<fontkit.Font, Map<string, Shaped>>();

/** fontkit's layout of a string in font units, cached per font (shaping does not depend on the size). */
function layoutUnscaled(font: fontkit.Font, text: string): Shaped {
  let cache = layouts.get(font);
  if (!cache) layouts.set(font, (cache = new Map()));
  let shaped = cache.get(text);
  if (!shaped) {
    const run = font.layout(text, SHAPING_FEATURES);
    const glyphs = run.glyphs.map((glyph, i) => {
      const position = run.positions[i]!;
      return { id: glyph.id, xAdvance: position.xAdvance, xOffset: position.xOffset, yOffset: position.yOffset };
    });
    if (cache.size >= MAX_CACHED_PER_FONT) cache.clear();
    shaped = { glyphs };
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
  const scale = options.size / font.unitsPerEm;
  const spacing = options.letterSpacing ?? 0;
  let pen = 0;
  const glyphs = layoutUnscaled(font, text).glyphs.map((g): PlacedGlyph => {
    const advance = g.xAdvance * scale + spacing;
    const placed = { id: g.id, x: pen + g.xOffset * scale, y: -g.yOffset * scale, advance };
    pen += advance;
    return placed;
  });
  return { glyphs, width: pen };
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
  const key = plain ? undefined : `${options.size}|${spacing}`;
  let width = plain ? shaped.widths?.get(options.size) : shaped.spaced?.get(key!);
  if (width === undefined) {
    const scale = options.size / font.unitsPerEm;
    width = 0;
    for (const g of shaped.glyphs) width += g.xAdvance * scale + spacing;
    if (plain) (shaped.widths ??= new Map()).set(options.size, width);
    else (shaped.spaced ??= new Map()).set(key!, width);
  }
  return width;
}
