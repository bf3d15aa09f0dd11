import LineBreaker from '../../vendor/linebreak.js';
import type { Piece } from './pieces.js';
import { OBJECT_CHAR, piecesText, splitPieces } from './pieces.js';

/** One unbreakable unit of a paragraph: what lies between two break opportunities, trailing spaces included. */
export interface Word {
  pieces: readonly Piece[];
  /** A mandatory break follows (a newline that reached the breaker). */
  required: boolean;
}

/** No line starts with a closing guillemet, and none ends with an opening one followed by a space. */
function isTailoredAway(text: string, start: number, position: number): boolean {
  const before = text.slice(start, position).trim();
  return before === '«' || before === '‹' || /^[»›]/.test(text.slice(position));
}

/**
 * The offsets where a line may end (UAX #14 through `linebreak`): after spaces and hyphens,
 * never at U+00A0 or U+202F. Icons count as letters, so "3:coin:" stays together.
 */
export function findBreaks(text: string): { position: number; required: boolean }[] {
  const breaker = new LineBreaker(text.split(OBJECT_CHAR).join('A'));
  const breaks: { position: number; required: boolean }[] = [];
  let start = 0;
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
    if (bk.position < text.length && !bk.required && isTailoredAway(text, start, bk.position)) continue;
    breaks.push({ position: bk.position, required: bk.required });
    start = bk.position;
  }
  return breaks;
}

/** Cuts a paragraph into words at its break opportunities. */
export function segmentWords(pieces: readonly Piece[]): Word[] {
  const words: Word[] = [];
  let rest: Piece[] = [...pieces];
  let consumed = 0;
  for (const bk of findBreaks(piecesText(pieces))) {
    const [head, tail] = splitPieces(rest, bk.position - consumed);
    if (head.length > 0) words.push({ pieces: head, required: bk.required });
    rest = tail;
    consumed = bk.position;
  }
  return words;
}
