import { describe, expect, it } from 'vitest';
import { chooseSize } from '../../../src/layout/text/choose-size.js';
import { layoutText } from '../../../src/layout/text/layout-text.js';
import type { TextRequest } from '../../../src/layout/text/types.js';
import { ENGLISH, fonts, MM } from './helpers.js';

const BOX = { x: 0, y: 0, width: 40 * MM, height: 40 };
const lay = (extra: Partial<TextRequest>) => layoutText({ text: ENGLISH, lang: 'en', box: BOX, size: 12, color: '#000000', fonts, ...extra });
const bottom = (layout: ReturnType<typeof lay>) => layout.lines[layout.lines.length - 1]!.baseline + 0.3 * layout.size;

describe('auto-shrink', () => {
  it('picks the largest size on the 0.25 pt grid that fits the box', () => {
    const layout = lay({ minSize: 6 });
    expect(layout.size).toBe(7);
    expect(layout.overflow).toBe(false);
    expect(bottom(layout)).toBeLessThanOrEqual(BOX.height);
    for (const line of layout.lines) expect(line.width).toBeLessThanOrEqual(BOX.width);
    // one step larger does not fit
    expect(lay({ size: layout.size + 0.25 }).overflow).toBe(true);
    expect(lay({ size: layout.size }).overflow).toBe(false);
  });

  it('keeps the size when the text fits', () => {
    expect(lay({ minSize: 6, box: { ...BOX, height: 200 } })).toMatchObject({ size: 12, overflow: false });
  });

  it('overflows at minSize when even that is too big', () => {
    const layout = lay({ minSize: 9, box: { ...BOX, height: 30 } });
    expect(layout).toMatchObject({ size: 9, overflow: true });
    expect(bottom(layout)).toBeGreaterThan(30);
  });

  it('overflows at the size itself when no minSize is given', () => {
    expect(lay({})).toMatchObject({ size: 12, overflow: true });
  });

  it('searches the grid and includes an off-grid minSize', () => {
    const tried: number[] = [];
    const fits = (size: number) => (tried.push(size), size <= 7.3);
    expect(chooseSize({ size: 10, minSize: 7.1, fits })).toEqual({ size: 7.25, fits: true });
    expect(tried.length).toBeLessThanOrEqual(6);
    expect(chooseSize({ size: 10, minSize: 7.1, fits: (s) => s <= 7.1 })).toEqual({ size: 7.1, fits: true });
    expect(chooseSize({ size: 10, minSize: 7.1, fits: () => false })).toEqual({ size: 7.1, fits: false });
  });
});
