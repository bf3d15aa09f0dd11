import { describe, expect, it } from 'vitest';
import type { ResolvedFont } from '../../../src/shared/fonts.js';
import { breakParagraph } from '../../../src/layout/text/line-break.js';
import { piecesText, type Piece } from '../../../src/layout/text/pieces.js';

const font = {} as ResolvedFont;

/** A measure of one point per character that counts how many characters it was asked to measure. */
function countingMeasure(): { measure: (pieces: readonly Piece[]) => number; measured: () => number } {
  let total = 0;
  return {
    measure: (pieces) => {
      const length = piecesText(pieces).length;
      total += length;
      return length;
    },
    measured: () => total,
  };
}

describe('a word longer than any line', () => {
  it('is cut into full lines, measuring each character a bounded number of times (linear, not quadratic)', () => {
    const word = `https://example.org/${'abcdefghij'.repeat(1998)}`;
    expect(word.length).toBe(20_000);
    const counter = countingMeasure();
    let hyphenated = 0;
    const broken = breakParagraph([{ pieces: [{ kind: 'text', text: word, font }], required: false }], {
      width: 25,
      lang: 'en',
      measure: (pieces) => counter.measure(pieces),
      measureLine: (words) => counter.measure(words.flat()),
      hyphenate: (w) => {
        hyphenated += w.length;
        return [w];
      },
    });
    expect(broken.lines.map((l) => piecesText(l.words.flat())).join('')).toBe(word);
    expect(broken.lines).toHaveLength(800);
    for (const line of broken.lines) expect(piecesText(line.words.flat())).toHaveLength(25);
    expect(broken.tooLong).toEqual([word]);
    // Before, every line measured and hyphenated the whole rest of the word: about 20 000² / 50 = 8 million characters.
    expect(counter.measured()).toBeLessThan(40 * word.length);
    expect(hyphenated).toBeLessThan(40 * word.length);
  });

  it('still fits a line exactly when it is just short of the prefix a long word is judged by', () => {
    const word = 'x'.repeat(200);
    const counter = countingMeasure();
    const broken = breakParagraph([{ pieces: [{ kind: 'text', text: word, font }], required: false }], {
      width: 300,
      lang: 'en',
      measure: (pieces) => counter.measure(pieces),
      measureLine: (words) => counter.measure(words.flat()),
    });
    expect(broken.lines).toHaveLength(1);
    expect(broken.tooLong).toEqual([]);
  });
});
