import * as zlib from 'node:zlib';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// deflateRawSync counted by what it is asked: a piece of the PNG ends on a sync flush, a sample
// deflated to compare the two ways does not.
const samples = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:zlib', async (original) => {
  const real = await original<typeof zlib>();
  return {
    ...real,
    deflateRawSync: (data: zlib.InputType, options?: zlib.ZlibOptions) => {
      if (options?.finishFlush === undefined) samples.count++;
      return real.deflateRawSync(data, options);
    },
  };
});

const { encodePng, longMatchShare } = await import('../../src/shared/png-write.js');

/** The filter byte of each row of a PNG of `width` RGB pixels a row. */
function rowFilters(png: Buffer, width: number): number[] {
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const stream = zlib.inflateSync(Buffer.concat(idat));
  const line = 1 + width * 3;
  return Array.from({ length: stream.length / line }, (_, y) => stream[y * line]!);
}

/** 40 rows of 400 px (1 200 B): fresh noise, then its first `repeat` bytes again; no row like the one above. */
function rowsOf(repeat: number): Buffer {
  let seed = 99;
  const data = Buffer.alloc(400 * 40 * 3);
  for (let y = 0; y < 40; y++) {
    const row = data.subarray(y * 1200, (y + 1) * 1200);
    for (let i = 0; i < 1200 - repeat; i++) row[i] = (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) >>> 24;
    row.copy(row, 1200 - repeat, 0, repeat);
  }
  return data;
}

describe('whether a piece of a PNG repeats along its rows', () => {
  beforeEach(() => {
    samples.count = 0;
  });

  const encoded = (data: Buffer) => encodePng({ data, width: 400, height: 40, channels: 3 }, { color: 'rgb' });

  it('is told without deflating its sample when 40 % or more of it repeats earlier bytes in long runs', () => {
    expect(longMatchShare(rowsOf(504))).toBeCloseTo(0.42, 2);
    const png = encoded(rowsOf(504));
    expect(samples.count).toBe(0);
    expect(new Set(rowFilters(png, 400))).toEqual(new Set([0]));
  });

  it('is told by deflating its sample both ways when between 5 and 40 % of it does: unfiltered when smaller so', () => {
    expect(longMatchShare(rowsOf(456))).toBeCloseTo(0.38, 2);
    const png = encoded(rowsOf(456));
    expect(samples.count).toBe(2);
    expect(new Set(rowFilters(png, 400))).toEqual(new Set([0]));
  });

  it('is not when its sample, deflated both ways, comes out smaller Up-filtered', () => {
    // Every row the one above it plus one: Up-filtered, all ones; a quarter of each row repeats its start.
    const base = rowsOf(300).subarray(0, 1200);
    const data = Buffer.alloc(400 * 40 * 3);
    for (let y = 0; y < 40; y++) for (let i = 0; i < 1200; i++) data[y * 1200 + i] = (base[i]! + y) & 255;
    expect(longMatchShare(data.subarray(1200 * 10, 1200 * 24))).toBeCloseTo(0.25, 1);
    const png = encoded(data);
    expect(samples.count).toBe(2);
    expect(new Set(rowFilters(png, 400))).toEqual(new Set([2]));
  });

  it('is not, and its sample is not deflated, when hardly any of it repeats (painted art)', () => {
    const png = encoded(rowsOf(0));
    expect(samples.count).toBe(0);
    expect(new Set(rowFilters(png, 400))).toEqual(new Set([2]));
  });
});
