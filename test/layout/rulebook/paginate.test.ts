import { describe, expect, it } from 'vitest';
import { paginate } from '../../../src/layout/rulebook/paginate.js';
import type { Frame, Slice } from '../../../src/layout/rulebook/slice.js';

/** A 10 pt high slice named `text`. */
function slice(text: string, extra: Partial<Slice> = {}): Slice {
  return { kind: 'line', height: 10, spaceBefore: 0, items: [], fonts: {}, keepWithNext: false, text, ...extra };
}

const pagesOf = (slices: Slice[], height: number) => paginate(slices, height).map((p) => p.placed.map((s) => s.slice.text));

describe('paginate: cutting slices into pages', () => {
  it('fills a page as long as slices fit, dropping the room above a slice at the top of a page', () => {
    const slices = ['a', 'b', 'c', 'd', 'e'].map((t) => slice(t, { spaceBefore: 2 }));
    const pages = paginate(slices, 35);
    expect(pages.map((p) => p.placed.map((s) => [s.slice.text, s.y]))).toEqual([
      [['a', 0], ['b', 12], ['c', 24]],
      [['d', 0], ['e', 12]],
    ]);
  });

  it('breaks before the chain of slices kept with the next one', () => {
    const slices = [slice('a'), slice('b'), slice('head', { keepWithNext: true }), slice('c1', { keepWithNext: true }), slice('c2')];
    expect(pagesOf(slices, 40)).toEqual([['a', 'b'], ['head', 'c1', 'c2']]);
  });

  it('breaks where the page is full when a whole page is one unbreakable chain', () => {
    const slices = ['a', 'b', 'c', 'd', 'e'].map((t) => slice(t, { keepWithNext: true }));
    expect(pagesOf(slices, 30)).toEqual([['a', 'b', 'c'], ['d', 'e']]);
  });

  it('starts a new page at an explicit break, even with room left', () => {
    expect(pagesOf([slice('a'), slice('b', { breakBefore: true }), slice('c')], 100)).toEqual([['a'], ['b', 'c']]);
  });

  it('repeats a table header at the top of a page that starts inside the table', () => {
    const header = slice('H', { kind: 'row', keepWithNext: true });
    const rows = ['r1', 'r2', 'r3', 'r4'].map((t) => slice(t, { kind: 'row', repeatHeader: header }));
    const pages = paginate([header, ...rows], 30);
    expect(pages.map((p) => p.placed.map((s) => [s.slice.text, s.y, s.repeated ?? false]))).toEqual([
      [['H', 0, false], ['r1', 10, false], ['r2', 20, false]],
      [['H', 0, true], ['r3', 10, false], ['r4', 20, false]],
    ]);
  });

  it('reserves the padding of a sidebar frame above and below its slices on each page', () => {
    const frame: Frame = { x: 0, width: 100, pad: 3, fill: '#eeeeee', stroke: '#000000' };
    const slices = [slice('a'), slice('s1', { frame, spaceBefore: 5 }), slice('s2', { frame }), slice('s3', { frame }), slice('b', { spaceBefore: 2 })];
    const pages = paginate(slices, 40);
    // a 0–10; gap 5, pad 3: s1 18–28; s2 28–38 + pad 3 = 41 > 40: s2 goes on.
    expect(pages[0]!.placed.map((s) => [s.slice.text, s.y])).toEqual([['a', 0], ['s1', 18]]);
    expect(pages[0]!.frames.map((f) => [f.top, f.bottom])).toEqual([[15, 31]]);
    // next page: pad 3 at the top, s2 3–13, s3 13–23, pad to 26, then b after its 2 pt gap.
    expect(pages[1]!.placed.map((s) => [s.slice.text, s.y])).toEqual([['s2', 3], ['s3', 13], ['b', 28]]);
    expect(pages[1]!.frames.map((f) => [f.top, f.bottom])).toEqual([[0, 26]]);
  });

  it('shrinks an image (down to its minScale) to use the end of a page, keeping its caption with it', () => {
    const image = slice('img', { kind: 'image', height: 50, minScale: 0.6, keepWithNext: true, items: [{ type: 'image', x: 0, y: 0, width: 100, height: 50, source: { kind: 'png', naturalWidth: 2, naturalHeight: 1 } }] });
    const pages = paginate([slice('a'), slice('b'), image, slice('caption')], 60);
    expect(pagesOf([slice('a'), slice('b'), image, slice('caption')], 60)).toEqual([['a', 'b', 'img', 'caption']]);
    const placed = pages[0]!.placed[2]!.slice;
    expect(placed.height).toBe(30);
    expect(placed.items[0]).toMatchObject({ x: 20, width: 60, height: 30 });
    // Below 60 %: the image goes to the next page whole.
    expect(pagesOf([slice('a'), slice('b'), slice('c'), image, slice('caption')], 60)).toEqual([['a', 'b', 'c'], ['img', 'caption']]);
  });
});
