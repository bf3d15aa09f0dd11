import { readdirSync, statSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { composeSheet } from '../../src/export/tts/compose-sheet.js';
import { bandBytes, readBand } from '../../src/export/tts/sheet-bands.js';
import { deflateRows, joinPng, type PngBand } from '../../src/shared/png-write.js';
import type { Raster } from '../../src/shared/face.js';
import { BuildCache } from '../../src/build/cache.js';
import { sheetBands } from '../../src/build/renderers.js';
import type { Face } from '../../src/shared/face.js';
import { tempDir } from '../helpers.js';

/** Noise-like RGB pixels, different for each seed. */
function pixels(width: number, height: number, seed: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  let x = seed * 2_654_435_761;
  for (let i = 0; i < data.length; i++) {
    x = (x * 1_103_515_245 + 12_345) >>> 0;
    data[i] = i % 7 === 0 ? x >>> 24 : 200;
  }
  return data;
}

/** Rows of raw RGB deflated as an independent band, as deck sheets are. */
function deflateBand(data: Buffer, width: number): PngBand {
  const height = data.length / (width * 3);
  return deflateRows({ data, width, height, channels: 3 }, RGB, { from: 0, to: height, independent: true });
}

const RGB = { color: 'rgb' } as const;
const joinBands = (size: { width: number; height: number }, bands: readonly PngBand[]) => joinPng(size, RGB, bands);

/** The filter byte of each row of a zlib stream of `width`-pixel RGB rows, and the rows unfiltered (Up undone). */
function unfilter(stream: Buffer, width: number): { filters: number[]; pixels: Buffer } {
  const line = 1 + width * 3;
  const filters: number[] = [];
  const pixels = Buffer.alloc((stream.length / line) * (line - 1));
  for (let y = 0; y < stream.length / line; y++) {
    filters.push(stream[y * line]!);
    for (let i = 0; i < line - 1; i++) {
      const up = filters[y] === 2 && y > 0 ? pixels[(y - 1) * (line - 1) + i]! : 0;
      pixels[y * (line - 1) + i] = (stream[y * line + 1 + i]! + up) & 0xff;
    }
  }
  return { filters, pixels };
}

/** The zlib stream of a PNG: the data of its IDAT chunks, one after the other. */
function idatOf(png: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') parts.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return Buffer.concat(parts);
}

describe('a PNG joined from bands', () => {
  it('decodes to the pixels of every band, top to bottom', async () => {
    const width = 37;
    const parts = [pixels(width, 5, 1), pixels(width, 11, 2), pixels(width, 1, 3)];
    const bands = parts.map((p) => deflateBand(p, width));
    const png = joinBands({ width, height: 17 }, bands);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([37, 17, 3]);
    expect(data.equals(Buffer.concat(parts))).toBe(true);
  });

  it('is the same file for the same bands, and a band kept on disk reads back whole or not at all', async () => {
    const width = 20;
    const rows = pixels(width, 8, 4);
    const band = deflateBand(rows, width);
    expect(band.length).toBe(8 * 61);
    const again = deflateBand(Buffer.from(rows), width);
    expect(joinBands({ width, height: 8 }, [again]).equals(joinBands({ width, height: 8 }, [band]))).toBe(true);
    const kept = bandBytes(band);
    const read = readBand(kept, band.length)!;
    expect(read.chunk.equals(band.chunk)).toBe(true);
    expect([read.adler, read.length]).toEqual([band.adler, band.length]);
    // Damaged: one byte of the deflate data changed, cut short, or kept for another size.
    const flipped = Buffer.from(kept);
    flipped[30] = flipped[30]! ^ 1;
    expect(readBand(flipped, band.length)).toBeUndefined();
    expect(readBand(kept.subarray(0, kept.length - 1), band.length)).toBeUndefined();
    expect(readBand(kept, band.length + 61)).toBeUndefined();
    expect(readBand(Buffer.alloc(3), band.length)).toBeUndefined();
  });

  it('takes no kept band whose checksum was damaged: the sheet it would join could not be read', async () => {
    const width = 20;
    const band = deflateBand(pixels(width, 8, 5), width);
    const kept = bandBytes(band);
    for (const at of [0, 3]) {
      const damaged = Buffer.from(kept);
      damaged[at] = damaged[at]! ^ 0x10;
      // Joined as it reads, the sheet's zlib stream ends on a checksum of other bytes.
      const taken = { chunk: band.chunk, adler: damaged.readUInt32BE(0), length: band.length };
      const png = joinBands({ width, height: 8 }, [taken]);
      expect(() => inflateSync(idatOf(png))).toThrow(/incorrect data check/);
      expect(readBand(damaged, band.length), `byte ${at}`).toBeUndefined();
    }
  });
});

describe('a deck sheet with a shelf of bands', () => {
  const cell = { widthPx: 4, heightPx: 3 };
  const grid = { columns: 3, rows: 3 };
  const raster = (seed: number): Raster => ({ data: pixels(4, 3, seed), width: 4, height: 3, channels: 3 });

  it('asks for the cells of the rows it does not hold, and makes the file a sheet without a shelf makes', async () => {
    const shelf = new Map<string, PngBand>();
    const asked: number[] = [];
    const seeds = [1, 2, 3, 4, 5, 6, 7];
    const compose = (withShelf: boolean) =>
      composeSheet(
        seeds.length,
        async (i) => {
          asked.push(i);
          return raster(seeds[i]!);
        },
        grid,
        cell,
        withShelf
          ? {
              shelf: async (first, count, make) => {
                const key = `${seeds.slice(first, first + count).join(',')}`;
                const band = shelf.get(key) ?? (await make());
                shelf.set(key, band);
                return band;
              },
            }
          : undefined,
      );
    const first = await compose(true);
    expect(asked.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // One card of the middle row changed: only that row's cells are asked for.
    seeds[4] = 40;
    asked.length = 0;
    const second = await compose(true);
    expect(asked.sort((a, b) => a - b)).toEqual([3, 4, 5]);
    expect(second.equals(first)).toBe(false);
    asked.length = 0;
    expect(second.equals(await compose(false))).toBe(true);
    expect(asked).toHaveLength(7);
    // The last row: one card, then two white cells.
    const { data } = await sharp(second).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 12 + x) * 3, (y * 12 + x) * 3 + 3)];
    expect(at(0, 6)).toEqual([...raster(7).data.subarray(0, 3)]);
    expect(at(4, 6)).toEqual([255, 255, 255]);
    expect(at(11, 8)).toEqual([255, 255, 255]);
  });
});

describe('bands kept in the build cache', () => {
  it('makes a band again, without reading it, when the file kept for it is larger than any band of its row could be', async () => {
    const dir = tempDir();
    const keep = sheetBands(new BuildCache(dir, 'test'));
    const face = { list: { width: 10, height: 10, bleed: 0, fonts: {}, items: [] } } as unknown as Face;
    const row = { columns: 2, widthPx: 3, heightPx: 2 };
    const rows = pixels(6, 2, 9);
    let made = 0;
    const make = async () => {
      made++;
      return deflateBand(rows, 6);
    };
    const band = await keep([face], row, make);
    expect((await keep([face], row, make)).chunk.equals(band.chunk)).toBe(true);
    expect(made).toBe(1);
    // The entry becomes a 3 GB file (sparse: no disk is used), more than Node reads into one buffer.
    const shard = readdirSync(dir).find((d) => /^[0-9a-f]{2}$/.test(d))!;
    const entry = path.join(dir, shard, readdirSync(path.join(dir, shard)).find((f) => /^[0-9a-f]{64}$/.test(f))!);
    truncateSync(entry, 3 * 1024 ** 3);
    const again = await keep([face], row, make);
    expect(made).toBe(2);
    expect(unfilter(inflateSync(idatOf(joinBands({ width: 6, height: 2 }, [again]))), 6).pixels.equals(rows)).toBe(true);
    expect(statSync(entry).size).toBe(bandBytes(band).length);
  });
});
