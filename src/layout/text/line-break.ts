import type { Piece } from './pieces.js';
import { piecesText, trimTrailingSpace } from './pieces.js';
import type { Word } from './segment-words.js';
import type { Hyphenate } from './split-word.js';
import { overflowsByPrefix, splitAtGrapheme, splitAtHyphen } from './split-word.js';

/** A line chosen by the breaker: its words in order (the last one still with its trailing spaces). */
export interface BrokenLine {
  words: (readonly Piece[])[];
  /** Last line of a paragraph (or before a mandatory break): never stretched when justifying. */
  paragraphEnd: boolean;
}

export interface BreakOptions {
  /** Room on a line, in points. */
  width: number;
  lang: string;
  /** Width of one word on its own (an estimate of its share of a line); `lineEnd` when it would end the line. */
  measure: (pieces: readonly Piece[], lineEnd: boolean) => number;
  /** Exact width of a finished line without its trailing spaces, as it will be drawn. */
  measureLine: (words: readonly (readonly Piece[])[]) => number;
  hyphenate?: Hyphenate;
}

export interface BrokenParagraph {
  lines: BrokenLine[];
  /** Words that fit on no line and were cut between letters. */
  tooLong: string[];
}

interface Entry {
  word: Word;
  /** When the entry is the head of a split word: the whole word, to restore if it must go. */
  whole?: Word;
}

const EPSILON = 1e-6;

/** Greedy line filling: each line takes as many words as fit; hyphenation, then letters, for words that do not. */
export function breakParagraph(words: readonly Word[], options: BreakOptions): BrokenParagraph {
  const lines: BrokenLine[] = [];
  const tooLong: string[] = [];
  const queue = [...words];
  let line: Entry[] = [];
  let used = 0;
  const cutTails = new WeakSet<Word>();

  const emit = (paragraphEnd: boolean, carry?: Word) => {
    // The words were measured one by one; kerning across their joins can differ a little.
    while (line.length > 1 && options.measureLine(line.map((e) => e.word.pieces)) > options.width + EPSILON) {
      const popped = line.pop()!;
      if (popped.whole) carry = undefined;
      queue.unshift(popped.whole ?? popped.word);
      paragraphEnd = false;
    }
    const last = line[line.length - 1]?.word;
    lines.push({ words: line.map((e) => e.word.pieces), paragraphEnd: paragraphEnd || (last?.required ?? false) });
    line = [];
    used = 0;
    if (carry) queue.unshift(carry);
  };

  const measureEnd = (pieces: readonly Piece[]) => options.measure(pieces, true);
  const place = (word: Word) => {
    const available = options.width - used;
    const long = overflowsByPrefix(word.pieces, { available: options.width, measure: measureEnd });
    if (!long && measureEnd(trimTrailingSpace(word.pieces)) <= available + EPSILON) {
      line.push({ word });
      used += options.measure(word.pieces, false);
      if (word.required) emit(true);
      return;
    }
    // A word longer than any line is cut between letters: hyphenating it whole on every line it fills would be quadratic.
    const hyphenated = options.hyphenate && !long
      ? splitAtHyphen(word.pieces, { available, lang: options.lang, hyphenate: options.hyphenate, measure: measureEnd })
      : undefined;
    if (hyphenated) {
      line.push({ word: { pieces: hyphenated.head, required: false }, whole: word });
      emit(false, { pieces: hyphenated.tail, required: word.required });
    } else if (line.length > 0) {
      queue.unshift(word); // before emitting: words it takes back off the line go in front
      emit(false);
    } else {
      const split = splitAtGrapheme(word.pieces, { available, measure: measureEnd });
      if (!cutTails.has(word)) tooLong.push(piecesText(trimTrailingSpace(word.pieces)));
      const tail = { pieces: split.tail, required: word.required };
      cutTails.add(tail);
      line.push({ word: { pieces: split.head, required: false }, whole: word });
      emit(false, split.tail.length > 0 ? tail : undefined);
    }
  };
  do {
    while (queue.length > 0) place(queue.shift()!);
    // The last line may still give words back (see emit): then go on.
    if (line.length > 0 || lines.length === 0) emit(true);
  } while (queue.length > 0);
  return { lines, tooLong };
}
