import { describe, expect, it } from 'vitest';
import { checkMessage, formatMessage, MessageError } from '../../src/language/format-message.js';

const FR = '{n, plural, one {# faveur} many {# de faveurs} other {# faveurs}}';
const EN = '{n, plural, one {# favour} other {# favours}}';
const NB = '\u00A0';

describe('formatMessage', () => {
  it.each([
    [0, '0 faveur', '0 favours'],
    [1, '1 faveur', '1 favour'],
    [2, '2 faveurs', '2 favours'],
    [1_000_000, `1${NB}000${NB}000 de faveurs`, '1,000,000 favours'],
  ])('n = %d: French "%s", English "%s" (PITFALLS 8)', (n, fr, en) => {
    expect(formatMessage(FR, { n }, 'fr')).toBe(fr);
    expect(formatMessage(EN, { n }, 'en')).toBe(en);
  });

  it('falls back to "other" when French "many" is not written', () => {
    expect(formatMessage('{n, plural, one {# faveur} other {# faveurs}}', { n: 1_000_000 }, 'fr')).toBe(`1${NB}000${NB}000 faveurs`);
  });

  it('writes no isolation marks and no narrow no-break space (PITFALLS 3, 7)', () => {
    const out = formatMessage('{who} a {n, plural, one {# carte} other {# cartes}} ; {x, number}', { who: 'Ada', n: 12345, x: 1234.5 }, 'fr');
    expect(out).toBe(`Ada a 12${NB}345 cartes ; 1${NB}234,5`);
    expect(out).not.toMatch(/[\u2068\u2069\u202F]/);
  });

  it('reads dotted names from nested values, as the template scope holds them', () => {
    expect(formatMessage('{item.count, plural, one {# copie} other {# copies}}', { item: { count: 3 } }, 'fr')).toBe('3 copies');
  });

  it('leaves texts without ICU arguments as they are', () => {
    for (const text of ['{a} {b}', 'plain', '{{item.name}}', "l'heure {x}"]) expect(formatMessage(text, {}, 'fr')).toBe(text);
  });

  it('says what is wrong', () => {
    expect(() => formatMessage('{n, plural, one {x}}', { n: 1 }, 'fr')).toThrow(MessageError);
    expect(() => formatMessage('{n, plural, one {x}}', { n: 1 }, 'fr')).toThrow(/needs an "other/);
    expect(() => formatMessage('{item.count, plural, one {x} other {y}}', {}, 'fr')).toThrow(/reads "item.count", which has no value/);
    expect(checkMessage('{n, plural, one {x} other {y}')).toMatch(/not valid ICU/);
    expect(checkMessage(FR)).toBeUndefined();
  });
});
