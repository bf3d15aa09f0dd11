import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { POCKETMOD_LAYOUT } from '../../src/impose/pocketmod.js';
import { FIXTURES, runCli, tempDir } from '../helpers.js';
import { openPdf, textItems, type TextItem } from '../render/read-pdf.js';

const game = path.join(FIXTURES, 'rulebook', 'guild-of-thieves');

describe('the PocketMod rulebook PDF, parsed back', () => {
  const out = tempDir();
  beforeAll(async () => {
    const result = await runCli(['build', game, '--out', out, '--lang', 'en']);
    expect(result.stdout).toMatch(/^wrote/);
  }, 120_000);

  it('prints each page number in its panel, turned as the layout says', async () => {
    const pdf = await openPdf(readFileSync(path.join(out, 'guild-of-thieves', 'en', 'rulebook.pdf')));
    expect(pdf.numPages).toBe(1);
    const page = await pdf.getPage(1);
    const [, , W, H] = page.view as [number, number, number, number];
    const items = await textItems(page);
    const pages = await openPdf(readFileSync(path.join(out, 'guild-of-thieves', 'en', 'rulebook-pages.pdf')));
    // The folios are the numbers alone on their line; pages with text all carry one except the cover and the folding steps.
    const numbered: number[] = [];
    for (let n = 1; n <= pages.numPages; n++) {
      const texts = (await textItems(await pages.getPage(n))).map((t) => t.str.trim());
      if (texts.includes(String(n))) numbered.push(n);
    }
    expect(numbered.length).toBeGreaterThanOrEqual(2);
    expect(numbered).not.toContain(1);
    // Where each lone number is printed on the sheet: its panel and whether it is upside down.
    const placed = (t: TextItem) => {
      const [a, , , , e, f] = t.transform as [number, number, number, number, number, number];
      return { page: Number(t.str.trim()), col: Math.floor(e / (W / 4)), row: f > H / 2 ? 0 : 1, rotate: a < 0 ? 180 : 0 };
    };
    const found = items.filter((t: TextItem) => /^\d+$/.test(t.str.trim()) && numbered.includes(Number(t.str.trim()))).map(placed);
    const expected = numbered.map((n) => {
      const slot = POCKETMOD_LAYOUT.find((s) => s.page === n)!;
      return { page: n, col: slot.col, row: slot.row, rotate: slot.rotate };
    });
    for (const folio of expected) expect(found, `page ${folio.page}`).toContainEqual(folio);
  });

  it('has the rules text in reading order, page after page, in rulebook-pages.pdf', async () => {
    const pdf = await openPdf(readFileSync(path.join(out, 'guild-of-thieves', 'en', 'rulebook-pages.pdf')));
    let all = '';
    for (let n = 1; n <= pdf.numPages; n++) all += (await textItems(await pdf.getPage(n))).map((t) => t.str).join(' ') + '\n';
    const markdown = readFileSync(path.join(game, 'rules', 'en.md'), 'utf8');
    const headings = [...markdown.matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]!.replace(/[*_]/g, '').trim());
    expect(headings.length).toBeGreaterThan(3);
    let at = 0;
    for (const heading of headings) {
      const found = all.indexOf(heading, at);
      expect(found, heading).toBeGreaterThanOrEqual(at);
      at = found + heading.length;
    }
  });
});
