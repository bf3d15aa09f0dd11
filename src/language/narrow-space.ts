import type { FontRegistry, FontStyle, FontWeight } from '../shared/fonts.js';

const FACES: [FontWeight, FontStyle][] = [['normal', 'normal'], ['bold', 'normal'], ['normal', 'italic'], ['bold', 'italic']];

/**
 * The narrow no-break space to give `typeset` for a game: U+202F when every face of the
 * families its texts use has that glyph, else U+00A0 (PITFALLS 3: the @fontsource latin
 * subsets lack U+202F; the text layout would draw U+00A0 anyway, with a "glyph-substituted"
 * warning per text). Never U+2009, which allows a line break.
 */
export function chooseNarrowSpace(fonts: FontRegistry, families: readonly string[] = [fonts.defaultFamily]): string {
  for (const family of families) {
    for (const [weight, style] of FACES) {
      const resolved = fonts.resolve(family, weight, style);
      if (resolved && !resolved.font.hasGlyphForCodePoint(0x202f)) return '\u00A0';
    }
  }
  return '\u202F';
}
