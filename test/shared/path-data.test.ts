import { Path2D } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { pathDataProblem } from '../../src/shared/path-data.js';

describe('SVG path data', () => {
  it.each(['M 0 0 L 10 0 L 10 10 Z', 'M0,0h10v10z', 'm 1 1 c 1 2 3 4 5 6 s 1 2 3 4 q 1 1 2 2 t 3 3 a 5 5 0 0 1 10 10 z', 'M 0 0 L 1 1 2 2 3 3', 'M0 0a5 5 0 0110 10', 'M0 0 A 5 5 0 1,1 10-5 a1 1 0 1 0 .5.5'])('%s is fine', (d) => {
    expect(pathDataProblem(d)).toBeUndefined();
    // Skia, which draws the PNGs, reads it too.
    expect(() => new Path2D(d)).not.toThrow();
  });

  it.each([
    ['M 0 0 A 5 5 0 2 1 10 10', /the flags of an arc \("A": its 4th and 5th numbers\) are 0 or 1, found "2"/],
    ['M 0 0 a 5 5 0 1 -1 10 10', /are 0 or 1, found "-1"/],
    ['M 0 0 A 5 5 0 10 1 10 10', /"A" takes 7 numbers \(or a multiple\), found 8/],
  ])('%s is refused, as Skia refuses it (an arc flag is one digit, 0 or 1)', (d, message) => {
    expect(pathDataProblem(d)).toMatch(message);
    expect(() => new Path2D(d)).toThrow();
  });

  it.each([
    ['hello world', /"e" cannot stand in path data/],
    ['M 0 0 L 10', /"L" takes 2 numbers \(or a multiple\), found 1/],
    ['L 0 0', /starts with a move/],
    ['0 0 L 1 1', /starts with a command/],
    ['M 0 0 Z 3', /"Z" takes no numbers, found 1/],
    ['M 0 0 # 1', /"#" cannot stand/],
    ['', /no commands/],
  ])('%s is refused', (d, message) => {
    expect(pathDataProblem(d)).toMatch(message);
  });
});
