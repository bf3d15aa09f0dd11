import { describe, expect, it } from 'vitest';
import { fitColumns } from '../../../src/layout/rulebook/fit-columns.js';

describe('fitColumns', () => {
  it('gives natural widths and shares the rest in proportion when everything fits', () => {
    expect(fitColumns({ natural: [20, 60], minimum: [10, 30], width: 160 })).toEqual([40, 120]);
  });

  it('gives each column its longest word, the rest by how much more it wants', () => {
    // minimum 40, room 60 more, wants 10 and 110: shares 5 and 55.
    expect(fitColumns({ natural: [20, 140], minimum: [10, 30], width: 100 })).toEqual([15, 85]);
  });

  it('keeps short columns whole and squeezes the wide one when even the longest words do not fit', () => {
    expect(fitColumns({ natural: [14, 14, 230], minimum: [14, 14, 230], width: 143 })).toEqual([14, 14, 115]);
  });
});
