import { describe, expect, it } from 'vitest';
import { pathDataProblem } from '../../src/content/path-data.js';

describe('SVG path data', () => {
  it.each(['M 0 0 L 10 0 L 10 10 Z', 'M0,0h10v10z', 'm 1 1 c 1 2 3 4 5 6 s 1 2 3 4 q 1 1 2 2 t 3 3 a 5 5 0 0 1 10 10 z', 'M 0 0 L 1 1 2 2 3 3'])('%s is fine', (d) => {
    expect(pathDataProblem(d)).toBeUndefined();
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
