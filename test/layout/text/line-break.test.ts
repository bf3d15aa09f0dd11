import { describe, expect, it } from 'vitest';
import type { ResolvedFont } from '../../../src/shared/fonts.js';
import { layoutText } from '../../../src/layout/text/layout-text.js';
import { breakParagraph } from '../../../src/layout/text/line-break.js';
import { piecesText } from '../../../src/layout/text/pieces.js';
import { findBreaks } from '../../../src/layout/text/segment-words.js';
import { measureText } from '../../../src/layout/text/shape.js';
import { fonts, MM, regularFont } from './helpers.js';

const pieces = (text: string) => {
  const ends = findBreaks(text).map((b) => b.position);
  return ends.map((end, i) => text.slice(ends[i - 1] ?? 0, end));
};
const box = (width: number) => ({ x: 0, y: 0, width, height: 500 });
const lay = (text: string, width: number, extra: Partial<Parameters<typeof layoutText>[0]> = {}) =>
  layoutText({ text, lang: 'en', box: box(width), size: 10, color: '#000000', fonts, ...extra });
const width = (text: string) => measureText(regularFont(), text, { size: 10 });

describe('break opportunities (UAX #14)', () => {
  it('never breaks at a no-break space, narrow or not, but does at a thin space', () => {
    expect(pieces('10\u00A0000 and 10\u202F000 or 10\u2009000')).toEqual(['10\u00A0000 ', 'and ', '10\u202F000 ', 'or ', '10\u2009', '000']);
  });

  it('breaks after hyphens and dashes', () => {
    expect(pieces('well-known x–y')).toEqual(['well-', 'known ', 'x–', 'y']);
  });

  it('marks a newline as a mandatory break', () => {
    expect(findBreaks('one\ntwo')).toEqual([
      { position: 4, required: true },
      { position: 7, required: false },
    ]);
  });

  it('keeps French guillemets with their words even with plain spaces', () => {
    expect(pieces('dit « bonjour » ici')).toEqual(['dit ', '« bonjour » ', 'ici']);
  });

  it('treats an icon as a letter: no break between "3" and its icon', () => {
    expect(pieces('3\uFFFC 2\uFFFC')).toEqual(['3\uFFFC ', '2\uFFFC']);
  });
});

describe('greedy line filling', () => {
  it('never splits "10\\u00a0000", even when the line is short', () => {
    const room = width('10\u00A0000') + 0.5;
    expect(width('a 10')).toBeLessThan(room);
    const layout = lay('a 10\u00A0000 b', room);
    expect(layout.lines.map((l) => l.text)).toEqual(['a', '10\u00A0000', 'b']);
    expect(layout.problems).toEqual([]);
  });

  it('does not count trailing spaces: a line exactly as wide as its words fits', () => {
    const room = width('aaa aaa');
    expect(lay('aaa aaa aaa', room).lines.map((l) => l.text)).toEqual(['aaa aaa', 'aaa']);
    expect(lay('aaa aaa aaa', room).lines[0]!.width).toBeCloseTo(room, 9);
    expect(lay('aaa aaa aaa', room - 0.01).lines.map((l) => l.text)).toEqual(['aaa', 'aaa', 'aaa']);
  });

  it('breaks after a hyphen when the whole compound does not fit', () => {
    const room = width('an ex-') + 0.5;
    expect(width('an ex-ante')).toBeGreaterThan(room);
    expect(lay('an ex-ante tale', room).lines.map((l) => l.text)).toEqual(['an ex-', 'ante', 'tale']);
  });

  it('fills lines across the regular, bold and italic fonts', () => {
    const layout = lay('**Bold** words, *italic* words and plain words', 30 * MM);
    expect(layout.lines.map((l) => l.text)).toEqual(['Bold words, italic', 'words and plain', 'words']);
    expect(layout.lines.map((l) => l.width)).toEqual([65.26, 61.43, 23.51].map((w) => expect.closeTo(w, 6)));
    // "Bold words, italic words" would be 90.42 pt in a box of 85.04 pt
    expect(65.26 + width(' words')).toBeGreaterThan(30 * MM);
  });

  it('cuts a word wider than the line between letters, and says so', () => {
    const layout = lay('Donaudampfschifffahrtsgesellschaft', 20 * MM);
    expect(layout.lines.map((l) => l.text).join('')).toBe('Donaudampfschifffahrtsgesellschaft');
    expect(layout.lines.length).toBeGreaterThan(1);
    for (const line of layout.lines) expect(line.width).toBeLessThanOrEqual(20 * MM);
    expect(layout.problems.map((p) => p.code)).toEqual(['word-too-long']);
    expect(layout.problems[0]!.message).toContain('"Donaudampfschifffahrtsgesellschaft"');
  });

  it('hyphenates with the hook: the longest prefix of syllables that fits, plus "-"', () => {
    const syllables: Record<string, string[]> = { extraordinary: ['ex', 'tra', 'or', 'di', 'nar', 'y'] };
    const hyphenate = (word: string, lang: string) => (lang === 'en' ? (syllables[word] ?? [word]) : [word]);
    const room = 53;
    expect(width('An extraordi-')).toBeLessThan(room);
    expect(width('extraordinary')).toBeLessThan(room);
    const layout = lay('An extraordinary tale', room, { hyphenate });
    expect(layout.lines.map((l) => l.text)).toEqual(['An extraordi-', 'nary tale']);
    expect(lay('An extraordinary tale', room).lines.map((l) => l.text)).toEqual(['An', 'extraordinary', 'tale']);
  });

  it('ignores empty syllables from the hook and still ends', () => {
    const layout = lay('An extraordinary tale', 20, { hyphenate: (word) => ['', word.slice(0, 2), '', word.slice(2)] });
    expect(layout.lines.map((l) => l.text).join('|')).toBe('An|ex-|tr-|ao-|rd-|inary|tale');
  });

  it('prints a soft hyphen only where a line breaks at it', () => {
    const layout = lay('An extra\u00ADordinary day, extra\u00ADordinary', 55);
    expect(layout.lines.map((l) => l.text)).toEqual(['An extra-', 'ordinary day,', 'extraordinary']);
    expect(layout.lines[0]!.width).toBeCloseTo(width('An extra-'), 9);
  });
});

describe('breakParagraph', () => {
  const font = {} as ResolvedFont;
  const word = (text: string) => ({ pieces: [{ kind: 'text' as const, text, font }], required: false });

  it('takes words back off a line whose exact width exceeds the estimate, keeping their order', () => {
    const broken = breakParagraph([word('a '), word('b '), word('c '), word('d')], {
      width: 21,
      lang: 'en',
      measure: () => 10,
      // as if kerning across the joins added 2 pt per join
      measureLine: (words) => words.length * 10 + (words.length - 1) * 2,
    });
    expect(broken.lines.map((l) => l.words.map((w) => piecesText(w)).join(''))).toEqual(['a ', 'b ', 'c ', 'd']);
    expect(broken.lines.map((l) => l.paragraphEnd)).toEqual([false, false, false, true]);
  });
});
