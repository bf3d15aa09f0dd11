import { describe, expect, it } from 'vitest';
import type { LineItem, RectItem } from '../../../src/shared/display-list.js';
import { FOLD_DRAWINGS } from '../../../src/layout/rulebook/draw-folding.js';
import { MM, rulebook, textOf, flat } from './helpers.js';

const colors = { ink: '#000000', accent: '#ff0000', paper: '#ffffff' };
const box = { x: 0, y: 0, width: 100, height: 60 };
const a4 = { sheet: Math.SQRT2, panel: 74.25 / 105 };

describe('the folding steps', () => {
  it('draws the sheet at its proportions with its seven panel lines', () => {
    const items = FOLD_DRAWINGS[0](box, colors, a4);
    const sheet = items[0] as RectItem;
    expect(sheet.width / sheet.height).toBeCloseTo(Math.SQRT2, 9);
    const lines = items.filter((i): i is LineItem => i.type === 'line');
    expect(lines.map((l) => (l.x1 === l.x2 ? Math.round(((l.x1 - sheet.x) / sheet.width) * 1e9) / 1e9 : 'h'))).toEqual([0.25, 0.5, 0.75, 'h']);
  });

  it('cuts the middle line across the two middle columns only (x from W/4 to 3W/4)', () => {
    const items = FOLD_DRAWINGS[3](box, colors, a4);
    const sheet = items[0] as RectItem;
    const cut = items.find((i): i is LineItem => i.type === 'line' && i.stroke === '#ff0000')!;
    expect((cut.x1 - sheet.x) / sheet.width).toBeCloseTo(0.25, 9);
    expect((cut.x2 - sheet.x) / sheet.width).toBeCloseTo(0.75, 9);
    expect(cut.y1).toBeCloseTo(sheet.y + sheet.height / 2, 9);
  });

  it('follows the paper: a Letter sheet (11 × 8.5 in) is drawn at 1.29 : 1', () => {
    const letter = { width: 2.75 * 72, height: 4.25 * 72 };
    const { pages, problems } = rulebook({ markdown: '', page: letter });
    expect(problems).toEqual([]);
    const sheet = flat(pages[7]!.items).find((i): i is RectItem => i.type === 'rect' && i.fill === '#ffffff')!;
    expect(sheet.width / sheet.height).toBeCloseTo(11 / 8.5, 6);
    expect(textOf(pages[7]!)).toContain('How to fold');
    // every drawing stays inside the page margins
    for (const item of pages[7]!.items) if (item.type === 'rect') expect(item.x).toBeGreaterThanOrEqual(5 * MM - 1e-6);
  });
});
