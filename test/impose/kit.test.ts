import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check-content.js';
import { imposeComponents } from '../../src/impose/component-sheets.js';
import { imposeKit, KIT_MARGIN, packKit, type KitRequest, type KitSet, type KitSheet } from '../../src/impose/kit.js';
import { PAPERS } from '../../src/impose/paper.js';
import { TAB_DEPTH } from '../../src/impose/standee.js';
import { resolveGame } from '../../src/resolve/resolve-game.js';
import type { DisplayList, GroupItem } from '../../src/shared/display-list.js';
import { resolveLength } from '../../src/shared/lengths.js';
import { DEFAULT_PRINTABLE_MARGIN, sheetSides } from '../../src/shared/print-options.js';
import { ROOT } from '../helpers.js';

const mm = (n: number) => resolveLength(`${n}mm`);
const EPS = 0.01;

/** A small deterministic random generator (mulberry32), so that every run checks the same cases. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function face(width: number, height: number, bleed: number, tag: string): DisplayList {
  return { width, height, bleed, background: '#336699', items: [{ type: 'rect', x: 0, y: 0, width: 1, height: 1, fill: tag }], fonts: {} };
}

const KINDS = ['cards', 'tiles', 'tokens', 'boards'] as const;
const SHAPES = ['rectangle', 'rounded', 'circle', 'hex'] as const;

/** A random game: 1–7 sets of random sizes, counts, shapes and print modes. */
function randomSets(next: () => number): KitSet[] {
  const n = 1 + Math.floor(next() * 7);
  return Array.from({ length: n }, (_, s) => {
    const kind = KINDS[Math.floor(next() * KINDS.length)]!;
    const width = mm(kind === 'boards' ? 120 + next() * 70 : 12 + next() * 60);
    const height = mm(kind === 'boards' ? 100 + next() * 150 : 12 + next() * 80);
    const bleed = mm([0, 1.5, 3][Math.floor(next() * 3)]!);
    const sides = (['none', 'long', 'short', 'fold'] as const)[Math.floor(next() * 4)]!;
    const hasBack = sides !== 'none' || next() < 0.5;
    const count = 1 + Math.floor(next() * 30);
    return {
      id: `set${s}`,
      name: `Set ${s}`,
      kind,
      copies: Array.from({ length: count }, (_, i) => ({ front: face(width, height, bleed, `#0000${(i % 99).toString().padStart(2, '0')}`), back: hasBack ? face(width, height, bleed, '#ffffff') : undefined })),
      width,
      height,
      bleed,
      shape: SHAPES[Math.floor(next() * SHAPES.length)]!,
      cornerRadius: mm(2),
      gutter: next() < 0.5 ? 0 : mm(2 + next() * 4),
      sides,
    } satisfies KitSet;
  });
}

function request(sets: KitSet[], flip: 'long' | 'short', paper: 'a4' | 'letter' = 'a4'): KitRequest {
  return { sets, page: PAPERS[paper], margin: KIT_MARGIN, flip, backOffset: { x: 0, y: 0 }, guides: { style: 'marks', printableMargin: DEFAULT_PRINTABLE_MARGIN } };
}

/** What a piece shows on the sheet: its turned trim plus its reach, on the sheet's sides. */
function shows(p: KitSheet['pieces'][number]) {
  const sides = ['top', 'right', 'bottom', 'left'] as const;
  const r = { top: 0, right: 0, bottom: 0, left: 0 };
  sides.forEach((side, k) => (r[sides[(k + p.rotate / 90) % 4]!] = p.reach[side]));
  return { x: p.trim.x - r.left, y: p.trim.y - r.top, width: p.trim.width + r.left + r.right, height: p.trim.height + r.top + r.bottom };
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > EPS && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > EPS;

describe('the print-and-play kit packer', () => {
  for (let seed = 1; seed <= 60; seed++) {
    const flip = seed % 2 === 0 ? 'long' : 'short';
    it(`random game ${seed} (${flip} edge): no overlap, every copy once, backs behind fronts, pages as packed`, () => {
      const sets = randomSets(random(seed));
      const req = request(sets, flip, seed % 3 === 0 ? 'letter' : 'a4');
      const sheets = packKit(req);
      const { page } = req;
      // Every copy of every set, exactly once (its `count` copies), unless it cannot fit the paper at all.
      for (const set of sets) {
        const fits = [set.width, set.sides === 'fold' ? 2 * set.height : set.height];
        const fitsPaper = (a: number, b: number) => a <= page.width - 2 * KIT_MARGIN + EPS && b <= page.height - 2 * KIT_MARGIN + EPS;
        const placed = sheets.flatMap((s) => s.pieces.filter((p) => p.set === set.id).map((p) => p.copy)).sort((a, b) => a - b);
        if (fitsPaper(fits[0]!, fits[1]!) || fitsPaper(fits[1]!, fits[0]!)) expect(placed, set.id).toEqual(set.copies.map((_, i) => i));
        else expect(placed).toEqual([]);
      }
      for (const sheet of sheets) {
        sheet.pieces.forEach((p, i) => {
          // Inside the margins.
          expect(p.trim.x).toBeGreaterThanOrEqual(KIT_MARGIN - EPS);
          expect(p.trim.y).toBeGreaterThanOrEqual(KIT_MARGIN - EPS);
          expect(p.trim.x + p.trim.width).toBeLessThanOrEqual(page.width - KIT_MARGIN + EPS);
          expect(p.trim.y + p.trim.height).toBeLessThanOrEqual(page.height - KIT_MARGIN + EPS);
          // No two pieces overlap, bleed included.
          sheet.pieces.forEach((q, j) => {
            if (j > i) expect(overlap(shows(p), shows(q)), `${p.set}#${p.copy} and ${q.set}#${q.copy}: ${JSON.stringify([p, q, sets.find((s) => s.id === p.set)!.gutter, sets.find((s) => s.id === p.set)!.bleed])}`).toBe(false);
          });
          // The back lies behind the front, through the paper.
          const set = sets.find((s) => s.id === p.set)!;
          const twoSided = (set.sides === 'long' || set.sides === 'short') && set.copies[p.copy]!.back !== undefined;
          expect(p.back !== undefined).toBe(twoSided);
          if (p.back) {
            const cx = p.trim.x + p.trim.width / 2;
            const cy = p.trim.y + p.trim.height / 2;
            const bx = p.back.trim.x + p.back.trim.width / 2;
            const by = p.back.trim.y + p.back.trim.height / 2;
            if (flip === 'long') {
              expect(bx).toBeCloseTo(page.width - cx, 6);
              expect(by).toBeCloseTo(cy, 6);
              expect(p.back.rotate).toBe((360 - p.rotate) % 360);
            } else {
              expect(bx).toBeCloseTo(cx, 6);
              expect(by).toBeCloseTo(page.height - cy, 6);
              expect(p.back.rotate).toBe((540 - p.rotate) % 360);
            }
          }
        });
        // Backs do not overlap either.
        const backs = sheet.pieces.filter((p) => p.back).map((p) => p.back!.trim);
        backs.forEach((a, i) => backs.forEach((b, j) => j > i && expect(overlap(a, b)).toBe(false)));
        expect(sheet.duplex).toBe(sheet.pieces.some((p) => p.back));
      }
      // The pages are the packer's sheets: a front page each, and a back page for each duplex sheet.
      const kit = imposeKit(req, sheets);
      expect(kit.pages).toHaveLength(sheets.reduce((n, s) => n + (s.duplex ? 2 : 1), 0));
      let at = 0;
      for (const sheet of sheets) {
        expect(kit.pages[at]!.items.filter((i): i is GroupItem => i.type === 'group')).toHaveLength(sheet.pieces.length);
        if (sheet.duplex) expect(kit.pages[at + 1]!.items.filter((i) => i.type === 'group')).toHaveLength(sheet.pieces.filter((p) => p.back).length);
        at += sheet.duplex ? 2 : 1;
      }
    });
  }

  it('puts poker cards 9 to an A4 sheet, as their own sheets do, and small tokens of three sets on one sheet', () => {
    const cards = randomSets(random(1))[0]!;
    const poker: KitSet = { ...cards, id: 'cards', kind: 'cards', width: mm(63), height: mm(88), bleed: mm(3), shape: 'rectangle', gutter: 0, sides: 'long', copies: Array.from({ length: 18 }, () => ({ front: face(mm(63), mm(88), mm(3), '#000000'), back: face(mm(63), mm(88), mm(3), '#ffffff') })) };
    const token = (id: string, size: number, count: number): KitSet => ({ ...poker, id, kind: 'tokens', width: mm(size), height: mm(size), bleed: mm(1.5), shape: 'circle', gutter: mm(2), copies: Array.from({ length: count }, () => ({ front: face(mm(size), mm(size), mm(1.5), '#000000'), back: face(mm(size), mm(size), mm(1.5), '#ffffff') })) });
    const sheets = packKit(request([poker, token('a', 16, 20), token('b', 18, 20), token('c', 20, 20)], 'long'));
    expect(sheets.map((s) => s.pieces.length)).toEqual([9, 9, 60]);
    expect(new Set(sheets[2]!.pieces.map((p) => p.set))).toEqual(new Set(['a', 'b', 'c']));
  });
});

describe('the kit of each game in content/', () => {
  const check = checkContent(path.join(ROOT, 'content'));
  for (const loaded of check.games) for (const paperName of ['a4', 'letter'] as const) {
    const paper = PAPERS[paperName];
    it(`${loaded.data!.id} takes fewer sheets of ${paperName} than its sets printed apart`, () => {
      const game = resolveGame(loaded, 'en');
      const sets: KitSet[] = game.sets.map((set) => {
        const strip = set.kind === 'standees';
        const copies = set.items.flatMap((item) =>
          Array.from({ length: item.count }, () => ({ front: face(set.width, set.height, set.bleed, '#000000'), back: set.back && !strip ? face(set.width, set.height, set.bleed, '#ffffff') : undefined })),
        );
        return { id: set.id, name: set.name, kind: set.kind, copies, width: set.width, height: strip ? 2 * set.height + 2 * TAB_DEPTH : set.height, bleed: set.bleed, shape: strip ? 'rectangle' : set.shape, cornerRadius: set.cornerRadius, gutter: set.gutter, sides: strip ? 'none' : sheetSides(set.print, 'long') };
      });
      const kit = packKit(request(sets, 'long', paperName));
      const apart = sets.reduce((n, set, i) => {
        const imposed = imposeComponents({ copies: set.copies, width: set.width, height: set.height, bleed: set.bleed, shape: set.shape, cornerRadius: set.cornerRadius, page: paper, duplex: set.sides, gutter: set.gutter, margin: game.sets[i]!.margin, backOffset: { x: 0, y: 0 } });
        const twoSided = set.sides === 'long' || set.sides === 'short';
        return n + (twoSided && set.copies.some((c) => c.back) ? imposed.pages.length / 2 : imposed.pages.length);
      }, 0);
      // Every copy is in the kit.
      expect(kit.reduce((n, s) => n + s.pieces.length, 0)).toBe(sets.reduce((n, s) => n + s.copies.length, 0));
      console.log(`${game.id}: component sheets of ${paperName} apart ${apart}, in the kit ${kit.length}`);
      expect(kit.length).toBeLessThan(apart);
    });
  }
});
