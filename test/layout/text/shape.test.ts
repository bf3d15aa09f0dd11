import { describe, expect, it } from 'vitest';
import { checkCoverage, findMissingCharacters } from '../../../src/layout/text/coverage.js';
import { measureText, shapeText } from '../../../src/layout/text/shape.js';
import { regularFont } from './helpers.js';

const font = regularFont();
const advance = (char: string) => font.glyphForCodePoint(char.codePointAt(0)!).advanceWidth / 100; // at 10 pt

describe('shapeText', () => {
  it('kerns "AV" narrower than the advances of A and V', () => {
    const shaped = shapeText(font, 'AV', { size: 10 });
    expect(advance('A') + advance('V')).toBeCloseTo(11.42, 6);
    expect(shaped.width).toBeCloseTo(font.layout('AV', ['kern']).advanceWidth / 100, 9);
    expect(shaped.width).toBeCloseTo(11.2, 6);
    expect(shaped.glyphs[1]!.x).toBeCloseTo(5.56, 9);
  });

  it('forms ligatures: "fi" is one glyph, "ffi" is f + fi', () => {
    expect(shapeText(font, 'fi', { size: 10 }).glyphs).toHaveLength(1);
    const ffi = shapeText(font, 'ffi', { size: 10 });
    expect(ffi.glyphs.map((g) => g.id)).toEqual(font.layout('ffi', ['liga']).glyphs.map((g) => g.id));
    expect(ffi.glyphs).toHaveLength(2);
    expect(ffi.width).toBeCloseTo(8.57, 6);
  });

  it('scales to the size and adds letter spacing after every glyph', () => {
    expect(measureText(font, 'AV', { size: 20 })).toBeCloseTo(22.4, 6);
    const spaced = shapeText(font, 'AV', { size: 10, letterSpacing: 1 });
    expect(spaced.width).toBeCloseTo(13.2, 6);
    expect(spaced.glyphs[1]!.x).toBeCloseTo(6.56, 6);
    expect(spaced.glyphs[1]!.advance).toBeCloseTo(6.64, 6);
  });

  it('places a string once per size and spacing: every run of it shares that one frozen array', () => {
    const first = shapeText(font, 'Light the lantern', { size: 11 });
    const again = shapeText(font, 'Light the lantern', { size: 11, letterSpacing: 0 });
    expect(again.glyphs).toBe(first.glyphs);
    expect(again.width).toBe(first.width);
    expect(Object.isFrozen(first.glyphs)).toBe(true);
    expect(() => (first.glyphs as unknown[]).push({})).toThrow(TypeError);
    const larger = shapeText(font, 'Light the lantern', { size: 22 });
    expect(larger.glyphs).not.toBe(first.glyphs);
    expect(larger.glyphs.map((g) => g.x)).toEqual(first.glyphs.map((g) => expect.closeTo(g.x * 2, 9)));
    const spaced = shapeText(font, 'Light the lantern', { size: 11, letterSpacing: 0.5 });
    expect(spaced.glyphs).not.toBe(first.glyphs);
    expect(spaced.glyphs[3]!.x - first.glyphs[3]!.x).toBeCloseTo(1.5, 9);
    expect(spaced.width - first.width).toBeCloseTo(0.5 * 17, 9);
  });

  it('gives the glyphs fontkit gives for an accented French word', () => {
    const text = 'Déplacez-vous à l’été';
    const run = font.layout(text, ['kern', 'liga']);
    const shaped = shapeText(font, text, { size: 12 });
    expect(shaped.glyphs.map((g) => g.id)).toEqual(run.glyphs.map((g) => g.id));
    expect(shaped.width).toBeCloseTo((run.advanceWidth * 12) / 1000, 9);
  });
});

describe('glyph coverage', () => {
  it('finds that Alegreya Sans lacks U+202F but has U+00A0 and é', () => {
    expect(font.hasGlyphForCodePoint(0x202f)).toBe(false);
    expect(findMissingCharacters(font, '10\u202F000 €\u00A0été\n')).toEqual(['\u202F']);
  });

  it('reports the missing character and draws the no-break space instead', () => {
    const result = checkCoverage(font, 'Alegreya Sans', '10\u202F000 et 5\u202F000');
    expect(result.text).toBe('10\u00A0000 et 5\u00A0000');
    expect(result.messages).toEqual([]);
    expect(result.substituted).toEqual([
      'the font Alegreya Sans has no glyph for "\u202F" (U+202F NARROW NO-BREAK SPACE); drawn as U+00A0 NO-BREAK SPACE instead',
    ]);
  });

  it('says a character with no stand-in would print as a box', () => {
    const result = checkCoverage(font, 'Alegreya Sans', 'x\u2068y');
    expect(result.text).toBe('x\u2068y');
    expect(result.messages).toEqual([
      'the font Alegreya Sans has no glyph for "\u2068" (U+2068 FIRST STRONG ISOLATE); it would print as empty boxes: choose a font that has it, or change the text',
    ]);
    const hebrew = checkCoverage(font, 'Alegreya Sans', 'שלום עולם');
    expect(hebrew.messages).toHaveLength(1);
    expect(hebrew.messages[0]).toMatch(/^the font Alegreya Sans has no glyph for "ש" \(U\+05E9[^)]*\), "ל" \(U\+05DC[^)]*\), .*; they would print as empty boxes/);
  });
});
