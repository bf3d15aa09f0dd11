import { describe, expect, it } from 'vitest';
import { createHyphenate } from '../../src/language/hyphenate.js';
import type { Hyphenate } from '../../src/layout/text/split-word.js';

const hyphenate: Hyphenate = createHyphenate();

describe('createHyphenate', () => {
  it.each([
    ['typographie', 'fr', ['ty', 'po', 'gra', 'phie']],
    ['développement', 'fr', ['dé', 've', 'lop', 'pe', 'ment']],
    ['bibliothèque', 'fr', ['bi', 'blio', 'thèque']],
    ['Crépuscule', 'fr', ['Cré', 'pus', 'cule']],
    ['LANTERNE', 'fr', ['LAN', 'TERNE']],
    ['hyphenation', 'en', ['hy', 'phen', 'ation']],
    ['development', 'en', ['de', 'vel', 'op', 'ment']],
    ['midnight', 'en-US', ['mid', 'night']],
    ['Cadwallon', 'en', ['Cad', 'wal', 'lon']],
  ])('%s (%s) → %j', (word, lang, pieces) => {
    expect(hyphenate(word, lang)).toEqual(pieces);
  });

  it('keeps short words whole, and at least 2 letters before and 3 after a break', () => {
    for (const [word, lang] of [['aube', 'fr'], ['Mèche', 'fr'], ['heure', 'fr'], ['dawn', 'en'], ['every', 'en'], ['happy', 'en'], ['pocket', 'en']] as const) {
      expect(hyphenate(word, lang)).toEqual([word]);
    }
    expect(hyphenate('ennemi', 'fr')).toEqual(['en', 'nemi']);
    expect(hyphenate('enemy', 'en')).toEqual(['en', 'emy']);
    for (const word of ['anticonstitutionnellement', 'squelettes', 'minuit']) {
      const pieces = hyphenate(word, 'fr');
      expect(pieces.join('')).toBe(word);
      expect(pieces[0]!.length).toBeGreaterThanOrEqual(2);
      expect(pieces[pieces.length - 1]!.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('hyphenates the letters around apostrophes and punctuation, and keeps them on their pieces', () => {
    expect(hyphenate('l’anticonstitutionnellement,', 'fr')).toEqual(['l’an', 'ti', 'cons', 'ti', 'tu', 'tion', 'nel', 'le', 'ment,']);
  });

  it('leaves words with a soft hyphen, and languages without patterns, to the author', () => {
    expect(hyphenate('de\u00ADvelopment', 'en')).toEqual(['de\u00ADvelopment']);
    expect(hyphenate('Entwicklung', 'de')).toEqual(['Entwicklung']);
  });

  it('respects other minimums when asked', () => {
    expect(createHyphenate({ left: 3 })('typographie', 'fr')).toEqual(['typo', 'gra', 'phie']);
    expect(createHyphenate({ right: 2 })('pocket', 'en')).toEqual(['pock', 'et']);
  });
});
