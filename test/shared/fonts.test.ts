import { describe, expect, it } from 'vitest';
import { BuildCache } from '../../src/build/cache.js';
import { createFontRegistry, type FontRegistry } from '../../src/shared/fonts.js';
import { ROOT } from '../helpers.js';

describe('the font registry', () => {
  const fonts = createFontRegistry({ Title: { regular: 'npm:@fontsource/cinzel/files/cinzel-latin-400-normal.woff' } }, ROOT);

  it('names the face each style stands for, without opening it, as resolve opens it', () => {
    const styles = [['normal', 'normal'], ['bold', 'normal'], ['normal', 'italic'], ['bold', 'italic']] as const;
    for (const family of [...fonts.families(), undefined]) {
      for (const [weight, style] of styles) {
        const { font, ...opened } = fonts.resolve(family, weight, style)!;
        expect(font.unitsPerEm).toBeGreaterThan(0);
        expect(fonts.face(family, weight, style)).toEqual(opened);
      }
    }
    // Cinzel has no italic: bold stands in for bold italic; the game's own family has one face.
    expect(fonts.face('Cinzel', 'bold', 'italic')).toMatchObject({ key: 'Cinzel/bold', substituted: true, face: { weight: 'bold', style: 'normal' } });
    expect(fonts.face(undefined, 'bold', 'italic')).toMatchObject({ key: 'Title/regular', substituted: true });
    expect(fonts.face('Nope', 'normal', 'normal')).toBeUndefined();
  });

  it('gives a build cache the files and hashes of every style without opening a font', () => {
    const unopened: FontRegistry = {
      ...fonts,
      resolve: () => {
        throw new Error('a font was opened');
      },
    };
    const files = new BuildCache(undefined, 'test').fontFiles(unopened) as [string, ...([string, string] | null)[]][];
    expect(files.map((f) => f[0])).toEqual(fonts.families());
    for (const [, ...styles] of files) for (const style of styles) expect(style?.[1]).toMatch(/^[0-9a-f]{64}$/);
  });
});
