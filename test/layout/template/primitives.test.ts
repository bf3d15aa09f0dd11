import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutSet } from '../../../src/build/build-game.js';
import { checkContent } from '../../../src/content/check-content.js';
import type { GroupItem, TextItem } from '../../../src/shared/display-list.js';
import type { LayoutProblem } from '../../../src/shared/problem.js';
import { resolveGame } from '../../../src/resolve/resolve-game.js';
import { FIXTURES } from '../../helpers.js';

describe('each template primitive as display items (points, origin at the trim)', () => {
  const check = checkContent(path.join(FIXTURES, 'valid', 'primitives'));
  const game = resolveGame(check.games[0]!, 'en');
  const problems: LayoutProblem[] = [];
  const [face] = layoutSet(game, game.sets[0]!, (p) => problems.push(p));
  const [ellipse, line, pathGroup, rotated, text] = face!.list.items;

  it('has no problems and no background', () => {
    expect(problems).toEqual([]);
    expect(face!.list.background).toBeUndefined();
    expect(face!.list.items).toHaveLength(8);
  });

  it('repeat count: the group drawn 3 times, dx apart, its entry the index', () => {
    const groups = face!.list.items.slice(5) as GroupItem[];
    expect(groups.map((g) => g.transform![4])).toEqual([0, 10, 20]);
    expect(groups.map((g) => g.items.length)).toEqual([0, 1, 1]);
  });

  it('ellipse: centre and radii from its box; palette stroke; opacity', () => {
    expect(ellipse).toEqual({ type: 'ellipse', cx: 20, cy: 10, rx: 10, ry: 5, fill: '#ff0000', stroke: '#102030', strokeWidth: 1, opacity: 0.5 });
  });

  it('line: percentages of the size, black by default, dashed', () => {
    expect(line).toEqual({ type: 'line', x1: 0, y1: 25, x2: 100, y2: 25, stroke: '#000000', strokeWidth: 0.5, dash: [2, 1] });
  });

  it('path: scaled from its viewBox into its box, the stroke kept at its written width', () => {
    expect(pathGroup).toEqual({
      type: 'group',
      transform: [2, 0, 0, 2, 50, 10],
      items: [{ type: 'path', d: 'M 0 0 L 10 0 L 10 10 Z', fill: '#102030', stroke: '#00ff00', strokeWidth: 1 }],
    });
  });

  it('rotate: a group turning the element about its centre', () => {
    expect(rotated).toEqual({
      type: 'group',
      transform: [0, 1, -1, 0, 105, -35],
      items: [{ type: 'rect', x: 60, y: 30, width: 20, height: 10, fill: '#102030' }],
    });
  });

  it('text: right-aligned and sitting on the bottom of its box', () => {
    const run = (text as TextItem).runs[0]!;
    expect(run.text).toBe('A');
    expect(run.x + run.width).toBeCloseTo(100, 3);
    expect(run.baseline).toBeLessThan(50);
    expect(run.baseline).toBeGreaterThan(40);
  });
});
