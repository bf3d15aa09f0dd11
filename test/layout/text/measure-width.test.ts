import { describe, expect, it } from 'vitest';
import { buildLine, lineExtent, measureLine } from '../../../src/layout/text/build-line.js';
import { measureBlock } from '../../../src/layout/text/place-lines.js';
import { setLines } from '../../../src/layout/text/set-lines.js';
import type { Piece } from '../../../src/layout/text/pieces.js';
import { segmentWords } from '../../../src/layout/text/segment-words.js';
import { measureText, shapeText } from '../../../src/layout/text/shape.js';
import { findGameIcon } from '../../../src/shared/icons.js';
import { ENGLISH, fonts, FRENCH } from './helpers.js';

const regular = fonts.resolve('Alegreya Sans', 'normal', 'normal')!;
const bold = fonts.resolve('Alegreya Sans', 'bold', 'normal')!;
const serif = fonts.resolve('Alegreya', 'normal', 'italic')!;
const icon = findGameIcon('skull-crossed-bones')!;

describe('widths measured without placing glyphs', () => {
  it('are the widths shapeText finds, to the last bit, at any size and spacing', () => {
    const texts = [...ENGLISH.split(' '), ...FRENCH.split(' '), ENGLISH, FRENCH, 'AVATAR Wave ffi', '', ' '];
    let checked = 0;
    for (const font of [regular.font, bold.font, serif.font]) {
      for (const size of [6, 7.25, 9.5, 10, 11.75, 23]) {
        for (const letterSpacing of [undefined, 0, 0.3, -0.1]) {
          for (const text of texts) {
            const expected = shapeText(font, text, { size, letterSpacing }).width;
            // Twice: the second answer comes from what the first remembered.
            expect(Object.is(measureText(font, text, { size, letterSpacing }), expected), `${text} at ${size}`).toBe(true);
            expect(Object.is(measureText(font, text, { size, letterSpacing }), expected)).toBe(true);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(4000);
    expect(measureText(regular.font, 'AV', { size: 10 })).toBeCloseTo(11.2, 6);
  });

  it('of a line are the width buildLine gives it, justified or not, with icons, fonts and soft hyphens', () => {
    const pieces: Piece[] = [
      { kind: 'text', text: 'Light the lan\u00ADtern, ', font: regular },
      { kind: 'text', text: 'draw ', font: bold },
      { kind: 'icon', name: 'skull', icon, font: regular },
      { kind: 'text', text: ' a card; AVATAR wave, ', font: serif },
      { kind: 'text', text: 'déplacez-vous d’une tuile\u00AD', font: regular },
    ];
    const words = segmentWords(pieces).map((w) => w.pieces);
    expect(words.length).toBeGreaterThan(8);
    let checked = 0;
    for (let from = 0; from < words.length; from++) {
      for (let to = from + 1; to <= words.length; to++) {
        const line = { words: words.slice(from, to), paragraphEnd: false };
        for (const justify of [false, true]) {
          for (const size of [7, 9.25, 12]) {
            const settings = { size, letterSpacing: size === 9.25 ? 0.2 : 0 };
            const built = buildLine(line, { settings, baseFont: regular, justify });
            expect(Object.is(measureLine(line, { settings, justify }), built.width)).toBe(true);
            expect(lineExtent(line, { settings, baseFont: regular })).toEqual({ ascent: built.ascent, descent: built.descent });
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('of a block of lines are known before its lines are shaped, and are the ones the shaped lines have', () => {
    const paragraphs = [segmentWords([{ kind: 'text', text: ENGLISH, font: regular }]), segmentWords([{ kind: 'text', text: FRENCH, font: bold }, { kind: 'text', text: ' fin', font: serif }])];
    for (const size of [6, 8.5, 11]) {
      const set = setLines(paragraphs, { settings: { size, letterSpacing: 0 }, width: 120, lang: 'en', justify: false, baseFont: regular });
      // Before the lines are shaped, then after.
      const before = set.blockHeight(size * 1.2);
      expect(set.lines.length).toBeGreaterThan(4);
      expect(before).toBe(measureBlock(set.lines, size * 1.2));
      expect(set.blockHeight(size * 1.2)).toBe(before);
      expect(before).toBeCloseTo(set.lines[0]!.ascent + (set.lines.length - 1) * size * 1.2 + set.lines[set.lines.length - 1]!.descent, 9);
      // Shaped once: asking again gives the same lines.
      expect(set.lines).toBe(set.lines);
    }
  });
});
