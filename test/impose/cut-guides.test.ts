import { describe, expect, it } from 'vitest';
import { imposeComponents } from '../../src/impose/component-sheets.js';
import { cutFileSvg, cutterMargin, registrationItems, registrationMarks } from '../../src/impose/cutter.js';
import { imposeKit, KIT_MARGIN, packKit, type KitRequest, type KitSet } from '../../src/impose/kit.js';
import { PAPERS } from '../../src/impose/paper.js';
import type { DisplayList, LineItem } from '../../src/shared/display-list.js';
import { pointsToMm, resolveLength } from '../../src/shared/lengths.js';
import { SILHOUETTE_MARKS, type CutGuideStyle } from '../../src/shared/print-options.js';

const mm = (n: number) => resolveLength(`${n}mm`);
const EPS = 0.01;

function face(width: number, height: number, bleed: number): DisplayList {
  return { width, height, bleed, background: '#884422', items: [], fonts: {} };
}

function set(id: string, kind: string, w: number, h: number, count: number, extra: Partial<KitSet> = {}): KitSet {
  const bleed = extra.bleed ?? mm(3);
  return {
    id,
    name: id,
    kind,
    width: mm(w),
    height: mm(h),
    bleed,
    shape: 'rectangle',
    cornerRadius: 0,
    gutter: 0,
    sides: 'long',
    copies: Array.from({ length: count }, () => ({ front: face(mm(w), mm(h), bleed), back: face(mm(w), mm(h), bleed) })),
    ...extra,
  };
}

const SETS: KitSet[] = [
  set('cards', 'cards', 63, 88, 11),
  set('tarot', 'cards', 70, 120, 3, { gutter: mm(6) }),
  set('tiles', 'tiles', 60, 60, 5, { gutter: mm(4) }),
  set('chits', 'tokens', 16, 16, 30, { bleed: mm(1.5), gutter: mm(3), shape: 'rounded', cornerRadius: mm(2) }),
  set('coins', 'tokens', 20, 20, 14, { bleed: mm(1.5), gutter: mm(2), shape: 'circle' }),
];

function request(style: CutGuideStyle, printable = mm(5)): KitRequest {
  return { sets: SETS, page: PAPERS.a4, margin: KIT_MARGIN, flip: 'long', backOffset: { x: 0, y: 0 }, guides: { style, printableMargin: printable } };
}

const lines = (page: DisplayList) => page.items.filter((i): i is LineItem => i.type === 'line');

/** Every rectangular trim on the kit's front pages, sheet by sheet. */
function frontTrims(req: KitRequest) {
  const sheets = packKit(req);
  const layout = imposeKit(req, sheets);
  let at = 0;
  return sheets.map((sheet) => {
    const page = layout.pages[at]!;
    at += sheet.duplex ? 2 : 1;
    return { page, trims: sheet.pieces.map((p) => ({ ...p.trim, shape: SETS.find((s) => s.id === p.set)!.shape, gutter: SETS.find((s) => s.id === p.set)!.gutter })) };
  });
}

describe('cut guides', () => {
  for (const style of ['lines', 'both', 'marks'] as const) {
    it(`${style}: every line lies on a trim edge, crosses no face, and keeps the printable margin`, () => {
      for (const { page, trims } of frontTrims(request(style))) {
        const found = lines(page);
        expect(found.length).toBeGreaterThan(0);
        for (const l of found) {
          const vertical = Math.abs(l.x1 - l.x2) < EPS;
          expect(vertical || Math.abs(l.y1 - l.y2) < EPS).toBe(true);
          // On the line of some trim's edge.
          const onEdge = trims.some((t) => (vertical ? [t.x, t.x + t.width].some((x) => Math.abs(x - l.x1) < EPS) : [t.y, t.y + t.height].some((y) => Math.abs(y - l.y1) < EPS)));
          expect(onEdge, JSON.stringify(l)).toBe(true);
          // Never inside a face: no point of the segment strictly inside any trim.
          for (const t of trims) {
            const [a, b] = vertical ? [Math.min(l.y1, l.y2), Math.max(l.y1, l.y2)] : [Math.min(l.x1, l.x2), Math.max(l.x1, l.x2)];
            const across = vertical ? l.x1 > t.x + EPS && l.x1 < t.x + t.width - EPS : l.y1 > t.y + EPS && l.y1 < t.y + t.height - EPS;
            const along = vertical ? Math.min(b, t.y + t.height) - Math.max(a, t.y) > EPS : Math.min(b, t.x + t.width) - Math.max(a, t.x) > EPS;
            expect(across && along, `${JSON.stringify(l)} crosses ${JSON.stringify(t)}`).toBe(false);
          }
          // Inside the printable area.
          for (const v of [l.x1, l.x2]) expect(v >= mm(5) - EPS && v <= page.width - mm(5) + EPS, JSON.stringify(l)).toBe(true);
          for (const v of [l.y1, l.y2]) expect(v >= mm(5) - EPS && v <= page.height - mm(5) + EPS, JSON.stringify(l)).toBe(true);
          if (style === 'marks') expect(Math.hypot(l.x2 - l.x1, l.y2 - l.y1)).toBeLessThanOrEqual(mm(5) + EPS);
        }
      }
    });
  }

  it('lines run the whole margin, marks stop after 5 mm; none draws nothing but the outlines of shaped pieces', () => {
    const longest = (style: CutGuideStyle) => Math.max(...frontTrims(request(style)).flatMap(({ page }) => lines(page).map((l) => Math.hypot(l.x2 - l.x1, l.y2 - l.y1))));
    expect(longest('lines')).toBeGreaterThan(mm(5) + EPS);
    expect(longest('marks')).toBeLessThanOrEqual(mm(5) + EPS);
    const none = frontTrims(request('none'));
    expect(none.every(({ page }) => lines(page).length === 0)).toBe(true);
    expect(none.flatMap(({ page }) => page.items.filter((i) => i.type === 'rect' || i.type === 'ellipse' || i.type === 'path'))).toEqual([]);
  });

  it('outlines every round and rounded piece along its trim, and with lines every piece that keeps its own bleed', () => {
    for (const { page, trims } of frontTrims(request('lines'))) {
      const ellipses = page.items.filter((i) => i.type === 'ellipse');
      expect(ellipses).toHaveLength(trims.filter((t) => t.shape === 'circle').length);
      const rects = page.items.filter((i) => i.type === 'rect');
      for (const t of trims.filter((x) => x.shape === 'rounded' || (x.shape === 'rectangle' && x.gutter > 0))) {
        expect(rects.some((r) => r.type === 'rect' && Math.abs(r.x - t.x) < EPS && Math.abs(r.y - t.y) < EPS && Math.abs(r.width - t.width) < EPS), JSON.stringify(t)).toBe(true);
      }
    }
  });

  it('a wider printable margin moves every mark of the per-set sheets inward (9 poker cards per A4 keep marks ≥ 5 mm from the edge)', () => {
    const cards = SETS[0]!;
    for (const printable of [mm(5), mm(6.5)]) {
      const sheets = imposeComponents({ copies: cards.copies, width: cards.width, height: cards.height, bleed: cards.bleed, shape: 'rectangle', cornerRadius: 0, page: PAPERS.a4, duplex: 'long', gutter: 0, margin: mm(7), backOffset: { x: 0, y: 0 }, guides: { style: 'marks', printableMargin: printable } });
      for (const page of sheets.pages) {
        const found = lines(page);
        expect(found.length).toBeGreaterThan(0);
        const nearest = Math.min(...found.flatMap((l) => [l.x1, l.x2, page.width - l.x1, page.width - l.x2, l.y1, l.y2, page.height - l.y1, page.height - l.y2]));
        expect(nearest).toBeGreaterThanOrEqual(printable - EPS);
      }
    }
  });
});

describe('cutting machines (Silhouette)', () => {
  const page = PAPERS.letter;
  const marks = SILHOUETTE_MARKS;

  it('puts the filled square at the top-left and an L at each other corner, inset as set', () => {
    const found = registrationMarks(page, marks);
    expect(found.map((m) => m.corner)).toEqual(['top-left', 'top-right', 'bottom-left', 'bottom-right']);
    expect(found[0]!.rects).toEqual([{ x: mm(10), y: mm(10), width: mm(5), height: mm(5) }]);
    for (const m of found.slice(1)) {
      expect(m.rects).toHaveLength(2);
      const box = {
        left: Math.min(...m.rects.map((r) => r.x)),
        top: Math.min(...m.rects.map((r) => r.y)),
        right: Math.max(...m.rects.map((r) => r.x + r.width)),
        bottom: Math.max(...m.rects.map((r) => r.y + r.height)),
      };
      // Each L spans `length` on both arms, `thickness` thick, its outer corner `inset` from the paper's corner.
      expect(box.right - box.left).toBeCloseTo(mm(20), 6);
      expect(box.bottom - box.top).toBeCloseTo(mm(20), 6);
      expect(Math.min(...m.rects.map((r) => Math.min(r.width, r.height)))).toBeCloseTo(mm(0.5), 6);
      if (m.corner.endsWith('right')) expect(page.width - box.right).toBeCloseTo(mm(10), 6);
      else expect(box.left).toBeCloseTo(mm(10), 6);
      if (m.corner.startsWith('bottom')) expect(page.height - box.bottom).toBeCloseTo(mm(10), 6);
      else expect(box.top).toBeCloseTo(mm(10), 6);
    }
    // Other numbers, as the options give them.
    const other = registrationMarks(page, { inset: mm(15.875), square: mm(6), length: mm(10), thickness: mm(1) });
    expect(other[0]!.rects[0]).toEqual({ x: mm(15.875), y: mm(15.875), width: mm(6), height: mm(6) });
    expect(registrationItems(page, marks).every((i) => i.type === 'rect' && i.fill === '#000000')).toBe(true);
  });

  it('writes an SVG cut file whose paths are the trims, in millimetres in the sheet frame', () => {
    const req: KitRequest = { ...request('marks'), page, margin: cutterMargin(marks) };
    const sheets = packKit(req);
    for (const sheet of sheets) {
      const cuts = sheet.pieces.map((p) => ({ trim: p.trim, shape: SETS.find((s) => s.id === p.set)!.shape, cornerRadius: SETS.find((s) => s.id === p.set)!.cornerRadius }));
      const svg = cutFileSvg(page, cuts, marks);
      expect(svg).toContain(`width="215.9mm" height="279.4mm" viewBox="0 0 215.9 279.4"`);
      const cutLayer = svg.slice(svg.indexOf('<g id="cut"'));
      const shapes = [...cutLayer.matchAll(/<(rect|ellipse|polygon) ([^>]*)\/>/g)];
      expect(shapes).toHaveLength(cuts.length);
      shapes.forEach((m, i) => {
        const attrs = Object.fromEntries([...m[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
        const t = cuts[i]!.trim;
        const at = (v: number) => Math.round(pointsToMm(v) * 1000) / 1000;
        if (m[1] === 'ellipse') {
          expect(Number(attrs['cx'])).toBeCloseTo(at(t.x + t.width / 2), 2);
          expect(Number(attrs['rx'])).toBeCloseTo(at(t.width / 2), 2);
        } else {
          expect(Number(attrs['x'])).toBe(at(t.x));
          expect(Number(attrs['y'])).toBe(at(t.y));
          expect(Number(attrs['width'])).toBe(at(t.width));
          expect(Number(attrs['height'])).toBe(at(t.height));
          if (cuts[i]!.shape === 'rounded') expect(Number(attrs['rx'])).toBe(at(mm(2)));
        }
        // Clear of the registration marks' band.
        expect(t.x).toBeGreaterThanOrEqual(mm(17) - EPS);
        expect(t.y).toBeGreaterThanOrEqual(mm(17) - EPS);
      });
    }
  });
});
