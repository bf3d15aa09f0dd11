import { describe, expect, it } from 'vitest';
import { applyTextEdits, EditError } from '../../src/translate/edit-yaml.js';

const SOURCE = [
  '# a comment at the top',
  'title: {en: Oil, fr: Huile}   # keep me',
  'subtitle:',
  '  en: A race',
  "  fr: 'Une course'",
  'description:',
  '  en: >-',
  '    The dead are up and about in the streets of Cadwallon.',
  '  fr: >-',
  '    Les morts arpentent les rues de Cadwallon.',
  'credits:',
  '  - role: Design',
  '    name: Ada',
  'palette:',
  '  ink: "#1b1715"        # aligned comment',
  '',
].join('\n');

const lines = (text: string) => text.split('\n');

describe('applyTextEdits', () => {
  it('replaces one entry of a flow map in place', () => {
    const out = applyTextEdits(SOURCE, [{ pointer: '/title', lang: 'fr', text: 'Huile de lampe' }]);
    expect(lines(out)[1]).toBe('title: {en: Oil, fr: Huile de lampe}   # keep me');
    expect(lines(out).filter((l, i) => l !== lines(SOURCE)[i])).toHaveLength(1);
  });

  it('keeps the quoting of the text it replaces, and quotes what needs it', () => {
    expect(lines(applyTextEdits(SOURCE, [{ pointer: '/subtitle', lang: 'fr', text: "L'épreuve" }]))[4]).toBe("  fr: 'L''épreuve'");
    expect(lines(applyTextEdits(SOURCE, [{ pointer: '/title', lang: 'fr', text: 'Huile : 3, #1' }]))[1]).toBe('title: {en: Oil, fr: "Huile : 3, #1"}   # keep me');
    expect(lines(applyTextEdits(SOURCE, [{ pointer: '/title', lang: 'fr', text: '*Huile*' }]))[1]).toBe('title: {en: Oil, fr: "*Huile*"}   # keep me');
  });

  it('adds a language to a flow map and to a block map, indented and quoted like the first entry', () => {
    expect(lines(applyTextEdits(SOURCE, [{ pointer: '/title', lang: 'de', text: 'Öl' }]))[1]).toBe('title: {en: Oil, fr: Huile, de: Öl}   # keep me');
    const out = lines(applyTextEdits(SOURCE, [{ pointer: '/subtitle', lang: 'de', text: 'Ein Rennen' }]));
    expect(out.slice(3, 6)).toEqual(['  en: A race', "  fr: 'Une course'", '  de: Ein Rennen']);
  });

  it('rewrites a folded block scalar as a folded block scalar', () => {
    const out = applyTextEdits(SOURCE, [{ pointer: '/description', lang: 'fr', text: 'Les morts se lèvent.' }]);
    expect(lines(out).slice(8, 11)).toEqual(['  fr: >-', '    Les morts se lèvent.', 'credits:']);
  });

  it('turns a plain string into a flow map, and keeps CRLF line ends', () => {
    const crlf = SOURCE.replace(/\n/g, '\r\n');
    const out = applyTextEdits(crlf, [{ pointer: '/credits/0/role', lang: 'fr', text: 'Conception', map: { en: 'Design', fr: 'Conception' } }]);
    expect(out.split('\r\n')[11]).toBe('  - role: {en: Design, fr: Conception}');
    expect(out.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('refuses what it cannot write safely', () => {
    expect(() => applyTextEdits(SOURCE, [{ pointer: '/nothing', lang: 'fr', text: 'x' }])).toThrow(EditError);
    expect(() => applyTextEdits(SOURCE, [{ pointer: '/credits/0/role', lang: 'fr', text: 'x' }])).toThrow(/plain string/);
    expect(() => applyTextEdits('a: &x {en: A}\nb: *x\n', [{ pointer: '/a', lang: 'fr', text: 'B' }])).toThrow(/anchor/);
  });
});

describe('many edits of one file', () => {
  it('writes 3 000 translations in one pass, each where its text is, and several at one place last edit first', () => {
    const source = `id: cards\nitems:\n${Array.from({ length: 3000 }, (_, i) => `  - id: c${i}\n    name: {en: Card ${i}}\n`).join('')}`;
    const edits = Array.from({ length: 3000 }, (_, i) => ({ pointer: `/items/${i}/name`, lang: 'fr', text: `Carte ${i}` }));
    expect(applyTextEdits(source, edits)).toBe(`id: cards\nitems:\n${Array.from({ length: 3000 }, (_, i) => `  - id: c${i}\n    name: {en: Card ${i}, fr: Carte ${i}}\n`).join('')}`);
    const two = applyTextEdits('name: {en: Apple}\n', [
      { pointer: '/name', lang: 'fr', text: 'Pomme' },
      { pointer: '/name', lang: 'de', text: 'Apfel' },
    ]);
    expect(two).toBe('name: {en: Apple, de: Apfel, fr: Pomme}\n');
  });
});
