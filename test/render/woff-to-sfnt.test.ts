import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { isWoff, woffToSfnt, WoffError } from '../../src/shared/woff-to-sfnt.js';

const require = createRequire(import.meta.url);
const woff = readFileSync(require.resolve('@fontsource/alegreya/files/alegreya-latin-400-normal.woff'));

describe('woffToSfnt', () => {
  it('gives the same font: same glyphs, same advances, same outlines, same kerning', () => {
    const sfnt = woffToSfnt(woff);
    expect(isWoff(woff)).toBe(true);
    expect(isWoff(sfnt)).toBe(false);
    const a = fontkit.create(woff) as fontkit.Font;
    const b = fontkit.create(sfnt) as fontkit.Font;
    expect(b.numGlyphs).toBe(a.numGlyphs);
    expect(b.unitsPerEm).toBe(a.unitsPerEm);
    const text = 'Élixir « Huile » — fi ffl AV To';
    const runA = a.layout(text);
    const runB = b.layout(text);
    expect(runB.glyphs.map((g) => g.id)).toEqual(runA.glyphs.map((g) => g.id));
    expect(runB.positions.map((p) => p.xAdvance)).toEqual(runA.positions.map((p) => p.xAdvance));
    expect(runB.glyphs.map((g) => g.path.toSVG())).toEqual(runA.glyphs.map((g) => g.path.toSVG()));
  });

  it('leaves a plain font as it is, and refuses a cut-off WOFF', () => {
    const sfnt = woffToSfnt(woff);
    expect(woffToSfnt(sfnt)).toBe(sfnt);
    expect(() => woffToSfnt(woff.subarray(0, 2000))).toThrow(WoffError);
  });
});
