import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tuckBox, tuckBoxGeometry } from '../../src/impose/tuck-box.js';
import { PAPERS } from '../../src/impose/paper.js';
import { pointsToMm, resolveLength } from '../../src/shared/lengths.js';
import type { DisplayList, TextItem } from '../../src/shared/display-list.js';
import { FIXTURES, runCli, tempDir } from '../helpers.js';
import { openPdf } from '../render/read-pdf.js';
import { pagePaths } from '../render/pdf-paths.js';

const mm = (n: number) => resolveLength(`${n}mm`);
const inMm = (points: number) => Math.round(pointsToMm(points) * 1000) / 1000;
const poker = { width: mm(63), height: mm(88) };
const art: DisplayList = { width: poker.width, height: poker.height, bleed: mm(3), background: '#223344', items: [], fonts: {} };
const label = (text: string, x: number, baseline: number): TextItem => ({ type: 'text', runs: [{ font: 'f', size: 5, color: '#000000', x, baseline, text, letterSpacing: 0, width: 0, glyphs: [] }] });
const box = (count: number, thickness: number, paper: 'a4' | 'letter') => tuckBox({ card: poker, count, thickness: mm(thickness), paper: PAPERS[paper], margin: mm(5), art, title: 'Deck', label });

describe('tuck box geometry', () => {
  it('is the card plus 1 mm play, and count × thickness + 2 mm deep', () => {
    const g = tuckBoxGeometry(poker, 54, mm(0.3));
    expect([inMm(g.width), inMm(g.height), inMm(g.depth)]).toEqual([64, 89, 18.2]);
    expect(inMm(g.panels.side1.width)).toBe(18.2);
    expect(inMm(g.panels.lid.height)).toBe(18.2);
    expect(inMm(g.panels.bottom.height)).toBe(18.2);
    expect(inMm(g.panels.front.width)).toBe(64);
    // Glue tab 9 mm + back + side + front + side; tuck flap 15 mm + lid + body + bottom.
    expect([inMm(g.outline.width), inMm(g.outline.height)]).toEqual([173.4, 140.4]);
    expect(inMm(tuckBoxGeometry(poker, 100, mm(0.5)).depth)).toBe(52);
  });

  it('puts a 54-card poker deck upright on A4 and on Letter, centred', () => {
    for (const paper of ['a4', 'letter'] as const) {
      const made = box(54, 0.3, paper);
      expect(made.ok).toBe(true);
      if (!made.ok) continue;
      expect(made.rotated).toBe(false);
      const group = made.page.items[0]!;
      expect(group.type === 'group' && group.transform).toEqual([1, 0, 0, 1, (PAPERS[paper].width - made.geometry.outline.width) / 2, (PAPERS[paper].height - made.geometry.outline.height) / 2]);
    }
  });

  it('turns a thicker box a quarter, and refuses one that fits neither way', () => {
    const thick = box(130, 0.3, 'a4');
    expect(thick.ok && thick.rotated).toBe(true);
    // The most poker cards of 0.3 mm a box holds: 153 on A4, 163 on Letter (turned).
    for (const [paper, most] of [['a4', 153], ['letter', 163]] as const) {
      expect(box(most, 0.3, paper).ok).toBe(true);
      const over = box(most + 1, 0.3, paper);
      expect(over.ok).toBe(false);
    }
  });
});

describe('a set with box: tuck', () => {
  it('writes <set>-box.pdf, listed in the manifest with its sizes, its cut outline where the geometry says', async () => {
    const out = tempDir();
    const result = await runCli(['build', path.join(FIXTURES, 'valid', 'home-print'), '--out', out, '--dpi', '20', '--paper', 'letter']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('home-print/en/deck-box.pdf');
    const manifest = JSON.parse(readFileSync(path.join(out, 'home-print', 'en', 'manifest.json'), 'utf8')) as { files: Record<string, unknown>[] };
    const entry = manifest.files.find((f) => f['path'] === 'deck-box.pdf');
    expect(entry).toMatchObject({ kind: 'tuck-box', set: 'deck', paper: 'Letter', pages: 1, cards: 54, cardThicknessMm: 0.3, insideMm: { width: 64, height: 89, depth: 18.2 }, flatMm: { width: 173.4, height: 140.4 }, turned: false });
    const pdf = await openPdf(readFileSync(path.join(out, 'home-print', 'en', 'deck-box.pdf')));
    expect(pdf.numPages).toBe(1);
    const page = await pdf.getPage(1);
    const cut = (await pagePaths(page)).filter((p) => p.paint === 'stroke').sort((a, b) => b.points.length - a.points.length)[0]!;
    const xs = cut.points.map((p) => p.x);
    const ys = cut.points.map((p) => p.y);
    expect(inMm(Math.max(...xs) - Math.min(...xs))).toBeCloseTo(173.4, 2);
    expect(inMm(Math.max(...ys) - Math.min(...ys))).toBeCloseTo(140.4, 2);
    expect(Math.min(...xs)).toBeCloseTo((612 - mm(173.4)) / 2, 2);
  });

  it('a box too thick for the paper is a too-big-for-paper error at the set\'s box: line', async () => {
    const game = path.join(tempDir(), 'home-print');
    cpSync(path.join(FIXTURES, 'valid', 'home-print'), game, { recursive: true });
    const result = await runCli(['build', game, '--out', path.join(game, '..', 'out'), '--dpi', '20', '--card-thickness', '2']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/sets\/deck\.yaml:5:6 +error +too-big-for-paper +the tuck box of the set "deck" \(54 cards of 2 mm: 357 × 324 mm flat\) does not fit on A4 paper, even turned; it needs 367 × 334 mm/);
  });
});
