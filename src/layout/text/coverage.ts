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
  /** One message for the characters that would print as empty boxes (absent when there are none). */
  messages: string[];
  /** One message per character drawn as a look-alike the font has. */
  substituted: string[];
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
  const boxes: string[] = [];
  const substituted: string[] = [];
  for (const char of findMissingCharacters(font, text)) {
    const standIn = STAND_INS[char];
    if (standIn !== undefined && font.hasGlyphForCodePoint(standIn.codePointAt(0)!)) {
      result = result.split(char).join(standIn);
      substituted.push(`the font ${family} has no glyph for "${char}" (${describeCharacter(char)}); drawn as ${describeCharacter(standIn)} instead`);
    } else {
      boxes.push(`"${char}" (${describeCharacter(char)})`);
    }
  }
  const shown = boxes.slice(0, 5).join(', ') + (boxes.length > 5 ? ` and ${boxes.length - 5} more` : '');
  const messages = boxes.length === 0 ? [] : [`the font ${family} has no glyph for ${shown}; ${boxes.length === 1 ? 'it' : 'they'} would print as empty boxes: choose a font that has ${boxes.length === 1 ? 'it' : 'them'}, or change the text`];
  return { text: result, messages, substituted };
}
