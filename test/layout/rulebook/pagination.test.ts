import { describe, expect, it } from 'vitest';
import type { DisplayList } from '../../../src/shared/display-list.js';
import { linesOf, MM, rulebook } from './helpers.js';

/**
 * Pages whose text area holds exactly 10 body lines: 10 pt type on a 12 pt leading, 10 mm
 * margins, no folio or header, and 3 pt to spare (123 pt). Paragraphs are separated by 5 pt,
 * a level-2 heading takes 10 pt above it and 17.95 pt itself, a table row 17 pt.
 */
const FRONT = '---\nstyle: {size: 10, lineHeight: 1.2, margin: 10mm, folio: none, header: false}\n---\n';
const PAGE = { width: 200, height: 20 * MM + 123 };

/** A paragraph of `n` lines, one short word each (hard line breaks). */
const para = (name: string, n: number) => Array.from({ length: n }, (_, i) => `${name}${i + 1}`).join('\\\n');

function layout(markdown: string) {
  const result = rulebook({ markdown: FRONT + markdown, imposition: 'pages', page: PAGE });
  expect(result.problems).toEqual([]);
  return result;
}

/** The lines of each page after the cover. */
const contentLines = (pages: DisplayList[]) => pages.slice(1).map((p) => linesOf(p).map((l) => l.text));

describe('pagination of the rules (10-line pages)', () => {
  it('fills a page with exactly the ten lines it holds', () => {
    const { pages } = layout(para('A', 12));
    // 12 lines: 10 would leave 2 for the next page, which is allowed.
    expect(contentLines(pages)).toEqual([['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'A10'], ['A11', 'A12']]);
  });

  it('never leaves a single first line of a paragraph at the bottom of a page (orphan)', () => {
    // A: 8 lines (0–96 pt); B's first line would end at 113, its second at 125 > 123.
    const { pages } = layout(`${para('A', 8)}\n\n${para('B', 4)}`);
    expect(contentLines(pages)).toEqual([['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'], ['B1', 'B2', 'B3', 'B4']]);
  });

  it('never leaves a single last line of a paragraph at the top of a page (widow)', () => {
    // A: 5 lines; B starts at 65 pt and 4 of its 5 lines fit: its last would be alone, so two go on.
    const { pages } = layout(`${para('A', 5)}\n\n${para('B', 5)}`);
    expect(contentLines(pages)).toEqual([['A1', 'A2', 'A3', 'A4', 'A5', 'B1', 'B2', 'B3'], ['B4', 'B5']]);
  });

  it('keeps a 3-line paragraph whole rather than leave an orphan or a widow', () => {
    // A: 7 lines; two of B's three lines fit, but B3 alone would be a widow and B1 alone an orphan.
    const { pages } = layout(`${para('A', 7)}\n\n${para('B', 3)}`);
    expect(contentLines(pages)).toEqual([['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7'], ['B1', 'B2', 'B3']]);
  });

  it('moves a heading that would end a page to the next one, with what follows', () => {
    // A: 7 lines (0–84); the heading fits (94–111.95) but not a line after it.
    const { pages } = layout(`${para('A', 7)}\n\n## Heading\n\n${para('B', 4)}`);
    expect(contentLines(pages)).toEqual([['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7'], ['Heading', 'B1', 'B2', 'B3', 'B4']]);
  });

  it('moves a heading followed by one line only (a list of one-line items) to the next page', () => {
    // A: 6 lines; heading 82–99.95; item 1 fits (to 111.95), item 2 (2 pt gap) would end at 125.95.
    const { pages } = layout(`${para('A', 6)}\n\n## Heading\n\n- one\n- two\n- three`);
    expect(contentLines(pages)).toEqual([['A1', 'A2', 'A3', 'A4', 'A5', 'A6'], ['Heading', 'one', 'two', 'three']]);
    // The same with a shorter paragraph above: heading and two items fit, nothing moves.
    expect(contentLines(layout(`${para('A', 5)}\n\n## Heading\n\n- one\n- two\n- three`).pages)[0]).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'Heading', 'one', 'two']);
  });

  it('splits a table between rows and repeats its header row on the next page', () => {
    const rows = Array.from({ length: 12 }, (_, i) => `| R${i + 1} | ${i + 1} |`).join('\n');
    const { pages } = layout(`${para('A', 3)}\n\n| Name | Value |\n|---|--:|\n${rows}`);
    // A: 0–36; gap 7; header 43–60; rows of 17 pt: 3 fit; then header + 6 rows a page.
    expect(contentLines(pages)).toEqual([
      ['A1', 'A2', 'A3', 'NameValue', 'R11', 'R22', 'R33'],
      ['NameValue', 'R44', 'R55', 'R66', 'R77', 'R88', 'R99'],
      ['NameValue', 'R1010', 'R1111', 'R1212'],
    ]);
    const header = linesOf(pages[2]!)[0]!;
    expect(header.baseline).toBeCloseTo(10 * MM + 2.5 + 9, 2); // top margin, cell padding, ascent (baselines rounded to 0.01)
  });

  it('does not leave the last table row alone on a page', () => {
    const rows = Array.from({ length: 4 }, (_, i) => `| R${i + 1} |`).join('\n');
    // A: 0–36; header 43–60; R1–R3 to 111; R4 alone would not fit (128 > 123), so R3 goes on with it.
    const { pages } = layout(`${para('A', 3)}\n\n| Name |\n|---|\n${rows}`);
    expect(contentLines(pages)).toEqual([['A1', 'A2', 'A3', 'Name', 'R1', 'R2'], ['Name', 'R3', 'R4']]);
  });

  it('starts a new page at <!-- pagebreak --> and at \\pagebreak', () => {
    const { pages } = layout(`${para('A', 2)}\n\n<!-- pagebreak -->\n\n${para('B', 2)}\n\n\\pagebreak\n\n${para('C', 1)}`);
    expect(contentLines(pages)).toEqual([['A1', 'A2'], ['B1', 'B2'], ['C1']]);
  });
});
