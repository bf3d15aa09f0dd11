import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deflateRows, encodePng, encodeStraightPng, joinPng, longMatchShare, opaqueRgb } from '../../src/shared/png-write.js';

const RGB = { color: 'rgb' } as const;

/** The chunks of a PNG file, in order. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const out: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    out.push({ type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return out;
}

/** The filter byte of each row: the zlib stream of the IDAT chunks inflated (its Adler-32 checked by zlib). */
function rowFilters(png: Buffer, width: number, channels: number): number[] {
  const stream = inflateSync(Buffer.concat(chunks(png).filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const line = 1 + width * channels;
  expect(stream.length % line).toBe(0);
  return Array.from({ length: stream.length / line }, (_, y) => stream[y * line]!);
}

/** A card-like picture: `art` rows of noisy, painted colour on top, flat cream with a few dark strokes below. */
function picture(width: number, height: number, art: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  let seed = 12_345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      if (y < art) {
        seed = (seed * 1_103_515_245 + 12_345) >>> 0;
        const noise = (seed >>> 27) - 16;
        data[at] = 120 + ((x + y) % 90) + noise;
        data[at + 1] = 80 + ((x * 3) % 60) + noise;
        data[at + 2] = 60 + ((y * 5) % 70) - noise;
      } else {
        const ink = x % 97 < 3 && y % 50 < 30;
        data.fill(ink ? 30 : 245, at, at + 3);
        if (!ink) data[at + 2] = 225;
      }
    }
  }
  return data;
}

async function decoded(png: Buffer) {
  return sharp(png).raw().toBuffer({ resolveWithObject: true });
}

describe('the PNG writer', () => {
  it('writes pixels a decoder reads back exactly, art rows Up-filtered and flat rows unfiltered, across pieces', async () => {
    // 600 px wide, 1801 B a row: 73 rows a piece, so the 300 rows are five pieces, the art in the first two.
    const width = 600;
    const height = 300;
    const data = picture(width, height, 146);
    const png = encodePng({ data, width, height, channels: 3 }, RGB);
    const back = await decoded(png);
    expect([back.info.width, back.info.height, back.info.channels]).toEqual([600, 300, 3]);
    expect(back.data.equals(data)).toBe(true);
    const filters = rowFilters(png, width, 3);
    // The first row: Up against the zeros above the image. Pieces of 73 rows: 0–72 and 73–145 art, the rest flat.
    expect(filters.slice(0, 146).every((f) => f === 2)).toBe(true);
    expect(filters.slice(146).every((f) => f === 0)).toBe(true);
    // The same pixels, the same bytes.
    expect(encodePng({ data: Buffer.from(data), width, height, channels: 3 }, RGB).equals(png)).toBe(true);
  });

  it('leaves painted art that repeats along its rows unfiltered (a deck sheet\'s cards side by side), and other painted art Up-filtered', async () => {
    // One painted tile, 200 px wide, four times side by side: 2 400 B a row, a repeat every 600 B.
    const tile = picture(200, 146, 146);
    const sheet = Buffer.alloc(800 * 146 * 3);
    for (let y = 0; y < 146; y++) for (let k = 0; k < 4; k++) tile.copy(sheet, (y * 800 + k * 200) * 3, y * 600, (y + 1) * 600);
    const repeating = encodePng({ data: sheet, width: 800, height: 146, channels: 3 }, RGB);
    expect((await decoded(repeating)).data.equals(sheet)).toBe(true);
    expect(new Set(rowFilters(repeating, 800, 3))).toEqual(new Set([0]));
    // Its rows deflated unfiltered, long matches reaching back a tile: under half the size of the same sheet Up-filtered.
    const painted = encodePng({ data: picture(800, 146, 146), width: 800, height: 146, channels: 3 }, RGB);
    expect(new Set(rowFilters(painted, 800, 3))).toEqual(new Set([2]));
    expect(repeating.length).toBeLessThan(painted.length / 2);
  });

  it('writes one picture after another, wider or narrower, each PNG whole and its own once the next is made', async () => {
    const first = picture(600, 300, 146);
    const wide = picture(1500, 120, 60);
    const narrow = picture(40, 700, 350);
    const pngs = [
      encodePng({ data: first, width: 600, height: 300, channels: 3 }, RGB),
      encodePng({ data: wide, width: 1500, height: 120, channels: 3 }, RGB),
      encodePng({ data: narrow, width: 40, height: 700, channels: 3 }, RGB),
    ];
    const again = encodePng({ data: first, width: 600, height: 300, channels: 3 }, RGB);
    expect(again.equals(pngs[0]!)).toBe(true);
    expect((await decoded(pngs[0]!)).data.equals(first)).toBe(true);
    expect((await decoded(pngs[1]!)).data.equals(wide)).toBe(true);
    expect((await decoded(pngs[2]!)).data.equals(narrow)).toBe(true);
  });

  it('tells how much of a sample repeats earlier bytes in runs of 8 or more', () => {
    let seed = 7;
    const noise = Buffer.from(Array.from({ length: 16_384 }, () => ((seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) >>> 24)));
    expect(longMatchShare(noise)).toBeLessThan(0.01);
    // Four times the same 4 096 bytes: the last three repeat the first.
    const repeated = Buffer.concat([noise.subarray(0, 4096), noise.subarray(0, 4096), noise.subarray(0, 4096), noise.subarray(0, 4096)]);
    expect(longMatchShare(repeated)).toBeCloseTo(0.75, 2);
    // Runs of 7 repeated bytes are too short to count; of 8, they count.
    const runs = (length: number) => Buffer.concat(Array.from({ length: 64 }, (_, k) => Buffer.concat([noise.subarray(0, length), noise.subarray(100 + k * 40, 140 + k * 40)])));
    expect(longMatchShare(runs(7))).toBeLessThan(0.03);
    expect(longMatchShare(runs(8))).toBeGreaterThan(0.15);
  });

  it('makes painted rows smaller than deflating them unfiltered at sharp\'s level 9', async () => {
    const width = 600;
    const data = picture(width, 146, 146);
    const ours = encodePng({ data, width, height: 146, channels: 3 }, RGB).length;
    const level9 = (await sharp(data, { raw: { width, height: 146, channels: 3 } }).png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer()).length;
    expect(ours).toBeLessThan(level9 * 0.9);
  });

  it('writes premultiplied RGBA with straight alpha, and drops the alpha of an opaque picture', async () => {
    // Half-transparent red, nothing, opaque blue, a quarter-opaque grey as Skia keeps them (premultiplied).
    const data = Buffer.from([128, 0, 0, 128, 0, 0, 0, 0, 0, 0, 255, 255, 32, 32, 32, 64]);
    const png = encodePng({ data, width: 2, height: 2, channels: 4 }, { color: 'rgba', premultiplied: true });
    const back = await decoded(png);
    expect(back.info.channels).toBe(4);
    expect([...back.data]).toEqual([255, 0, 0, 128, 0, 0, 0, 0, 0, 0, 255, 255, 128, 128, 128, 64]);
    const opaque = Buffer.from([10, 20, 30, 255, 40, 50, 60, 255]);
    const rgb = await decoded(encodePng({ data: opaque, width: 2, height: 1, channels: 4 }, RGB));
    expect(rgb.info.channels).toBe(3);
    expect([...rgb.data]).toEqual([10, 20, 30, 40, 50, 60]);
    // Any width: four pixels at a time, then the ones left (7 = 4 + 3), from a buffer that does not start on a word (copied byte by byte).
    const wide = Buffer.from(Array.from({ length: 7 * 3 * 4 }, (_, i) => (i % 4 === 3 ? 255 : (i * 37) & 0xff)));
    const rgbOf = (rgba: Buffer) => [...rgba].filter((_, i) => i % 4 !== 3);
    for (const data of [wide, Buffer.concat([Buffer.alloc(1), wide]).subarray(1)]) {
      const read = await decoded(encodePng({ data, width: 7, height: 3, channels: 4 }, RGB));
      expect([...read.data]).toEqual(rgbOf(wide));
    }
    // Straight RGBA (sharp's raw output) is written as it is.
    const straight = await decoded(encodeStraightPng({ data: Buffer.from([255, 0, 0, 128]), width: 1, height: 1, channels: 4 }));
    expect([...straight.data]).toEqual([255, 0, 0, 128]);
  });

  it('turns opaque RGBA into RGB, four pixels at a time and the rest one by one, from aligned bytes or not', () => {
    for (const count of [1, 4, 7, 409 * 3]) {
      for (const offset of [0, 1, 4]) {
        const memory = Buffer.alloc(offset + count * 4);
        const rgba = memory.subarray(offset);
        for (let i = 0; i < count; i++) rgba.set([(i * 3) & 255, (i * 5 + 1) & 255, (i * 7 + 2) & 255, 255], i * 4);
        const expected = Buffer.alloc(count * 3);
        for (let i = 0; i < count; i++) expected.set([(i * 3) & 255, (i * 5 + 1) & 255, (i * 7 + 2) & 255], i * 3);
        expect(opaqueRgb(rgba, count).equals(expected)).toBe(true);
      }
    }
  });

  it('says the colours are sRGB and gives the density', async () => {
    const png = encodePng({ data: Buffer.alloc(3 * 4, 200), width: 2, height: 2, channels: 3 }, RGB, { dpi: 300 });
    const list = chunks(png);
    expect(list.map((c) => c.type)).toEqual(['IHDR', 'sRGB', 'pHYs', 'IDAT', 'IDAT', 'IDAT', 'IEND']);
    const phys = list.find((c) => c.type === 'pHYs')!.data;
    expect([phys.readUInt32BE(0), phys.readUInt32BE(4), phys[8]]).toEqual([11_811, 11_811, 1]);
    expect((await sharp(png).metadata()).density).toBe(300);
  });

  it('makes a band independent of the rows above it: its first row unfiltered, joinable under any band', async () => {
    const width = 50;
    const top = picture(width, 40, 40);
    const bottom = picture(width, 30, 30).reverse();
    const image = Buffer.concat([top, bottom]);
    const pixels = { data: image, width, height: 70, channels: 3 } as const;
    const band = deflateRows(pixels, RGB, { from: 40, to: 70, independent: true });
    const alone = deflateRows({ data: bottom, width, height: 30, channels: 3 }, RGB, { from: 0, to: 30, independent: true });
    expect(band.chunk.equals(alone.chunk)).toBe(true);
    const joined = joinPng({ width, height: 70 }, RGB, [deflateRows(pixels, RGB, { from: 0, to: 40 }), band]);
    expect((await decoded(joined)).data.equals(image)).toBe(true);
    expect(rowFilters(joined, width, 3)[40]).toBe(0);
    // Not independent, the band continues the picture: its first row Up-filtered against row 39.
    const continued = joinPng({ width, height: 70 }, RGB, [deflateRows(pixels, RGB, { from: 0, to: 40 }), deflateRows(pixels, RGB, { from: 40, to: 70 })]);
    expect((await decoded(continued)).data.equals(image)).toBe(true);
    expect(rowFilters(continued, width, 3)[40]).toBe(2);
  });
});
