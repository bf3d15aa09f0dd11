import { describe, expect, it } from 'vitest';
import { defaultStyle } from '../../../src/layout/rulebook/page-style.js';
import { A5, game, linesOf, MM, POCKETMOD, rulebook, runsOf } from './helpers.js';

describe('page style defaults', () => {
  it('sizes a PocketMod panel for 7.5 pt with 5 mm margins, an A5 page for 10 pt, colours from the palette names', () => {
    const pocket = defaultStyle('pocketmod', game('en'));
    expect(pocket).toMatchObject({ size: 7.5, folio: 'bottom-center', header: false, font: 'Alegreya Sans', headingFont: 'Alegreya Sans', ink: '#1d1b19', accent: '#8c1c1c', shade: '#f1e6c8' });
    expect(pocket.margin.top / MM).toBeCloseTo(5, 9);
    expect(pocket.margin.inside / MM).toBeCloseTo(5, 9);
    expect(defaultStyle('booklet', game('en'))).toMatchObject({ size: 10, folio: 'bottom-outside', header: true });
  });

  it('falls back to black and a light grey when the palette has no such names', () => {
    const g = { ...game('en'), palette: { blood: '#8c1c1c' } };
    expect(defaultStyle('pages', g)).toMatchObject({ ink: '#000000', accent: '#000000', shade: '#ececec' });
  });
});

describe('front matter style:', () => {
  it('overrides size, margins, heading font, folio, header and colours', () => {
    const markdown = '---\nstyle:\n  size: 8\n  margin: {inside: 10mm, outside: 6mm}\n  headingFont: Cinzel\n  folio: top-outside\n  header: true\n  accent: ink\n---\n## Setup\n\nShuffle.\n';
    const { pages, problems } = rulebook({ markdown });
    expect(problems).toEqual([]);
    const page = pages[1]!;
    const runs = runsOf(page.items);
    expect(runs.find((r) => r.text === 'Setup')).toMatchObject({ font: 'Cinzel/bold', size: 10.5, color: '#1d1b19' });
    expect(runs.find((r) => r.text === 'Shuffle.')).toMatchObject({ size: 8, x: 6 * MM }); // page 2 is a left page: outside margin on the left
    const lines = linesOf(page);
    // the running header (title) and the folio share the top band; the folio sits outside (left on page 2)
    expect(lines[0]!.text).toContain('Guild of Thieves');
    const folio = runs.find((r) => r.text === '2')!;
    expect(folio.x).toBeCloseTo(6 * MM, 6);
    expect(folio.baseline).toBeLessThan(runs.find((r) => r.text === 'Setup')!.baseline);
    expect(page.items.some((i) => i.type === 'line')).toBe(true); // the header rule
  });

  it('reports unknown keys, bad values, unknown fonts and too-small PocketMod margins at their line', () => {
    const markdown = '---\nstyle:\n  sise: 8\n  margin: 3mm\n  headingFont: Comic Sans\n  folio: middle\n  lineHeight: 9\ntitle: x\n---\nText.\n';
    const { problems } = rulebook({ markdown });
    expect(problems.map((p) => [p.severity, p.code, p.pointer])).toEqual([
      ['warning', 'unknown-key', 'line:8'],
      ['error', 'unknown-key', 'line:3'],
      ['warning', 'bad-value', 'line:4'],
      ['error', 'unknown-font', 'line:5'],
      ['error', 'bad-value', 'line:6'],
      ['error', 'out-of-range', 'line:7'],
    ]);
    expect(problems[1]!.message).toBe('style has no key "sise"; did you mean "size"?; the keys are size, lineHeight, margin, font, headingFont, align, folio, header, ink, accent, shade');
    expect(problems[2]!.message).toContain('3 mm: a PocketMod panel needs at least 4 mm');
    expect(problems.every((p) => p.file.endsWith('rules/en.md'))).toBe(true);
  });
});

describe('problems in the rules point at their Markdown line', () => {
  it('an unknown icon, a missing image and a low-resolution image', () => {
    const markdown = 'Intro.\n\nPay 1 :nope-nope: now.\n\n![](art/mapp.png)\n\n![](art/map.png)\n';
    const { problems } = rulebook({ markdown, imposition: 'booklet', page: A5 });
    expect(problems.map((p) => [p.severity, p.code, p.pointer])).toEqual([
      ['error', 'unknown-icon', 'line:3'],
      ['error', 'missing-file', 'line:5'],
      ['warning', 'low-resolution', 'line:7'],
    ]);
    expect(problems[1]!.message).toContain('did you mean "map.png"');
    expect(problems[2]!.message).toBe('"art/map.png" is 400 px wide and drawn 122 mm wide, so it prints at 84 dpi; give it at least 718 px across (150 dpi) to print sharp');
  });

  it('the PocketMod image prints sharp enough: no warning', () => {
    expect(rulebook({ markdown: '![](art/map.png)', page: POCKETMOD }).problems).toEqual([]);
  });
});
