import { describe, expect, it } from 'vitest';
import type { DisplayList, TextItem } from '../../src/shared/display-list.js';
import { renderComponentPdf } from '../../src/render/pdf/render-component-pdf.js';
import { renderSvg } from '../../src/render/svg/render-svg.js';
import { glyphOrigins, openPdf } from './read-pdf.js';
import { FONT_PATH, mm, sampleCard } from './sample-list.js';
import { expectedControlBox, pathControlBox } from './svg-outlines.js';

const card = sampleCard();
const svg = renderSvg(card, { widthPx: 815, heightPx: 1110 });
const runs = card.items.filter((i): i is TextItem => i.type === 'text').flatMap((i) => i.runs);
/** The <path> elements drawn for text, in order: those filled with a run's colour after the images. */
const textPaths = () => {
  const paths = [...svg.matchAll(/<path d="([^"]+)" fill="(#[0-9a-f]{6})"(?: fill-opacity="([\d.]+)")?\/>/g)];
  return paths.slice(-runs.length).map((m) => ({ d: m[1]!, fill: m[2]!, opacity: m[3] }));
};

describe('renderSvg', () => {
  it('has the exact pixel size and a viewBox over trim + bleed in points', () => {
    const root = /^<svg[^>]*>/.exec(svg)![0];
    expect(root).toContain('width="815"');
    expect(root).toContain('height="1110"');
    const viewBox = /viewBox="([^"]+)"/.exec(root)![1]!.split(' ').map(Number);
    [-mm(3), -mm(3), mm(69), mm(94)].forEach((v, i) => expect(viewBox[i]).toBeCloseTo(v, 5));
  });

  it('draws text as outlines only: no <text>, no fonts', () => {
    expect(svg).not.toMatch(/<text\b/);
    expect(svg).not.toMatch(/@font-face|font-family/);
    expect(textPaths().map((p) => p.fill)).toEqual(runs.map((r) => r.color.toLowerCase()));
    expect(textPaths()[3]!.opacity).toBe('0.5');
  });

  it('places each glyph outline at the run’s glyph positions, flipped to y-down', () => {
    textPaths().forEach(({ d }, r) => {
      const run = runs[r]!;
      const expected = expectedControlBox(run, FONT_PATH, run.glyphs.map((g) => ({ x: run.x + g.x, y: run.baseline + g.y })));
      const actual = pathControlBox(d);
      for (const key of ['minX', 'minY', 'maxX', 'maxY'] as const) expect(actual[key]).toBeCloseTo(expected[key], 2);
    });
  });

  it('puts the outlines where the PDF puts its text', async () => {
    const page = await (await openPdf(await renderComponentPdf([card]))).getPage(1);
    const drawn = await glyphOrigins(page);
    textPaths().forEach(({ d }, r) => {
      const expected = expectedControlBox(runs[r]!, FONT_PATH, drawn[r]!);
      const actual = pathControlBox(d);
      for (const key of ['minX', 'minY', 'maxX', 'maxY'] as const) expect(actual[key]).toBeCloseTo(expected[key], 2);
    });
  });

  it('clips with clipPath, transforms groups and fades them as a whole', () => {
    expect(svg.match(/<clipPath id="pp-clip-\d+">/g)).toHaveLength(2);
    expect(svg).toMatch(/<g transform="matrix\(0\.98 0\.199 -0\.199 0\.98 120 130\)" clip-path="url\(#pp-clip-\d\)" opacity="0\.6">/);
    expect(svg).toMatch(/<clipPath id="pp-clip-1"><ellipse cx="38" cy="94" rx="22" ry="22"\/><\/clipPath>/);
  });

  it('embeds images as data URIs, an SVG icon with its tint instead of currentColor', () => {
    const hrefs = [...svg.matchAll(/xlink:href="data:([^;]+);base64,([^"]+)"/g)];
    expect(hrefs.map((h) => h[1])).toEqual(['image/png', 'image/jpeg', 'image/svg+xml']);
    const icon = Buffer.from(hrefs[2]![2]!, 'base64').toString('utf8');
    expect(icon).toContain('fill="#8e44ad"');
    expect(icon).not.toMatch(/currentColor/i);
  });

  it('writes fill and stroke alpha separately, dashes and even-odd', () => {
    expect(svg).toContain('fill="#2e86c1" fill-opacity="0.8" stroke="#1b4f72" stroke-width="2" stroke-dasharray="4 2"');
    expect(svg).toMatch(/fill="#27ae60" fill-opacity="0\.6" fill-rule="evenodd"/);
  });

  it('adds a viewBox to an SVG image that has none, so it scales to its box', () => {
    const list: DisplayList = {
      width: 20,
      height: 20,
      bleed: 0,
      fonts: {},
      items: [{ type: 'image', x: 0, y: 0, width: 20, height: 20, source: { kind: 'svg', svg: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>', naturalWidth: 10, naturalHeight: 10 } }],
    };
    const href = /base64,([^"]+)"/.exec(renderSvg(list, { widthPx: 20, heightPx: 20 }))![1]!;
    expect(Buffer.from(href, 'base64').toString('utf8')).toMatch(/^<svg viewBox="0 0 10 10" /);
  });
});
