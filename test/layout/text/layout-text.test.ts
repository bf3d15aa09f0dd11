import { describe, expect, it } from 'vitest';
import { layoutText } from '../../../src/layout/text/layout-text.js';
import { SHAPING_FEATURES } from '../../../src/layout/text/shape.js';
import type { TextRequest } from '../../../src/layout/text/types.js';
import { ENGLISH, fonts, FRENCH, MM, runsOf } from './helpers.js';

const BOX = { x: 10, y: 20, width: 40 * MM, height: 200 };
const lay = (text: string, extra: Partial<TextRequest> = {}) =>
  layoutText({ text, lang: 'en', box: BOX, size: 10, color: '#222222', fonts, ...extra });

describe('layoutText: Alegreya Sans 10 pt in a 40 mm box', () => {
  it('breaks a known English paragraph', () => {
    const layout = lay(ENGLISH);
    expect(layout.lines.map((l) => l.text)).toEqual([
      'The skeletons swarm out of',
      'the old manor every night.',
      'Light the lantern, draw a card',
      'and move one tile; if the',
      'moon is full, every skeleton',
      'gains one strength.',
    ]);
    for (const line of layout.lines) expect(line.width).toBeLessThanOrEqual(BOX.width);
    // first baseline: top + ascent (900/1000 × 10), then 1.2 × 10 apart
    expect(layout.lines.map((l) => l.baseline)).toEqual([29, 41, 53, 65, 77, 89].map((b) => expect.closeTo(b, 2)));
    expect(layout.lines[2]!.width).toBeCloseTo(112.41, 2);
    expect(layout).toMatchObject({ size: 10, overflow: false, problems: [] });
  });

  it('lays out two texts that share a line with one glyph array for that line', () => {
    const one = runsOf(lay('Light the lantern, draw a card\nCard number 1'));
    const two = runsOf(lay('Light the lantern, draw a card\nCard number 2'));
    expect(one.map((r) => r.text)).toEqual(['Light the lantern, draw a card', 'Card number 1']);
    expect(two[0]!.glyphs).toBe(one[0]!.glyphs);
    expect(two[1]!.glyphs).not.toBe(one[1]!.glyphs);
    expect(two[1]!.glyphs.slice(0, -1)).toEqual(one[1]!.glyphs.slice(0, -1));
  });

  it('breaks a known French paragraph with accents, apostrophes and a spaced semicolon', () => {
    const layout = lay(FRENCH, { lang: 'fr' });
    expect(layout.lines.map((l) => l.text)).toEqual([
      'Les squelettes sortent du',
      'vieux manoir chaque nuit.',
      'Allumez la lanterne, piochez',
      'une carte et déplacez-vous',
      'd’une tuile ; à la pleine lune,',
      'chaque squelette gagne une',
      'force.',
    ]);
    for (const line of layout.lines) expect(line.width).toBeLessThanOrEqual(BOX.width);
    expect(layout.lines.map((l) => l.baseline)).toEqual([29, 41, 53, 65, 77, 89, 101].map((b) => expect.closeTo(b, 2)));
    expect(layout.problems).toEqual([]);
  });

  it('makes runs whose text shapes (with SHAPING_FEATURES) to exactly their glyphs', () => {
    const layout = lay(`**${FRENCH.slice(0, 40)}** ${FRENCH.slice(40)}`, { lang: 'fr' });
    const font = fonts.resolve('Alegreya Sans', 'bold', 'normal')!.font;
    const regular = fonts.resolve('Alegreya Sans', 'normal', 'normal')!.font;
    for (const run of runsOf(layout)) {
      const shaped = (run.font.endsWith('/bold') ? font : regular).layout(run.text, SHAPING_FEATURES);
      expect(run.glyphs.map((g) => g.id)).toEqual(shaped.glyphs.map((g) => g.id));
      expect(run.width).toBeCloseTo((shaped.advanceWidth * run.size) / 1000, 9);
      expect(run).toMatchObject({ size: 10, color: '#222222', letterSpacing: 0 });
    }
    expect(Object.keys(layout.fonts).sort()).toEqual(['Alegreya Sans/bold', 'Alegreya Sans/regular']);
    expect(layout.fonts['Alegreya Sans/bold']!.path).toMatch(/alegreya-sans-latin-700-normal\.woff$/);
  });

  it('puts one run per font per line, at its own x, on the line baseline', () => {
    const layout = lay('plain **bold** plain');
    const runs = runsOf(layout);
    expect(runs.map((r) => [r.text, r.font])).toEqual([
      ['plain ', 'Alegreya Sans/regular'],
      ['bold', 'Alegreya Sans/bold'],
      [' plain', 'Alegreya Sans/regular'],
    ]);
    expect(runs[1]!.x).toBeCloseTo(runs[0]!.x + runs[0]!.width, 9);
    expect(runs[2]!.x).toBeCloseTo(runs[1]!.x + runs[1]!.width, 9);
    expect(new Set(runs.map((r) => r.baseline))).toEqual(new Set([29]));
  });

  it('centres and right-aligns each line in the box', () => {
    const centred = lay(ENGLISH, { align: 'center' });
    const right = lay(ENGLISH, { align: 'right' });
    centred.lines.forEach((line) => expect(line.x).toBeCloseTo(BOX.x + (BOX.width - line.width) / 2, 9));
    right.lines.forEach((line) => expect(line.x + line.width).toBeCloseTo(BOX.x + BOX.width, 9));
    expect(centred.lines[0]!.x).toBeCloseTo(10 + (113.3858 - 104.69) / 2, 3);
    expect(runsOf(right)[5]!.x).toBeCloseTo(BOX.x + BOX.width - 73.95, 2);
  });

  it('justifies every line but the last, stretching only the gaps between words', () => {
    const layout = lay(ENGLISH, { align: 'justify' });
    const runs = runsOf(layout);
    const right = BOX.x + BOX.width;
    layout.lines.forEach((line, i) => {
      const onLine = runs.filter((r) => r.baseline === line.baseline);
      const end = Math.max(...onLine.map((r) => r.x + r.width));
      expect(onLine[0]!.x).toBeCloseTo(BOX.x, 9);
      if (i < layout.lines.length - 1) expect(end).toBeCloseTo(right, 9);
      else expect(end).toBeLessThan(right - 10);
    });
    // one run per word, each ending with its space, except the last of the line
    expect(runs.slice(0, 6).map((r) => r.text)).toEqual(['The ', 'skeletons ', 'swarm ', 'out ', 'of', 'the ']);
  });

  it('starts a new line at every hard break, and a new paragraph is not justified', () => {
    const layout = lay('one\ntwo\\nthree four five six seven eight nine ten eleven\n\nlast', { align: 'justify' });
    expect(layout.lines.map((l) => l.text)).toEqual(['one', 'two', 'three four five six seven eight', 'nine ten eleven', '', 'last']);
    expect(layout.lines.map((l) => l.baseline)).toEqual([29, 41, 53, 65, 77, 89].map((b) => expect.closeTo(b, 2)));
    expect(layout.lines.map((l) => l.width > BOX.width - 1e-6)).toEqual([false, false, true, false, false, false]);
  });

  it('aligns the block vertically by its height (ascent of the first line to descent of the last)', () => {
    const box = { ...BOX, height: 100 };
    // 3 lines: 9 + 2 × 12 + 3 = 36 pt high
    const middle = lay('a\nb\nc', { box, valign: 'middle' });
    const bottom = lay('a\nb\nc', { box, valign: 'bottom' });
    expect(middle.lines[0]!.baseline).toBeCloseTo(20 + (100 - 36) / 2 + 9, 9);
    expect(bottom.lines[2]!.baseline).toBeCloseTo(20 + 100 - 3, 9);
  });

  it('honours line height, letter spacing and a locale-aware upper case', () => {
    const layout = lay('déjà vu', { lineHeight: 1.5, letterSpacing: 0.5, transform: 'uppercase', lang: 'fr' });
    const [run] = runsOf(layout);
    expect(run!.text).toBe('DÉJÀ VU');
    expect(run!.letterSpacing).toBe(0.5);
    expect(run!.glyphs[1]!.x - run!.glyphs[0]!.advance).toBeCloseTo(0, 9);
    expect(lay('a\nb', { lineHeight: 1.5 }).lines.map((l) => l.baseline)).toEqual([29, 44]);
  });

  it('says a missing glyph is drawn as U+00A0 instead, naming character, code and family', () => {
    const layout = lay('Gagnez 10\u202F000 écus', { lang: 'fr' });
    expect(layout.problems).toEqual([
      {
        code: 'glyph-substituted',
        message: 'the font Alegreya Sans has no glyph for "\u202F" (U+202F NARROW NO-BREAK SPACE); drawn as U+00A0 NO-BREAK SPACE instead',
      },
    ]);
    expect(runsOf(layout)[0]!.text).toBe('Gagnez 10\u00A0000 écus');
    expect(runsOf(layout)[0]!.glyphs.every((g) => g.id !== 0)).toBe(true);
  });

  it('falls back to the default family for an unknown one, and says which exist', () => {
    const layout = lay('hello', { family: 'Comic Sans' });
    expect(layout.problems.map((p) => p.code)).toEqual(['unknown-font']);
    expect(layout.problems[0]!.message).toContain('"Comic Sans"');
    expect(layout.problems[0]!.message).toContain('Alegreya Sans, Alegreya, IM Fell English, Cinzel');
    expect(Object.keys(layout.fonts)).toEqual(['Alegreya Sans/regular']);
  });

  it('says when a family lacks a style (Cinzel has no italic)', () => {
    const layout = lay('*hello*', { family: 'Cinzel' });
    expect(layout.problems).toEqual([{ code: 'unknown-font', message: 'the font Cinzel has no italic face; its regular face is used instead' }]);
  });

  it('returns nothing to draw for empty text', () => {
    expect(lay('')).toMatchObject({ items: [], fonts: {}, overflow: false, lines: [{ text: '', width: 0 }] });
  });
});
