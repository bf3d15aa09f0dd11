import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutSet } from '../../../src/build/build-game.js';
import { checkContent } from '../../../src/content/check-content.js';
import type { DisplayItem, GroupItem, TextItem } from '../../../src/shared/display-list.js';
import type { LayoutProblem } from '../../../src/shared/problem.js';
import { resolveGame } from '../../../src/resolve/resolve-game.js';
import { FIXTURES } from '../../helpers.js';

const MM = 72 / 25.4;

function faces(lang: string, setIndex = 0) {
  const check = checkContent(path.join(FIXTURES, 'valid', 'full-game'));
  const game = resolveGame(check.games[0]!, lang);
  const problems: LayoutProblem[] = [];
  return { faces: layoutSet(game, game.sets[setIndex]!, (p) => problems.push(p)), problems };
}

const texts = (items: DisplayItem[]): string[] =>
  items.flatMap((i) => (i.type === 'text' ? [i.runs.map((r) => r.text).join('')] : i.type === 'group' ? texts(i.items) : []));

describe('a template evaluated for an item', () => {
  const { faces: fr, problems } = faces('fr');
  const wick = fr[0]!.list;

  it('lays out every face without problems: two fronts and one shared back', () => {
    expect(problems).toEqual([]);
    expect(fr.map((f) => [f.item, f.back])).toEqual([['wick', false], ['oil', false], [undefined, true]]);
  });

  it('sizes the face from the set: 2.5 × 3.5 in with 1/8 in bleed, palette background', () => {
    expect([wick.width, wick.height, wick.bleed, wick.background]).toEqual([180, 252, 9, '#f4ecd8']);
  });

  it('replaces the base template element of the same name, keeping its place first', () => {
    expect(wick.items[0]).toEqual({
      type: 'rect', x: 8.504, y: 8.504, width: 162.992, height: 234.992, radius: 5.669, stroke: '#1d1b19', strokeWidth: 1.417,
    });
  });

  it('binds, filters (French upper case) and centres the title', () => {
    const title = wick.items[1] as TextItem;
    expect(title.runs.map((r) => r.text)).toEqual(['MÈCHE']);
    const run = title.runs[0]!;
    expect(run.font).toBe('Alegreya Sans/bold');
    expect(run.x + run.width / 2).toBeCloseTo(90, 2);
  });

  it('fits the art inside its box (contain), centred', () => {
    expect(wick.items[2]).toMatchObject({ type: 'image', x: 54.567, y: 45.354, width: 70.866, height: 70.866 });
    expect(fr[1]!.list.items.some((i) => i.type === 'image')).toBe(false);
  });

  it('repeats a group per entry, dy apart, and skips elements whose condition fails', () => {
    const groups = wick.items.filter((i): i is GroupItem => i.type === 'group');
    expect(groups.map((g) => g.transform![5])).toEqual([45 * MM, 56 * MM, 67 * MM].map((n) => Math.round(n * 1000) / 1000));
    expect(groups.map((g) => texts(g.items))).toEqual([['Crépuscule'], ['Minuit', 'Un coup de vent\u00a0: perdez 1'], ['Aube']]);
  });

  it('draws inline icons as tinted SVG images on the text line', () => {
    const midnight = wick.items.filter((i): i is GroupItem => i.type === 'group')[1]!;
    const icon = midnight.items.find((i) => i.type === 'image');
    expect(icon).toMatchObject({ type: 'image', tint: '#1d1b19', source: { kind: 'svg' } });
  });

  it('picks the English texts for the English set', () => {
    const en = faces('en').faces[0]!.list;
    expect(texts(en.items)).toContain('WICK');
    expect(texts(en.items)).toContain('Midnight');
  });

  it('draws a polygon as a closed path in points', () => {
    const polygon = wick.items.find((i) => i.type === 'path');
    expect(polygon).toEqual({ type: 'path', d: 'M 90 238.11 L 86.4 243.78 L 93.6 243.78 Z', fill: '#e0a526' });
  });
});
