import { describe, expect, it } from 'vitest';
import { chooseNarrowSpace } from '../../src/language/narrow-space.js';
import { typeset, typesetParts } from '../../src/language/typeset.js';
import { createFontRegistry } from '../../src/shared/fonts.js';

const NB = '\u00A0'; // no-break space
const NN = '\u202F'; // narrow no-break space

describe('typeset: French', () => {
  it.each([
    ['Minuit: perdez 1', `Minuit${NB}: perdez 1`],
    ['Minuit : perdez 1', `Minuit${NB}: perdez 1`],
    ['Attention!', `Attention${NN}!`],
    ['Vraiment ?', `Vraiment${NN}?`],
    ['Quoi ?!', `Quoi${NN}?!`],
    ['un; deux', `un${NN}; deux`],
    ['« Bonjour »', `«${NN}Bonjour${NN}»`],
    ['«Bonjour»', `«${NN}Bonjour${NN}»`],
    ['Il dit "bonjour" !', `Il dit «${NN}bonjour${NN}»${NN}!`],
    ["l'heure", 'l’heure'],
    ["aujourd'hui, c'est l'heure", 'aujourd’hui, c’est l’heure'],
    ['**Effet :** perdez 1', `**Effet${NB}:** perdez 1`],
    ['*Fin !*', `*Fin${NN}!*`],
    ['Perdez 1 :skull: !', `Perdez 1 :skull:${NN}!`],
    ['{{item.name}}: gagnez', `{{item.name}}${NB}: gagnez`],
  ])('%j → %j', (input, output) => {
    expect(typeset(input, 'fr')).toBe(output);
  });

  it.each([
    `Minuit${NB}: perdez 1${NN}!`,
    `«${NN}Bonjour${NN}»`,
    `«${NB}Bonjour${NB}»`,
    'Voir https://x.y/a:b?c=d',
    'À 21:00 et à 9:30',
    'un rapport de 3:1',
    'Bravo :)',
    'Hmm ;-)',
    ':skull: et :flame:',
    '{{item.x}}',
    '{{ item.name | default:"n\'a pas" }}',
    '**gras** et *italique* et _souligné_',
    'contact@example.org',
    'Note:Done',
    '(?)',
    'l’heure',
    '{n, plural, one {# faveur} other {# faveurs}}',
  ])('leaves %j as it is', (input) => {
    expect(typeset(input, 'fr')).toBe(input);
  });

  it('is idempotent', () => {
    const once = typeset('« Attention » : il est 21:00, perdez 1 :skull: ! Voir https://x.y/a:b ; merci', 'fr');
    expect(once).toBe(`«${NN}Attention${NN}»${NB}: il est 21:00, perdez 1 :skull:${NN}! Voir https://x.y/a:b${NN}; merci`);
    expect(typeset(once, 'fr')).toBe(once);
  });

  it('can write U+00A0 where fonts lack U+202F, and never U+2009', () => {
    const out = typeset('« Oui » !', 'fr', { narrowSpace: NB });
    expect(out).toBe(`«${NB}Oui${NB}»${NB}!`);
    expect(typeset('« Oui » !', 'fr')).not.toContain('\u2009');
  });

  it('groups numbers only when asked, and not years, times or decimals', () => {
    expect(typeset('10000 pièces', 'fr')).toBe('10000 pièces');
    expect(typeset('10000 pièces en 2024 à 21:00, 3.14159', 'fr', { groupNumbers: true })).toBe(`10${NN}000 pièces en 2024 à 21:00, 3.14159`);
  });

  it('follows Canadian French: no space before ! and ?', () => {
    expect(typeset('Quoi? Non!', 'fr-CA')).toBe('Quoi? Non!');
    expect(typeset('Note: oui', 'fr-CA')).toBe(`Note${NB}: oui`);
  });
});

describe('typeset: English and others', () => {
  it.each([
    ["don't", 'don’t'],
    ['He said "hi"', 'He said “hi”'],
    ["a 'word'", 'a ‘word’'],
    ["the players' cards", 'the players’ cards'],
    ['Midnight: lose 1!', 'Midnight: lose 1!'],
    ['A gust: **lose 1** :flame:', 'A gust: **lose 1** :flame:'],
  ])('%j → %j', (input, output) => {
    expect(typeset(input, 'en')).toBe(output);
  });

  it('groups numbers the English way when asked', () => {
    expect(typeset('10000 coins', 'en', { groupNumbers: true })).toBe('10,000 coins');
  });

  it('leaves a language without rules alone', () => {
    expect(typeset("Sie sagt: 'ja' !", 'de')).toBe("Sie sagt: 'ja' !");
  });
});

describe('chooseNarrowSpace', () => {
  it('picks U+00A0 for the built-in fonts, which lack U+202F (PITFALLS 3), and U+202F when every face has it', () => {
    const fonts = createFontRegistry(undefined, process.cwd());
    expect(chooseNarrowSpace(fonts)).toBe(NB);
    expect(chooseNarrowSpace(fonts, fonts.families())).toBe(NB);
    const withGlyph = { ...fonts, resolve: () => ({ font: { hasGlyphForCodePoint: () => true } }) } as unknown as typeof fonts;
    expect(chooseNarrowSpace(withGlyph)).toBe(NN);
  });
});

describe('typesetParts: texts read as one', () => {
  it('sees across the seams, and a seam counts as an emphasis marker of card text', () => {
    const NB = '\u00A0';
    expect(typesetParts(['Attention', ' : payez ', '!'], 'fr', { narrowSpace: NB })).toEqual(['Attention', `${NB}: payez `, `${NB}!`]);
    expect(typesetParts(['Attention :', ' la suite'], 'fr', { narrowSpace: NB })).toEqual([`Attention${NB}:`, ' la suite']);
    expect(typeset('**Attention :** la suite', 'fr', { narrowSpace: NB })).toBe(`**Attention${NB}:** la suite`);
    expect(typesetParts(['l', "'arme"], 'en')).toEqual(typeset("l*'arme", 'en').split('*'));
    expect(typesetParts(['a\u0000b', ' ?'], 'fr', { narrowSpace: NB })).toEqual(['a\u0000b', ' ?']);
  });
});
