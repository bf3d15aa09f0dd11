import { describe, expect, it } from 'vitest';
import { endsWithSpace, piecesText, trimTrailingSpace, type Piece } from '../../../src/layout/text/pieces.js';
import { findGameIcon } from '../../../src/shared/icons.js';
import { fonts } from './helpers.js';

const font = fonts.resolve('Alegreya Sans', 'normal', 'normal')!;
const icon: Piece = { kind: 'icon', name: 'skull', icon: findGameIcon('skull-crossed-bones')!, font };
const text = (t: string): Piece => ({ kind: 'text', text: t, font });
const SPACES = /[ \t\u1680\u2000-\u2006\u2008-\u200B\u205F\u3000]+$/u;

/** Trimming by the pattern alone, on every piece: what the fast reading must agree with. */
function trimmedByPattern(pieces: readonly Piece[]): Piece[] {
  const result = [...pieces];
  for (;;) {
    const last = result[result.length - 1];
    if (last?.kind !== 'text') return result;
    const rest = last.text.replace(SPACES, '');
    if (rest !== '') {
      result[result.length - 1] = { ...last, text: rest };
      return result;
    }
    result.pop();
  }
}

describe('trailing spaces', () => {
  const cases: Piece[][] = [];
  const parts = ['word', 'word ', ' ', '', 'a\u2003', 'b\u00A0', '\u3000\u3000', 'x\t', 'ω\u200B', '😀', 'c\u202F'];
  for (const a of parts) for (const b of parts) for (const last of [[], [icon]] as Piece[][]) cases.push([text(a), ...last, text(b)], [icon, text(a), text(b), ...last]);

  it('are found and trimmed as the pattern of all spaces says, piece by piece', () => {
    for (const pieces of cases) {
      const joined = piecesText(pieces);
      expect(endsWithSpace(pieces), JSON.stringify(joined)).toBe(SPACES.test(joined));
      const trimmed = trimTrailingSpace(pieces);
      expect(trimmed).toEqual(trimmedByPattern(pieces));
      // What is left ends in no space, or in an icon; the text before it is the same.
      expect(SPACES.test(piecesText(trimmed)) && trimmed[trimmed.length - 1]?.kind === 'text').toBe(false);
      expect(joined.startsWith(piecesText(trimmed))).toBe(true);
      expect(joined.slice(piecesText(trimmed).length).trim().replace(/[\u2003\u3000\u200B\t]/gu, '')).toBe('');
    }
    expect(piecesText(trimTrailingSpace([text('a '), text(''), text('\u3000')]))).toBe('a');
    expect(trimTrailingSpace([text('a '), icon, text(' ')]).map((p) => p.kind)).toEqual(['text', 'icon']);
    expect(piecesText(trimTrailingSpace([text('no-break\u00A0')]))).toBe('no-break\u00A0');
    expect(endsWithSpace([text('a\u2003'), text('')])).toBe(true);
  });
});
