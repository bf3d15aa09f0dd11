import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { KERNELS_MODULE, pngKernelsModule } from '../../scripts/png-kernels-source.js';
import { convertRows, equalWords, KERNEL_FREE, kernelMemory, upRows } from '../../src/shared/png-kernels.js';
import { deflateRows, encodePng, joinPng, longMatchShare, opaqueRgb, type PngColor, type PixelRows } from '../../src/shared/png-write.js';

/** Bytes that look random, the same every run. */
function noise(n: number, seed: number): Buffer {
  const out = Buffer.alloc(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 255;
  }
  return out;
}

/** The share of `bytes` repeating earlier bytes in runs of 8 or more, as the writer's JavaScript counted it before the kernel. */
function longMatchShareReference(bytes: Uint8Array): number {
  const lastSeen = new Int32Array(1 << 13).fill(-1);
  let covered = 0;
  for (let i = 0; i + 8 <= bytes.length; ) {
    const hash = Math.imul(bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24), 0x9e3779b1) >>> 19;
    const prior = lastSeen[hash]!;
    lastSeen[hash] = i;
    if (prior >= 0) {
      let run = 0;
      while (i + run < bytes.length && bytes[prior + run] === bytes[i + run]) run++;
      if (run >= 8) {
        covered += run;
        i += run;
        continue;
      }
    }
    i++;
  }
  return covered / bytes.length;
}

/** A PNG's rows as its zlib stream holds them (the stream inflated, its Adler-32 checked by zlib): each row's filter byte, and the rows' bytes. */
function pngRows(png: Buffer, line: number): { filters: number[]; stream: Buffer } {
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + png.readUInt32BE(at)));
  const stream = inflateSync(Buffer.concat(idat));
  return { filters: Array.from({ length: stream.length / line }, (_, y) => stream[y * line]!), stream };
}

/** The pixels a PNG's stream gives back: its rows inflated and unfiltered (filters None and Up only, as the writer uses). */
function unfiltered(png: Buffer, stride: number): Buffer {
  const line = stride + 1;
  const { filters, stream } = pngRows(png, line);
  const out = Buffer.alloc(filters.length * stride);
  filters.forEach((filter, y) => {
    expect([0, 2]).toContain(filter);
    for (let i = 0; i < stride; i++) out[y * stride + i] = (stream[y * line + 1 + i]! + (filter === 2 && y > 0 ? out[(y - 1) * stride + i]! : 0)) & 255;
  });
  return out;
}

/** Rows of `width` pixels at `at` in the kernels' memory, `line` bytes apart, back as plain arrays. */
function rowsAt(at: number, line: number, rows: number, stride: number): number[][] {
  const memory = kernelMemory(0);
  return Array.from({ length: rows }, (_, k) => [...memory.subarray(at + k * line, at + k * line + 1 + stride)]);
}

describe('the PNG writer\'s kernels', () => {
  it('png-kernels-wasm.ts is up to date (npm run kernels writes it)', async () => {
    expect(readFileSync(KERNELS_MODULE, 'utf8')).toBe(await pngKernelsModule());
  });

  it('write RGBA rows as RGB and as straight RGBA, each row its filter byte then the row, for every width', () => {
    for (const width of [1, 2, 3, 4, 5, 7, 8, 13, 17, 33, 815]) {
      const rows = 3;
      const rgba = noise(width * 4 * rows, width);
      const src = KERNEL_FREE + 64;
      const line3 = width * 3 + 1;
      const line4 = width * 4 + 1;
      const dst = src + rgba.length + 64;
      const memory = kernelMemory(dst + rows * line4 + 16);
      memory.set(rgba, src);
      convertRows('rgb', src, width * 4, dst, line3, rows, width);
      const rgb = Array.from({ length: rows }, (_, y) => [0, ...Array.from({ length: width * 3 }, (_, j) => rgba[y * width * 4 + Math.floor(j / 3) * 4 + (j % 3)]!)]);
      expect(rowsAt(dst, line3, rows, width * 3)).toEqual(rgb);
      convertRows('straight', src, width * 4, dst, line4, rows, width);
      const straight = Array.from({ length: rows }, (_, y) => [
        0,
        ...Array.from({ length: width * 4 }, (_, j) => {
          const i = y * width * 4 + j;
          const a = rgba[i - (j % 4) + 3]!;
          if (j % 4 === 3) return a;
          return a === 255 ? rgba[i]! : a === 0 ? 0 : Math.min(255, Math.round((rgba[i]! * 255) / a));
        }),
      ]);
      expect(rowsAt(dst, line4, rows, width * 4)).toEqual(straight);
    }
  });

  it('count the words equal to the word above, a row\'s last bytes as one word, and Up-filter rows in any order', () => {
    for (const stride of [1, 3, 5, 6, 7, 15, 16, 17, 31, 33, 2445]) {
      const rows = 4;
      const line = stride + 1;
      const piece = KERNEL_FREE + 256 + line;
      const memory = kernelMemory(piece + rows * line + 2 * line + 64);
      // Row −1, then rows that repeat the row above in some of their bytes.
      const above = noise(stride, stride);
      memory.set(above, piece - line + 1);
      for (let k = 0; k < rows; k++) {
        const row = Buffer.from(k === 0 ? above : memory.subarray(piece + (k - 1) * line + 1, piece + k * line));
        const changed = noise(stride, 100 * stride + k);
        for (let i = 0; i < stride; i++) if ((i * 5 + k) % 3 === 0) row[i] = changed[i]!;
        memory[piece + k * line] = 0;
        memory.set(row, piece + k * line + 1);
      }
      const rowOf = (k: number) => Buffer.from(memory.buffer, piece + k * line + 1, stride);
      const expected = (from: number) => {
        let n = 0;
        for (let k = from; k < rows; k++) for (let i = 0; i < stride; i += 4) if (rowOf(k).subarray(i, i + 4).equals(rowOf(k - 1).subarray(i, i + 4))) n++;
        return n;
      };
      expect(equalWords(piece, line, 0, rows, stride)).toBe(expected(0));
      expect(equalWords(piece, line, 1, rows, stride)).toBe(expected(1));
      // Rows 2–3 first, then 0–1: each row whole, whatever was written after it.
      const up = piece + rows * line + line;
      upRows(piece, up, line, 2, rows, stride);
      upRows(piece, up, line, 0, 2, stride);
      const filtered = Array.from({ length: rows }, (_, k) => [2, ...Array.from({ length: stride }, (_, i) => (rowOf(k)[i]! - rowOf(k - 1)[i]! + 256) % 256)]);
      expect(rowsAt(up, line, rows, stride)).toEqual(filtered);
    }
  });

  it('find long repeats as the JavaScript search did, in runs that end at the last byte or just before', () => {
    const art = noise(16_384, 7);
    const repeating = Buffer.concat([noise(900, 3), noise(900, 3), noise(13, 4), noise(900, 3).subarray(0, 511), noise(900, 3).subarray(0, 9)]);
    const tiles = Buffer.concat(Array.from({ length: 40 }, (_, i) => Buffer.concat([noise(37, 9), Buffer.from([i])])));
    for (const bytes of [art, repeating, tiles, Buffer.alloc(16_384, 128), Buffer.alloc(9, 1), Buffer.alloc(8, 1), Buffer.alloc(7, 1), noise(20, 1)]) {
      expect(longMatchShare(bytes)).toBe(longMatchShareReference(bytes));
    }
    expect(longMatchShare(repeating)).toBeGreaterThan(0.5);
  });

  it('turn opaque RGBA into RGB in chunks, the last one short', () => {
    const count = 64 * 1024 * 2 + 5;
    const rgba = noise(count * 4, 11);
    const rgb = opaqueRgb(rgba, count);
    expect(rgb.length).toBe(count * 3);
    for (const p of [0, 1, 65_535, 65_536, 65_537, count - 1]) expect([...rgb.subarray(p * 3, p * 3 + 3)]).toEqual([...rgba.subarray(p * 4, p * 4 + 3)]);
  });

  it('give the same PNG for the same pixels whatever the thread wrote before (a row\'s last bytes compared alone)', () => {
    // 8 rows of 5 463 px (16 389 bytes: 4 097 words and one byte): row 0 differs from the zeros
    // above it; each next row repeats the row above in its first 3 278 words and its last byte.
    // 7 × 3 278 + 7 = 22 953 equal words of 32 784 is flat (over 70 %); 22 946 to 22 948 is not.
    const width = 5_463;
    const stride = width * 3;
    const rows = Array.from({ length: 8 }, (_, k) => noise(stride, 500 + k));
    for (let k = 1; k < 8; k++) {
      rows[k]!.set(rows[k - 1]!.subarray(0, 3_278 * 4));
      rows[k]![stride - 1] = rows[k - 1]![stride - 1]!;
    }
    rows[0]![stride - 1] = 77;
    for (let k = 1; k < 8; k++) rows[k]![stride - 1] = 77;
    const pixels = { data: Buffer.concat(rows), width, height: 8, channels: 3 as const };
    const first = encodePng(pixels, { color: 'rgb' });
    // A picture one pixel wider, each row different, written before by the same thread.
    encodePng({ data: noise((width + 1) * 3 * 8, 99), width: width + 1, height: 8, channels: 3 }, { color: 'rgb' });
    const again = encodePng(pixels, { color: 'rgb' });
    expect(again.equals(first)).toBe(true);
    // Flat: unfiltered (filter byte 0 on every row).
    const { filters, stream } = pngRows(first, stride + 1);
    expect(filters).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(Buffer.concat(rows.map((row) => Buffer.concat([Buffer.from([0]), row]))).equals(stream)).toBe(true);
  });

  it('write a band of several pieces under the rows above it, from RGBA to RGB and from premultiplied to straight, and rows wider than a piece', () => {
    const check = (pixels: PixelRows, color: PngColor, expected: (data: Uint8Array) => Buffer) => {
      const channels = color.color === 'rgb' ? 3 : 4;
      const stride = pixels.width * channels;
      // Rows 0–4 as one band, then rows 5 to the end continuing them: several pieces each.
      const bands = [deflateRows(pixels, color, { from: 0, to: 5 }), deflateRows(pixels, color, { from: 5, to: pixels.height })];
      const png = joinPng(pixels, color, bands);
      expect(unfiltered(png, stride).equals(expected(pixels.data))).toBe(true);
    };
    const toRgb = (data: Uint8Array) => Buffer.from(data.filter((_, i) => i % 4 !== 3));
    const toStraight = (data: Uint8Array) =>
      Buffer.from(data.map((c, i) => {
        const a = data[i - (i % 4) + 3]!;
        return i % 4 === 3 || a === 255 ? c : a === 0 ? 0 : Math.min(255, Math.round((c * 255) / a));
      }));
    // 301 px: 904 bytes a row, 145 rows in a piece: rows 5–399 are three pieces, the first two of
    // painted noise (Up-filtered, the second under the last row of the first), the last of rows
    // that repeat (unfiltered).
    const width = 301;
    const height = 400;
    const data = Buffer.alloc(width * height * 4);
    const grain = noise(width * height * 4, 5);
    for (let y = 0; y < height; y++) for (let i = 0; i < width * 4; i++) data[y * width * 4 + i] = y < 300 ? grain[y * width * 4 + i]! : (i * 3 + (y >> 4)) & 255;
    check({ data, width, height, channels: 4 }, { color: 'rgb', premultiplied: true }, toRgb);
    const premultiplied = Buffer.from(data.map((c, i) => (i % 4 === 3 ? c : Math.min(c, data[i - (i % 4) + 3]!))));
    check({ data: premultiplied, width, height, channels: 4 }, { color: 'rgba', premultiplied: true }, toStraight);
    // 44 000 px RGB: 132 000 bytes a row, more than a piece (128 KB).
    const wide = { data: noise(44_000 * 4 * 8, 6), width: 44_000, height: 8, channels: 4 as const };
    check(wide, { color: 'rgb' }, toRgb);
  });

  it('read bytes given as views of their own memory rightly when it must grow (growing empties the views)', async () => {
    // Each check on a thread's first use of the kernels: their memory is one page of 64 KB.
    const fresh = async () => {
      vi.resetModules();
      const kernels = await import('../../src/shared/png-kernels.js');
      expect(kernels.kernelMemory(0).length).toBe(65_536);
      return { kernels, writer: await import('../../src/shared/png-write.js') };
    };
    const bytes = noise(20_000, 8);
    {
      // Over the match table (before KERNEL_FREE), and longer than the room after it: copied out, the memory grown, then searched.
      const { kernels, writer } = await fresh();
      const twice = Buffer.concat([bytes, bytes]);
      const low = kernels.kernelMemory(0).subarray(100, 100 + twice.length);
      low.set(twice);
      const share = writer.longMatchShare(low);
      expect(share).toBe(longMatchShareReference(twice));
      expect(share).toBeGreaterThan(0.49);
    }
    {
      // Pixels in that memory: the same PNG as from a copy of them.
      const { kernels, writer } = await fresh();
      const pixels = noise(60 * 40 * 4, 9);
      const held = kernels.kernelMemory(0).subarray(kernels.KERNEL_FREE, kernels.KERNEL_FREE + pixels.length);
      held.set(pixels);
      const png = writer.encodePng({ data: held, width: 60, height: 40, channels: 4 }, { color: 'rgb' });
      expect(png.equals(encodePng({ data: pixels, width: 60, height: 40, channels: 4 }, { color: 'rgb' }))).toBe(true);
    }
    {
      // And opaque RGBA in it turned into RGB (the room opaqueRgb asks for grows it).
      const { kernels, writer } = await fresh();
      const pixels = noise(1_000 * 4, 10);
      const held = kernels.kernelMemory(0).subarray(kernels.KERNEL_FREE, kernels.KERNEL_FREE + pixels.length);
      held.set(pixels);
      expect(writer.opaqueRgb(held, 1_000).equals(opaqueRgb(pixels, 1_000))).toBe(true);
      expect(() => writer.opaqueRgb(pixels, 1_001)).toThrow(RangeError);
    }
  });
});
