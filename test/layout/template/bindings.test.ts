import { describe, expect, it } from 'vitest';
import { ASCII_DIGIT_LANGUAGES, interpolate, parseBindings } from '../../../src/shared/expressions/bindings.js';

const scope = { item: { name: 'Oil', count: 3, skeletons: 10000, health: -1, gain: 2, ratio: 3.25, slots: [{ time: '9 pm' }], tags: ['a', 'b'] }, game: { title: 'Cadwallon' } };

describe('bindings', () => {
  it('parses paths and filters with arguments', () => {
    expect(parseBindings('{{ item.name | upper }} and {{item.x|default:"none"}}')).toEqual([
      { path: 'item.name', filters: [{ name: 'upper', arg: undefined }], raw: '{{ item.name | upper }}' },
      { path: 'item.x', filters: [{ name: 'default', arg: 'none' }], raw: '{{item.x|default:"none"}}' },
    ]);
  });

  it.each([
    ['{{item.name}}', 'en', 'Oil'],
    ['{{item.name | upper}}', 'en', 'OIL'],
    ['{{item.name | lower}}', 'en', 'oil'],
    ['{{ game.title }}: {{item.slots.0.time}}', 'en', 'Cadwallon: 9 pm'],
    ['{{item.missing}}', 'en', ''],
    ['{{item.missing | default:"–"}}', 'en', '–'],
    ['{{item.count}} × {{item.tags}}', 'en', '3 × a, b'],
    ['{{item.skeletons | number}}', 'en', '10,000'],
    ['{{item.skeletons | number}}', 'fr', '10\u00a0000'],
    ['{{item.skeletons}}', 'fr', '10000'],
    // Each language keeps its plain and its grouped number format apart.
    ['{{item.skeletons}} {{item.skeletons | number}} {{item.skeletons}} {{item.skeletons | number}}', 'fr', '10000 10\u00a0000 10000 10\u00a0000'],
    ['{{item.skeletons}} {{item.skeletons | number}} {{item.ratio}}', 'en', '10000 10,000 3.25'],
    ['{{item.ratio}}', 'fr', '3,25'],
    ['{{item.health | signed}} / {{item.gain | signed}}', 'en', '\u22121 / +2'],
    ['{{ "é" }}', 'en', ''],
  ])('%s in %s → %s', (text, lang, expected) => {
    expect(interpolate(text, scope, lang)).toBe(expected);
  });

  it('reads each card\'s own values through the same binding', () => {
    const cards = ['Oil', 'Rope', 'Lantern'].map((name, i) => ({ item: { name, count: i * 1500 } }));
    expect(cards.map((card) => interpolate('{{item.name | upper}}: {{ item.count | number }}', card, 'en'))).toEqual(['OIL: 0', 'ROPE: 1,500', 'LANTERN: 3,000']);
    expect(cards.map((card) => interpolate('{{item.name | upper}}: {{ item.count | number }}', card, 'fr'))).toEqual(['OIL: 0', 'ROPE: 1\u00a0500', 'LANTERN: 3\u00a0000']);
  });

  it('looks a value up in the game\'s words', () => {
    const words = { item: { terrain: 'forest', kind: 'city' }, strings: { forest: 'Forêt', 'kind-city': 'Cité' } };
    expect(interpolate('{{item.terrain | lookup}} / {{item.kind | lookup:"kind-"}} / {{item.none | lookup}}', words, 'fr')).toBe('Forêt / Cité / ');
    expect(interpolate('{{strings.forest | upper}}', words, 'fr')).toBe('FORÊT');
  });

  it('upper-cases by the rules of the language', () => {
    expect(interpolate('{{item.name | upper}}', { item: { name: 'île' } }, 'fr')).toBe('ÎLE');
    expect(interpolate('{{item.name | capitalize}}', { item: { name: 'épée' } }, 'fr')).toBe('Épée');
  });
});

describe('numbers written without Intl', () => {
  it('writes a whole number as Intl does in every language listed as writing ASCII digits, and goes through Intl elsewhere', () => {
    for (const lang of ASCII_DIGIT_LANGUAGES) {
      for (const n of [0, 7, 42, 1234567, Number.MAX_SAFE_INTEGER]) {
        expect(interpolate('{{n}}', { n }, lang)).toBe(new Intl.NumberFormat(lang, { useGrouping: false, maximumFractionDigits: 10 }).format(n));
      }
    }
    expect(ASCII_DIGIT_LANGUAGES.has('en') && ASCII_DIGIT_LANGUAGES.has('fr')).toBe(true);
    // Persian and Bengali write their own digits; fractions and negative numbers go through Intl everywhere.
    expect(interpolate('{{n}}', { n: 42 }, 'fa')).toBe('۴۲');
    expect(interpolate('{{n}}', { n: 42 }, 'bn')).toBe('৪২');
    expect(interpolate('{{n}}', { n: 2.5 }, 'fr')).toBe('2,5');
    expect(interpolate('{{n}}', { n: -3 }, 'en-GB')).toBe(new Intl.NumberFormat('en-GB', { useGrouping: false }).format(-3));
  });
});
