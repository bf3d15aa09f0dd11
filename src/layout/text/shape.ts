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

const MAX_CACHED_PER_FONT = 20_000;
const layouts = new WeakMap<fontkit.Font, Map<string, UnscaledGlyph[]>>();

/** fontkit's layout of a string in font units, cached per font (shaping does not depend on the size). */
function layoutUnscaled(font: fontkit.Font, text: string): UnscaledGlyph[] {
  let cache = layouts.get(font);
  if (!cache) layouts.set(font, (cache = new Map()));
  let glyphs = cache.get(text);
  if (!glyphs) {
    const run = font.layout(text, SHAPING_FEATURES);
    glyphs = run.glyphs.map((glyph, i) => {
      const position = run.positions[i]!;
      return { id: glyph.id, xAdvance: position.xAdvance, xOffset: position.xOffset, yOffset: position.yOffset };
    });
    if (cache.size >= MAX_CACHED_PER_FONT) cache.clear();
    cache.set(text, glyphs);
  }
  return glyphs;
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
  const glyphs = layoutUnscaled(font, text).map((g): PlacedGlyph => {
    const advance = g.xAdvance * scale + spacing;
    const placed = { id: g.id, x: pen + g.xOffset * scale, y: -g.yOffset * scale, advance };
    pen += advance;
    return placed;
  });
  return { glyphs, width: pen };
}

const MAX_WIDTHS_PER_FONT = 50_000;
const widths = new WeakMap<fontkit.Font, Map<string, number>>();

/**
 * The width alone of a shaped string: the same sum as shapeText's, in the same order (so the
 * same number to the last bit), without placing glyphs; remembered per font, size and spacing,
 * since breaking lines measures the same words again and again.
 */
export function measureText(font: fontkit.Font, text: string, options: { size: number; letterSpacing?: number }): number {
  const spacing = options.letterSpacing ?? 0;
  let cache = widths.get(font);
  if (!cache) widths.set(font, (cache = new Map()));
  const key = `${options.size}|${spacing}|${text}`;
  let width = cache.get(key);
  if (width === undefined) {
    const scale = options.size / font.unitsPerEm;
    width = 0;
    for (const g of layoutUnscaled(font, text)) width += g.xAdvance * scale + spacing;
    if (cache.size >= MAX_WIDTHS_PER_FONT) cache.clear();
    cache.set(key, width);
  }
  return width;
}
