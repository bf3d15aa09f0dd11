import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createCanvas, Path2D } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { pointInPath, readPathShape } from '../../src/layout/legibility/path-shape.js';

const PATHS = [
  'M 10 10 L 90 10 L 90 60 Z',
  'm10 10 h80 v50 h-80 z m 20 10 l 10 0 l 0 10 z',
  'M0 0 C 50 -40 100 40 150 0 S 250 40 300 0 L 300 100 L 0 100 Z',
  'M 20 80 Q 60 0 100 80 T 180 80 Z',
  'M5,5 q40-30 80,0 t80,0 t80,0 v40 h-240z',
  'M10 50c0-20 20-40 40-40s40 20 40 40-20 40-40 40-40-20-40-40z',
  'M 0 0 L 10 0 L 10 10 Z M 100 100 L 110 100 L 110 110 Z',
  'M1e1 1e1L2.5.5 30 30z',
  // Arcs: a ring (two circles, one inside the other), a rotated ellipse, radii too small for their ends, flags with nothing between.
  'M 150 10 A 60 60 0 1 1 149.9 10 Z M 150 40 A 30 30 0 1 0 150.1 40 Z',
  'M 20 100 a 80 30 30 0 1 200 0 a 80 30 30 0 1 -200 0 z',
  'M 0 150 A 5 5 0 0 1 120 150 Z',
  'M40 120a50 50 0 1130 10l20-60z',
  // Drawing on after a Z without an M: the second triangle starts where the first did.
  'M 200 20 L 260 20 L 230 60 Z L 170 80 L 230 80 Z',
];

const STEPS = [-0.5, -0.25, 0, 0.25, 0.5];
const OFFSETS = STEPS.flatMap((dx) => STEPS.map((dy) => [dx, dy] as const));

/** Real art: a few game-icons, each one path. */
function icons(): string[] {
  const file = createRequire(import.meta.url).resolve('@iconify-json/game-icons/icons.json');
  const set = JSON.parse(readFileSync(file, 'utf8')) as { icons: Record<string, { body: string }> };
  return ['skull-crossed-bones', 'crossed-swords', 'heart-organ', 'castle', 'dice-six-faces-six'].map((name) => /\sd="([^"]+)"/.exec(set.icons[name]!.body)![1]!);
}

describe('the shape of path data', () => {
  it('has the box of what it fills: curves where they reach, not their control points', () => {
    expect(readPathShape('M 10 10 L 90 10 L 90 60 Z')!.box).toEqual({ minX: 10, minY: 10, maxX: 90, maxY: 60 });
    expect(readPathShape('m10 10 h80 v50 h-80 z m 20 10 l 10 0 l 0 10 z')!.box).toEqual({ minX: 10, minY: 10, maxX: 90, maxY: 60 });
    // Control points at y = -40 and 40 pull the curve to about ±11.5.
    const curve = readPathShape('M0 0 C 50 -40 100 40 150 0')!.box;
    expect([curve.minX, curve.maxX]).toEqual([0, 150]);
    expect(curve.minY).toBeCloseTo(-11.5, 0);
    expect(curve.maxY).toBeCloseTo(11.5, 0);
    // A half circle of radius 10 bulges 10 past its ends.
    const arc = readPathShape('M 0 0 A 10 10 0 0 1 20 0 Z')!.box;
    expect(arc.minY).toBeCloseTo(-10, 6);
    expect([arc.minX, arc.maxX, arc.maxY]).toEqual([0, 20, 0]);
  });

  it('reads none from data that does not read plainly: it fills nothing', () => {
    for (const d of ['L 10 10', 'M 0 0 L 10', 'M 0 0 X 1 2', 'M 0 0 A 1 1 0 2 0 5 5', '']) expect(readPathShape(d), d).toBeUndefined();
  });

  it('finds inside what Skia finds inside, under both fill rules, but at the very edge', () => {
    const probe = createCanvas(1, 1).getContext('2d');
    let points = 0;
    let inside = 0;
    let differing = 0;
    for (const [d, scale] of [...PATHS.map((p) => [p, 1] as const), ...icons().map((p) => [p, 0.6] as const)]) {
      const shape = readPathShape(d)!;
      // Read whole: at least one closed polygon, each of three points or more, every edge counted.
      expect(shape.polygons.length, d).toBeGreaterThan(0);
      expect(shape.polygons.every((p) => p.length >= 6), d).toBe(true);
      expect(shape.edges, d).toBe(shape.polygons.reduce((n, p) => n + p.length / 2, 0));
      const path = new Path2D(d);
      const skia = (x: number, y: number, rule: 'nonzero' | 'evenodd') => probe.isPointInPath(path, x, y, rule);
      for (let gx = -60; gx <= 360; gx += 2.5) {
        for (let gy = -60; gy <= 320; gy += 2.5) {
          const [x, y] = [gx / scale, gy / scale];
          for (const rule of ['nonzero', 'evenodd'] as const) {
            points++;
            const expected = skia(x, y, rule);
            if (expected) inside++;
            if (pointInPath(shape, x, y, rule) === expected) continue;
            differing++;
            // Only where the answer flips within half a unit (on an edge, or where a curve was cut into pieces).
            const near = OFFSETS.some(([dx, dy]) => skia(x + dx, y + dy, rule) !== expected);
            expect(near, `${d.slice(0, 40)} at ${x},${y} (${rule})`).toBe(true);
          }
        }
      }
    }
    expect(inside).toBeGreaterThan(10_000);
    // Points of the grid that fall on an edge are taken inside by one and outside by the other.
    expect(differing / points).toBeLessThan(0.005);
  });
});
