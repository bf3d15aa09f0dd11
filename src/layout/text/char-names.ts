/** Unicode names of the characters most often missing from a font, for readable messages. */
const NAMES: Record<number, string> = {
  0x0009: 'CHARACTER TABULATION',
  0x00a0: 'NO-BREAK SPACE',
  0x00ad: 'SOFT HYPHEN',
  0x00d7: 'MULTIPLICATION SIGN',
  0x2002: 'EN SPACE',
  0x2003: 'EM SPACE',
  0x2007: 'FIGURE SPACE',
  0x2009: 'THIN SPACE',
  0x200a: 'HAIR SPACE',
  0x200b: 'ZERO WIDTH SPACE',
  0x2010: 'HYPHEN',
  0x2011: 'NON-BREAKING HYPHEN',
  0x2012: 'FIGURE DASH',
  0x2013: 'EN DASH',
  0x2014: 'EM DASH',
  0x2018: 'LEFT SINGLE QUOTATION MARK',
  0x2019: 'RIGHT SINGLE QUOTATION MARK',
  0x201c: 'LEFT DOUBLE QUOTATION MARK',
  0x201d: 'RIGHT DOUBLE QUOTATION MARK',
  0x2026: 'HORIZONTAL ELLIPSIS',
  0x202f: 'NARROW NO-BREAK SPACE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x2190: 'LEFTWARDS ARROW',
  0x2191: 'UPWARDS ARROW',
  0x2192: 'RIGHTWARDS ARROW',
  0x2193: 'DOWNWARDS ARROW',
  0x2212: 'MINUS SIGN',
  0x2605: 'BLACK STAR',
  0x2660: 'BLACK SPADE SUIT',
  0x2663: 'BLACK CLUB SUIT',
  0x2665: 'BLACK HEART SUIT',
  0x2666: 'BLACK DIAMOND SUIT',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};

/** "U+202F NARROW NO-BREAK SPACE" (the name only for characters in the table above). */
export function describeCharacter(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const hex = code.toString(16).toUpperCase().padStart(4, '0');
  const name = NAMES[code];
  return name ? `U+${hex} ${name}` : `U+${hex}`;
}
