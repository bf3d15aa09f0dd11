import type { Piece } from './pieces.js';
import { appendText, piecesText, splitPieces, trimTrailingSpace } from './pieces.js';

/** Cuts a word into syllables ("hyphenation" → ["hy", "phen", "a", "tion"]); their concatenation is the word. */
export type Hyphenate = (word: string, lang: string) => string[];

export interface WordSplit {
  head: Piece[];
  tail: Piece[];
}

const EPSILON = 1e-6;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The longest run of leading syllables that fits `available` once a hyphen is added, or
 * undefined when the hook gives no syllables or not even the first one fits.
 */
export function splitAtHyphen(
  pieces: readonly Piece[],
  options: { available: number; lang: string; hyphenate: Hyphenate; measure: (pieces: readonly Piece[]) => number },
): WordSplit | undefined {
  const word = piecesText(trimTrailingSpace(pieces));
  const syllables = options.hyphenate(word, options.lang).filter((syllable) => syllable !== '');
  if (syllables.length < 2 || syllables.join('') !== word) return undefined;
  for (let count = syllables.length - 1; count >= 1; count--) {
    const offset = syllables.slice(0, count).join('').length;
    const [before, tail] = splitPieces(pieces, offset);
    const head = /[-\u2010\u00AD]$/.test(piecesText(before)) ? before : appendText(before, '-');
    if (options.measure(head) <= options.available + EPSILON) return { head, tail };
  }
  return undefined;
}

/**
 * The last resort for a word wider than the line: the longest run of whole grapheme
 * clusters that fits (at least one, so the layout always moves on).
 */
export function splitAtGrapheme(pieces: readonly Piece[], options: { available: number; measure: (pieces: readonly Piece[]) => number }): WordSplit {
  const ends = [...graphemes.segment(piecesText(pieces))].map((s) => s.index + s.segment.length);
  let best = ends[0] ?? 0;
  for (const end of ends.slice(1)) {
    if (options.measure(trimTrailingSpace(splitPieces(pieces, end)[0])) > options.available + EPSILON) break;
    best = end;
  }
  const [head, tail] = splitPieces(pieces, best);
  return { head, tail };
}
