import { createCanvas, Path2D } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { pathBounds } from '../../src/layout/legibility/path-bounds.js';

const PATHS = [
  'M 10 10 L 90 10 L 90 60 Z',
  'm10 10 h80 v50 h-80 z m 20 10 l 10 0 l 0 10 z',
  'M0 0 C 50 -40 100 40 150 0 S 250 40 300 0 L 300 100 L 0 100 Z',
  'M 20 80 Q 60 0 100 80 T 180 80 Z',
  'M5,5 q40-30 80,0 t80,0 t80,0 v40 h-240z',
  'M10 50c0-20 20-40 40-40s40 20 40 40-20 40-40 40-40-20-40-40z',
  'M 0 0 L 10 0 L 10 10 Z M 100 100 L 110 100 L 110 110 Z',
  'M1e1 1e1L2.5.5 30 30z',
];

describe('the box of path data', () => {
  it('holds every end and control point, smooth curves reflected', () => {
    expect(pathBounds('M 10 10 L 90 10 L 90 60 Z')).toEqual({ minX: 10, minY: 10, maxX: 90, maxY: 60 });
    expect(pathBounds('m10 10 h80 v50 h-80 z m 20 10 l 10 0 l 0 10 z')).toEqual({ minX: 10, minY: 10, maxX: 90, maxY: 60 });
    // The curve pulls up to y = -40 though it never reaches it: the box is of its control points.
    expect(pathBounds('M0 0 C 50 -40 100 40 150 0')).toEqual({ minX: 0, minY: -40, maxX: 150, maxY: 40 });
    // T reflects the control point of Q (60, 0) about (100, 80): (140, 160).
    expect(pathBounds('M 20 80 Q 60 0 100 80 T 180 80')).toEqual({ minX: 20, minY: 0, maxX: 180, maxY: 160 });
    expect(pathBounds('M1e1 1e1L2.5.5 30 30z')).toEqual({ minX: 2.5, minY: 0.5, maxX: 30, maxY: 30 });
  });

  it('has none for arcs or data that does not read plainly', () => {
    expect(pathBounds('M 0 0 A 10 10 0 0 1 20 0 Z')).toBeUndefined();
    expect(pathBounds('L 10 10')).toBeUndefined();
    expect(pathBounds('M 0 0 L 10')).toBeUndefined();
    expect(pathBounds('M 0 0 X 1 2')).toBeUndefined();
  });

  it('leaves out no point that Skia finds inside the path', () => {
    const probe = createCanvas(1, 1).getContext('2d');
    let inside = 0;
    let outsideBox = 0;
    for (const d of PATHS) {
      const box = pathBounds(d)!;
      const path = new Path2D(d);
      for (let x = -60; x <= 360; x += 2.5) {
        for (let y = -60; y <= 200; y += 2.5) {
          const hit = probe.isPointInPath(path, x, y, 'nonzero') || probe.isPointInPath(path, x, y, 'evenodd');
          const inBox = x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY;
          if (hit) inside++;
          if (!inBox) outsideBox++;
          if (hit) expect(inBox, `${d} at ${x},${y}`).toBe(true);
        }
      }
    }
    expect(inside).toBeGreaterThan(1000);
    expect(outsideBox).toBeGreaterThan(1000);
  });
});
