import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from '../../scripts/bench/same-card.js';

const require = createRequire(import.meta.url);

describe('the benchmark fonts', () => {
  it('unwraps a WOFF into the TrueType font it holds: same family, glyphs and advances', () => {
    const woff = readFileSync(require.resolve('@fontsource/alegreya-sans/files/alegreya-sans-latin-700-normal.woff'));
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const fromWoff = fontkit.create(woff) as fontkit.Font;
    const fromSfnt = fontkit.create(sfnt) as fontkit.Font;
    expect(fromSfnt.familyName).toBe('Alegreya Sans');
    expect(fromSfnt.numGlyphs).toBe(fromWoff.numGlyphs);
    const advances = (font: fontkit.Font) => font.layout('Défaussez « une » carte').glyphs.map((g) => g.advanceWidth);
    expect(advances(fromSfnt)).toEqual(advances(fromWoff));
    expect(advances(fromSfnt).length).toBe(23);
  });

  it('refuses a file that is not a WOFF', () => {
    expect(() => woffToSfnt(Buffer.from('OTTO0000'))).toThrow('not a WOFF file');
  });
});
