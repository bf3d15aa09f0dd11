import { describe, expect, it } from 'vitest';
import { resolveLength } from '../../src/shared/lengths.js';
import { imposeComponents, type ComponentSheetRequest } from '../../src/impose/component-sheets.js';
import { standeeStrip, TAB_DEPTH } from '../../src/impose/standee.js';
import { PAPERS } from '../../src/impose/paper.js';
import type { DisplayList, GroupItem, LineItem } from '../../src/shared/display-list.js';

const mm = (n: number) => resolveLength(`${n}mm`);
const W = mm(63);
const H = mm(88);
const B = mm(3);

function card(tag: number): DisplayList {
  return { width: W, height: H, bleed: B, background: '#112233', items: [{ type: 'rect', x: 0, y: 0, width: 1, height: tag }], fonts: {} };
}

function request(copies: number, extra: Partial<ComponentSheetRequest> = {}): ComponentSheetRequest {
  return {
    copies: Array.from({ length: copies }, (_, i) => ({ front: card(i + 1), back: card(100) })),
    width: W,
    height: H,
    bleed: B,
    shape: 'rectangle',
    cornerRadius: 0,
    page: PAPERS.a4,
    duplex: 'long',
    gutter: 0,
    margin: mm(7),
    backOffset: { x: 0, y: 0 },
    ...extra,
  };
}

const groups = (page: DisplayList) => page.items.filter((i): i is GroupItem => i.type === 'group');
const lines = (page: DisplayList) => page.items.filter((i): i is LineItem => i.type === 'line');

/** The area a placed group may paint on the sheet: its clip, moved by its transform (quarter turns only). */
function paintedArea(g: GroupItem) {
  const [a, b, c, d, e, f] = g.transform!;
  const clip = g.clip!;
  const xs = [clip.x, clip.x + clip.width].flatMap((x) => [clip.y, clip.y + clip.height].map((y) => a * x + c * y + e));
  const ys = [clip.x, clip.x + clip.width].flatMap((x) => [clip.y, clip.y + clip.height].map((y) => b * x + d * y + f));
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

describe('card sheets', () => {
  const sheets = imposeComponents(request(11));

  it('puts 9 per A4 sheet: fronts, backs, fronts, backs', () => {
    expect(sheets.perSheet).toBe(9);
    expect(sheets.pages).toHaveLength(4);
    expect(sheets.pages.map((p) => groups(p).length)).toEqual([9, 9, 2, 2]);
    expect(sheets.pages.every((p) => p.width === PAPERS.a4.width && p.height === PAPERS.a4.height)).toBe(true);
  });

  it('shows each card\'s bleed toward the outside of the grid only, so neighbours never overlap', () => {
    const areas = groups(sheets.pages[0]!).map(paintedArea);
    for (let i = 0; i < areas.length; i++) {
      for (let j = i + 1; j < areas.length; j++) {
        const [p, q] = [areas[i]!, areas[j]!];
        const overlap = Math.min(p.right, q.right) - Math.max(p.left, q.left) > 0.01 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 0.01;
        expect(overlap, `${i} and ${j}`).toBe(false);
      }
    }
    const left = Math.min(...areas.map((a) => a.left));
    expect(left).toBeCloseTo(mm(10.5) - B, 3);
  });

  it('draws crop marks in the margin, at every cut line, never over a card', () => {
    const page = sheets.pages[0]!;
    const marks = lines(page);
    // 4 vertical cut lines × 2 ends + 4 horizontal cut lines × 2 ends.
    expect(marks).toHaveLength(16);
    const areas = groups(page).map(paintedArea);
    for (const m of marks) {
      expect(m.strokeWidth).toBeLessThanOrEqual(0.5);
      expect(Math.hypot(m.x2 - m.x1, m.y2 - m.y1)).toBeLessThanOrEqual(mm(5) + 1e-6);
      for (const a of areas) {
        const inside = (x: number, y: number) => x > a.left + 0.01 && x < a.right - 0.01 && y > a.top + 0.01 && y < a.bottom - 0.01;
        expect(inside(m.x1, m.y1) || inside(m.x2, m.y2)).toBe(false);
      }
      for (const v of [m.x1, m.x2]) expect(v >= 0 && v <= page.width).toBe(true);
      for (const v of [m.y1, m.y2]) expect(v >= 0 && v <= page.height).toBe(true);
    }
    const xs = [...new Set(marks.filter((m) => m.x1 === m.x2).map((m) => Math.round(m.x1 * 100) / 100))];
    expect(xs).toEqual([10.5, 73.5, 136.5, 199.5].map((n) => Math.round(mm(n) * 100) / 100));
  });

  it('moves every back by the back offset', () => {
    const shifted = imposeComponents(request(9, { backOffset: { x: mm(1), y: mm(-0.5) } }));
    const plain = groups(sheets.pages[1]!);
    groups(shifted.pages[1]!).forEach((g, i) => {
      expect(g.transform![4] - plain[i]!.transform![4]).toBeCloseTo(mm(1), 6);
      expect(g.transform![5] - plain[i]!.transform![5]).toBeCloseTo(mm(-0.5), 6);
    });
    groups(shifted.pages[0]!).forEach((g, i) => expect(g.transform).toEqual(groups(sheets.pages[0]!)[i]!.transform));
  });

  it('fold-over: fronts above the fold, their backs below it, mirrored about the fold', () => {
    const fold = imposeComponents(request(7, { duplex: 'fold' }));
    // Half an A4 sheet holds 4 poker cards turned a quarter.
    expect([fold.perSheet, fold.grid.rotated]).toEqual([4, true]);
    expect(fold.pages).toHaveLength(2);
    const page = fold.pages[0]!;
    const placed = groups(page);
    expect(placed).toHaveLength(8);
    const half = page.height / 2;
    const rotation = (g: GroupItem) => {
      const [a, b] = g.transform!;
      return a === 1 ? 0 : b === 1 ? 90 : a === -1 ? 180 : 270;
    };
    placed.slice(0, 4).forEach((front, i) => {
      const back = placed[4 + i]!;
      const f = paintedArea(front);
      const k = paintedArea(back);
      expect(f.bottom).toBeLessThanOrEqual(half + 0.01);
      expect(k.top).toBeGreaterThanOrEqual(half - 0.01);
      expect(k.left).toBeCloseTo(f.left, 3);
      expect(half - f.bottom).toBeCloseTo(k.top - half, 3);
      expect(rotation(back)).toBe((540 - rotation(front)) % 360);
    });
    expect(lines(page).some((l) => l.dash && Math.abs(l.y1 - half) < 0.01 && Math.abs(l.y2 - half) < 0.01)).toBe(true);
  });

  it('round tokens are cut along their outline, with a gutter, and no crop marks', () => {
    const d = mm(25);
    const tokens = imposeComponents({ ...request(30), width: d, height: d, bleed: mm(1), shape: 'circle', gutter: mm(2) });
    const page = tokens.pages[0]!;
    expect(lines(page)).toHaveLength(0);
    const outlines = page.items.filter((i) => i.type === 'ellipse');
    expect(outlines).toHaveLength(groups(page).length);
    expect(outlines[0]).toMatchObject({ rx: d / 2, ry: d / 2 });
  });

  it('says when a component cannot fit the paper at all', () => {
    const huge = imposeComponents({ ...request(1), width: mm(300), height: mm(400) });
    expect(huge.perSheet).toBe(0);
    expect(huge.pages).toEqual([]);
  });
});

describe('fold-over standee strip', () => {
  it('stacks tab, back turned 180°, front, tab, with dashed folds between', () => {
    const strip = standeeStrip(card(1), card(2));
    expect(strip.height).toBeCloseTo(2 * H + 2 * TAB_DEPTH, 6);
    const placed = strip.items.filter((i): i is GroupItem => i.type === 'group');
    expect(placed.map((g) => g.transform)).toEqual([
      [-1, 0, 0, -1, W, TAB_DEPTH + H],
      [1, 0, 0, 1, 0, TAB_DEPTH + H],
    ]);
    const folds = strip.items.filter((i): i is LineItem => i.type === 'line');
    expect(folds.map((f) => f.y1)).toEqual([TAB_DEPTH, TAB_DEPTH + H, TAB_DEPTH + 2 * H]);
    expect(folds.every((f) => f.dash)).toBe(true);
  });
});
