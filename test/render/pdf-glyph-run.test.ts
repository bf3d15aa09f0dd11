import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { DisplayList, GlyphRun } from '../../src/shared/display-list.js';
import { renderComponentPdf } from '../../src/render/pdf/render-component-pdf.js';
import { glyphOrigins, openPdf, textItems } from './read-pdf.js';
import { FONTS, shapeRun } from './sample-list.js';

const listOf = (...runs: GlyphRun[]): DisplayList => ({ width: 200, height: 80, bleed: 0, fonts: FONTS, items: [{ type: 'text', runs }] });

/** The page's content stream, inflated. */
function pageContent(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const streams = [...text.matchAll(/<<([^>]*?\/Filter \/FlateDecode[^>]*?)>>\nstream\n/g)];
  const contents = streams
    .map((match) => {
      const start = match.index + match[0].length;
      return inflateSync(pdf.subarray(start, text.indexOf('\nendstream', start))).toString('latin1');
    })
    .filter((content) => content.includes(' TJ'));
  expect(contents).toHaveLength(1);
  return contents[0]!;
}

describe('glyph runs in the PDF', () => {
  it('starts a text matrix wherever the vertical offset changes, each stretch at its glyphs', async () => {
    const base = shapeRun('x2ab', { size: 20, x: 10, baseline: 40 });
    // "2" raised 6 pt and "b" lowered 3 pt: four stretches (x, 2, a, b).
    const offsets = [0, -6, 0, 3];
    const run = { ...base, glyphs: base.glyphs.map((g, i) => ({ ...g, y: offsets[i]! })) };
    const pdf = await renderComponentPdf([listOf(run)]);
    const content = pageContent(pdf);
    expect(content.match(/ Tm\n/g)).toHaveLength(4);
    expect(content.match(/\] TJ\n/g)).toHaveLength(4);
    expect(content).toMatch(/^BT\n\/F\d+ 20 Tf\n1 0 0 -1 10 40 Tm\n\[<0001>\] TJ\n1 0 0 -1 [\d.]+ 34 Tm\n\[<0002>\] TJ\n1 0 0 -1 [\d.]+ 40 Tm\n\[<0003>\] TJ\n1 0 0 -1 [\d.]+ 43 Tm\n\[<0004>\] TJ\nET$/m);
    const [drawn] = await glyphOrigins(await (await openPdf(pdf)).getPage(1));
    expect(drawn!.map((g) => g.unicode).join('')).toBe('x2ab');
    run.glyphs.forEach((glyph, i) => {
      expect(drawn![i]!.x).toBeCloseTo(run.x + glyph.x, 3);
      expect(drawn![i]!.y).toBeCloseTo(run.baseline + glyph.y, 3);
    });
  });

  it('writes kerning and letter spacing as TJ adjustments between the glyphs', async () => {
    const run = shapeRun('AVA', { size: 10, x: 0, baseline: 20, letterSpacing: 1 });
    const content = pageContent(await renderComponentPdf([listOf(run)]));
    const tj = /\[([^\]]*)\] TJ/.exec(content)![1]!;
    // Three glyphs with a number before the second and third: the kerned, spaced distance.
    expect(tj).toMatch(/^<0001> -?[\d.]+ <0002> -?[\d.]+ <0001>$/);
    const adjustments = tj.split(' ').filter((part) => !part.startsWith('<')).map(Number);
    expect(adjustments.every((n) => n !== 0)).toBe(true);
  });

  it('maps ligatures and plain glyphs back to their text', async () => {
    const ligated = shapeRun('office', { size: 20, x: 10, baseline: 30 });
    expect(ligated.glyphs.length).toBeLessThan(6);
    const pdf = await renderComponentPdf([listOf(ligated, shapeRun('fin à 3 €', { size: 20, x: 10, baseline: 60 }))]);
    const lib = await openPdf(pdf);
    const texts = (await textItems(await lib.getPage(1))).map((t) => t.str);
    expect(texts).toEqual(['office', 'fin à 3 €']);
  });
});

describe('fonts of a document', () => {
  it('numbers the embedded fonts from F2 and still writes an SVG’s own text in a standard font', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 20"><text x="0" y="15" font-size="12">Lantern</text></svg>';
    const list: DisplayList = {
      ...listOf(shapeRun('Key', { size: 12, x: 10, baseline: 30 })),
      items: [
        { type: 'text', runs: [shapeRun('Key', { size: 12, x: 10, baseline: 30 })] },
        { type: 'image', x: 10, y: 40, width: 100, height: 20, source: { kind: 'svg', svg, naturalWidth: 100, naturalHeight: 20 } },
      ],
    };
    const pdf = await renderComponentPdf([list]);
    expect(pageContent(pdf)).toMatch(/^\/F2 12 Tf$/m);
    const text = pdf.toString('latin1');
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+AlegreyaSans-Regular/);
    expect(text).toMatch(/\/BaseFont \/Helvetica/);
    const texts = (await textItems(await (await openPdf(pdf)).getPage(1))).map((t) => t.str);
    expect(texts).toEqual(['Key', 'Lantern']);
  });
});
