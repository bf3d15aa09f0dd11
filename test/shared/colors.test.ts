import { describe, expect, it } from 'vitest';
import { COLOR_WORDS, combinedAlpha, compositeOver, contrastRatio, formatRgbHex, isHexColor, normalizeHex, parseColor, resolveColor } from '../../src/shared/colors.js';

describe('parseColor', () => {
  it.each([
    ['#abc', { r: 0xaa, g: 0xbb, b: 0xcc, a: 1 }],
    ['#abc8', { r: 0xaa, g: 0xbb, b: 0xcc, a: 0x88 / 255 }],
    ['#C0392B', { r: 0xc0, g: 0x39, b: 0x2b, a: 1 }],
    ['#c0392b80', { r: 0xc0, g: 0x39, b: 0x2b, a: 0x80 / 255 }],
    ['#00000000', { r: 0, g: 0, b: 0, a: 0 }],
  ])('reads %s', (hex, expected) => {
    expect(parseColor(hex)).toEqual(expected);
  });

  it.each(['red', '#12', '#12345', '#1234567', '#ggg', 'c0392b', ''])('rejects %j', (bad) => {
    expect(() => parseColor(bad)).toThrow(/not a hex colour/);
  });

  it('formats back to #rrggbb and multiplies alpha by opacities', () => {
    expect(formatRgbHex(parseColor('#0a0b0c80'))).toBe('#0a0b0c');
    expect(combinedAlpha(parseColor('#00000080'), 0.5)).toBeCloseTo(0x80 / 255 / 2, 6);
    expect(combinedAlpha(parseColor('#000'), undefined, 2)).toBe(1);
  });
});

describe('resolveColor: hex, colour words and palette names, one reading for content, layout and render', () => {
  const palette = { ink: '#1D1B19', accent: '#c12', broken: 'red' };
  it.each([
    ['#ABC', { kind: 'color', hex: '#aabbcc' }],
    ['#abcd', { kind: 'color', hex: '#aabbccdd' }],
    ['#C0392B80', { kind: 'color', hex: '#c0392b80' }],
    ['black', { kind: 'color', hex: '#000000' }],
    ['white', { kind: 'color', hex: '#ffffff' }],
    ['none', { kind: 'none' }],
    ['transparent', { kind: 'none' }],
    ['ink', { kind: 'color', hex: '#1d1b19' }],
    ['accent', { kind: 'color', hex: '#cc1122' }],
    ['broken', { kind: 'unknown' }],
    ['red', { kind: 'unknown' }],
    ['constructor', { kind: 'unknown' }],
    ['#12345', { kind: 'unknown' }],
  ])('reads %s', (text, expected) => {
    expect(resolveColor(text, palette)).toEqual(expected);
  });

  it('knows the colour words and the hex forms', () => {
    expect([...COLOR_WORDS].sort()).toEqual(['black', 'none', 'transparent', 'white']);
    expect(['#abc', '#abcd', '#aabbcc', '#AABBCCDD', '#abcde', 'abc'].map(isHexColor)).toEqual([true, true, true, true, false, false]);
    expect(normalizeHex('#AbC')).toBe('#aabbcc');
  });
});

describe('contrast and compositing', () => {
  it('gives the same answers asked again, each question apart', () => {
    for (let round = 0; round < 2; round++) {
      expect(contrastRatio('#000000', '#ffffff')).toBe(21);
      expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.478, 3);
      expect(contrastRatio('#ffffff', '#777777')).toBeCloseTo(4.478, 3);
      expect(compositeOver('#000000', 0.5, '#ffffff')).toBe('#808080');
      expect(compositeOver('#000000', 0.25, '#ffffff')).toBe('#bfbfbf');
      expect(compositeOver('#00000080', 1, '#ffffff')).toBe('#7f7f7f');
      expect(compositeOver('#000000', 0.5, '#ff0000')).toBe('#800000');
    }
    expect(() => compositeOver('red', 1, '#ffffff')).toThrow(/not a hex colour/);
    expect(() => compositeOver('red', 1, '#ffffff')).toThrow(/not a hex colour/);
  });
});
