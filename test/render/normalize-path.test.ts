import { describe, expect, it } from 'vitest';
import { normalizePath } from '../../src/render/pdf/normalize-path.js';

describe('normalizePath (path data for pdfkit)', () => {
  it('turns a quadratic into the exact cubic (pdfkit draws Q wrong)', () => {
    expect(normalizePath('M0 0 Q10 10 20 0')).toBe('M0 0 C6.666667 6.666667 13.333333 6.666667 20 0');
  });

  it('reflects the control point for T and S', () => {
    expect(normalizePath('M0 0 Q10 10 20 0 T40 0')).toBe(
      'M0 0 C6.666667 6.666667 13.333333 6.666667 20 0 C26.666667 -6.666667 33.333333 -6.666667 40 0',
    );
    expect(normalizePath('M0 0 C0 10 10 10 10 0 S20 -10 20 0')).toBe('M0 0 C0 10 10 10 10 0 C10 -10 20 -10 20 0');
    // T after a non-quadratic uses the current point as control: a straight curve.
    expect(normalizePath('M0 0 L10 0 T20 0')).toBe('M0 0 L10 0 C10 0 13.333333 0 20 0');
  });

  it('makes relative commands absolute and reads implicit line-tos, H and V', () => {
    expect(normalizePath('m10 10 20 0 0 20z')).toBe('M10 10 L30 10 L30 30 Z');
    expect(normalizePath('M0,0H10V5h-5v-5Z')).toBe('M0 0 L10 0 L10 5 L5 5 L5 0 Z');
    expect(normalizePath('M1 1 l.5.5-1e1 0')).toBe('M1 1 L1.5 1.5 L-8.5 1.5');
    expect(normalizePath('M0 0 L5 5 Z m1 1 l1 0')).toBe('M0 0 L5 5 Z M1 1 L2 1');
  });

  it('keeps arcs, reading packed flags, and follows SVG for degenerate ones', () => {
    expect(normalizePath('M0 0a5 5 0 105 5')).toBe('M0 0 A5 5 0 1 0 5 5');
    expect(normalizePath('M0 0 A0 5 0 0 1 10 0')).toBe('M0 0 L10 0');
    expect(normalizePath('M3 3 A5 5 0 0 1 3 3 L4 4')).toBe('M3 3 L4 4');
  });

  it('rejects malformed data', () => {
    expect(() => normalizePath('10 10')).toThrow(/start with a command/);
    expect(() => normalizePath('M10 x')).toThrow(/bad path data/);
    expect(() => normalizePath('M0 0 B1 1')).toThrow(/unknown path command/);
  });
});
