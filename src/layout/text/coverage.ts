import type * as fontkit from 'fontkit';
import { describeCharacter } from './char-names.js';

/** Characters a font may lack, and the look-alike drawn instead when it has that one. */
const STAND_INS: Record<string, string> = {
  '\u202F': '\u00A0', // narrow no-break space → no-break space (never U+2009: it allows a break)
  '\u2007': '\u00A0',
  '\u2011': '-',
};

/** Characters never drawn as glyphs: line breaks, and the soft hyphen (a "-" when a line breaks there). */
const IGNORED = new Set(['\n', '\r', '\u00AD']);

export interface CoverageResult {
  /** The text with stand-ins for the characters the font lacks, where the font has the stand-in. */
  text: string;
  /** One message per distinct missing character. */
  messages: string[];
}

/** The distinct characters of `text` the font has no glyph for. */
export function findMissingCharacters(font: fontkit.Font, text: string): string[] {
  const missing = new Set<string>();
  for (const char of text) {
    if (!IGNORED.has(char) && !font.hasGlyphForCodePoint(char.codePointAt(0)!)) missing.add(char);
  }
  return [...missing];
}

/**
 * Checks every character of `text` against the font: each missing one gets a message naming
 * it, and is replaced by its stand-in when the font has one (never a silent .notdef box).
 */
export function checkCoverage(font: fontkit.Font, family: string, text: string): CoverageResult {
  let result = text;
  const messages = findMissingCharacters(font, text).map((char) => {
    const standIn = STAND_INS[char];
    const usable = standIn !== undefined && font.hasGlyphForCodePoint(standIn.codePointAt(0)!);
    if (usable) result = result.split(char).join(standIn);
    const what = `the font ${family} has no glyph for "${char}" (${describeCharacter(char)})`;
    return usable ? `${what}; drawn as ${describeCharacter(standIn)} instead` : `${what}; it would print as an empty box`;
  });
  return { text: result, messages };
}
