import { describe, expect, it } from 'vitest';
import { MM, rulebook } from './helpers.js';

const FRONT = '---\nstyle: {size: 10, lineHeight: 1.2, margin: 10mm, folio: none, header: false}\n---\n';
/** Ten 12 pt lines per page. */
const PAGE = { width: 200, height: 20 * MM + 123 };
const lines = (n: number) => Array.from({ length: n }, (_, i) => `L${i + 1}`).join('\\\n');

describe('rules-too-long', () => {
  it('says how many pages the rules need and how many a PocketMod sheet has', () => {
    // 75 lines: 8 pages of rules, the cover and the folding steps: 10 pages.
    const result = rulebook({ markdown: FRONT + lines(75), page: PAGE, maxPages: 8 });
    expect(result.problems).toEqual([
      {
        severity: 'error',
        code: 'rules-too-long',
        message:
          'the rules need 10 pages, the cover and the folding steps included; a PocketMod sheet has 8: shorten them by about 2 pages, use a smaller size (style.size, now 10 pt), or allow another sheet (rulebook.sheets: 2)',
        file: expect.stringMatching(/rules\/en\.md$/),
        pointer: 'line:2',
      },
    ]);
    // every page is still laid out, on two whole sheets, the folding steps last
    expect(result.pages).toHaveLength(16);
    expect(result.pages.filter((p) => p.items.length > 0)).toHaveLength(10);
  });

  it('fits exactly: 6 pages of rules, the cover and the folding steps on one sheet', () => {
    const result = rulebook({ markdown: FRONT + lines(60), page: PAGE, maxPages: 8 });
    expect(result.problems).toEqual([]);
    expect(result.pages).toHaveLength(8);
    // one line more makes a 7th page of rules: one page too many
    const over = rulebook({ markdown: FRONT + lines(61), page: PAGE, maxPages: 8 });
    expect(over.problems.map((p) => p.message)).toEqual([expect.stringContaining('the rules need 9 pages') as string]);
  });

  it('says the same for a booklet, without sheets', () => {
    const result = rulebook({ markdown: FRONT + lines(75), page: PAGE, maxPages: 8, imposition: 'booklet' });
    expect(result.problems.map((p) => p.message)).toEqual([
      'the rules need 9 pages, the cover included; the booklet allows 8: shorten them by about 1 page or use a smaller size (style.size, now 10 pt)',
    ]);
  });
});
