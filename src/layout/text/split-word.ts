import type { Piece } from './pieces.js';
import { appendText, piecesText, splitPieces, trimTrailingSpace } from './pieces.js';

/** Cuts a word into syllables ("hyphenation" → ["hy", "phen", "a", "tion"]); their concatenation is the word. */
export type Hyphenate = (word: string, lang: string) => string[];

export interface WordSplit {
  head: readonly Piece[];
  tail: readonly Piece[];
}

const EPSILON = 1e-6;
/** Made when a word is first cut between letters (rare: a word wider than a line): making one loads ICU's break rules, 9 ms. */
let graphemes: Intl.Segmenter | undefined;

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

/** Characters measured at once when looking at the start of a long word: no line of a card or a page holds more. */
export const LONG_WORD_PREFIX = 256;

/**
 * Whether a word surely does not fit `available`: a word longer than LONG_WORD_PREFIX is judged
 * by its first LONG_WORD_PREFIX characters, so a word of 20 000 letters is not shaped whole for
 * every line it fills (which made breaking it quadratic).
 */
export function overflowsByPrefix(pieces: readonly Piece[], options: { available: number; measure: (pieces: readonly Piece[]) => number }): boolean {
  const text = piecesText(pieces);
  if (text.length <= LONG_WORD_PREFIX) return false;
  return options.measure(splitPieces(pieces, prefixEnd(text, LONG_WORD_PREFIX))[0]) > options.available + EPSILON;
}

/** An offset at or before `limit` that does not cut a surrogate pair. */
function prefixEnd(text: string, limit: number): number {
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

/**
 * The last resort for a word wider than the line: the longest run of whole grapheme
 * clusters that fits (at least one, so the layout always moves on). Only a window of the word
 * is segmented and measured, doubled until it overflows, then halved: the work is proportional
 * to the line, not to the word, so cutting a long word into lines takes linear time.
 */
export function splitAtGrapheme(pieces: readonly Piece[], options: { available: number; measure: (pieces: readonly Piece[]) => number }): WordSplit {
  const text = piecesText(pieces);
  const fits = (end: number) => options.measure(trimTrailingSpace(splitPieces(pieces, end)[0])) <= options.available + EPSILON;
  let window = Math.min(text.length, 64);
  let ends = graphemeEnds(text, window);
  while (window < text.length && fits(ends[ends.length - 1]!)) {
    window = Math.min(text.length, window * 2);
    ends = graphemeEnds(text, window);
  }
  // ends[0] always goes; find the last end that fits by bisection (widths grow with the end).
  let low = 0;
  let high = ends.length - 1;
  if (high > 0 && fits(ends[high]!)) low = high;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (fits(ends[middle]!)) low = middle;
    else high = middle;
  }
  const [head, tail] = splitPieces(pieces, ends[low] ?? 0);
  return { head, tail };
}

/** Ends of the grapheme clusters that lie wholly within the first `window` UTF-16 units (the last one may reach past it: a cluster is never cut). */
function graphemeEnds(text: string, window: number): number[] {
  const ends: number[] = [];
  // A cluster that starts inside the window may end a little after it: segment a few units more.
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const s of graphemes.segment(text.slice(0, Math.min(text.length, window + 16)))) {
    const end = s.index + s.segment.length;
    if (ends.length > 0 && s.index >= window) break;
    ends.push(end);
  }
  return ends;
}
