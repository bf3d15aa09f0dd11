import { describe, expect, it, vi } from 'vitest';
import type { Piece } from '../../../src/layout/text/pieces.js';
import type { ResolvedFont } from '../../../src/shared/fonts.js';

describe('cutting a word between letters', () => {
  it('makes its grapheme segmenter on the first word it cuts, not when the layout is loaded (9 ms of start-up)', async () => {
    const Original = Intl.Segmenter;
    let made = 0;
    class Counted extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.Segmenter>) {
        super(...args);
        made++;
      }
    }
    const install = (value: typeof Intl.Segmenter) => Object.defineProperty(Intl, 'Segmenter', { value, configurable: true, writable: true });
    install(Counted);
    try {
      vi.resetModules();
      const { splitAtGrapheme } = await import('../../../src/layout/text/split-word.js');
      expect(made).toBe(0);
      // 10 units a letter, 35 available: "wéé" of "wééé" fits (é as e + U+0301 is one cluster, never cut).
      const pieces: Piece[] = [{ kind: 'text', text: 'we\u0301e\u0301e\u0301', font: {} as ResolvedFont }];
      const letters = (p: readonly Piece[]) => [...new Original(undefined, { granularity: 'grapheme' }).segment(p.map((x) => (x.kind === 'text' ? x.text : '')).join(''))].length;
      const { head, tail } = splitAtGrapheme(pieces, { available: 35, measure: (p) => 10 * letters(p) });
      expect([head.map((p) => (p.kind === 'text' ? p.text : '')).join(''), tail.map((p) => (p.kind === 'text' ? p.text : '')).join('')]).toEqual(['we\u0301e\u0301', 'e\u0301']);
      expect(made).toBe(1);
      splitAtGrapheme(pieces, { available: 35, measure: (p) => 10 * letters(p) });
      expect(made).toBe(1);
    } finally {
      install(Original);
      vi.resetModules();
    }
  });
});
