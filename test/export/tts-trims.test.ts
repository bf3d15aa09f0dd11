import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildCache } from '../../src/build/cache.js';
import { faceTrims } from '../../src/build/renderers.js';
import { TrimStore } from '../../src/build/trim-store.js';
import { buildOnce, type BuildCommandOptions } from '../../src/cli/build-command.js';
import { exportTts } from '../../src/export/tts/export-tts.js';
import { trimRaster } from '../../src/export/tts/trim-picture.js';
import { PngPool } from '../../src/render/png/png-pool.js';
import { renderPng } from '../../src/render/png/render-png.js';
import type { BandJob } from '../../src/shared/band-cells.js';
import type { Raster } from '../../src/shared/face.js';
import { FIXTURES, tempDir } from '../helpers.js';
import { prepareExport, writeManyCardsGame, type Prepared } from './helpers.js';
import { ttsFiles } from './tts-helpers.js';

const io = { stdout: () => {}, stderr: () => {}, cwd: '/' };
const options = (out: string, more: Partial<BuildCommandOptions> = {}): BuildCommandOptions => ({ out, format: 'text', dpi: 96, paper: 'a4', duplex: 'long', backOffset: { x: 0, y: 0 }, quiet: true, ...more });

/** Mean absolute difference per channel between two rasters of one size. */
function meanDifference(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('the trims of faces for the Tabletop Simulator images', () => {
  let prepared: Prepared;
  beforeAll(async () => {
    prepared = await prepareExport(writeManyCardsGame(), 'en', { render: false });
  }, 120_000);
  const pool = new PngPool(1);
  afterAll(() => pool.close());

  it('are the trim of the picture at the size asked for, on white, RGB', async () => {
    const face = prepared.input.sets[0]!.faces[0]!;
    const size = { width: 409, height: 571 };
    const drawn = await renderPng(face.list, { dpi: 300, trims: [size] });
    const [trim] = drawn.trims!;
    expect([trim!.width, trim!.height, trim!.channels, trim!.data.length]).toEqual([409, 571, 3, 409 * 571 * 3]);
    // The same trim cut from the encoded PNG by the slower path (decode, crop, Lanczos): the same picture, to resampling.
    const fromPng = await trimRaster(face, size, async () => drawn);
    expect(meanDifference(trim!.data, fromPng.data)).toBeLessThan(2);
    // The PNG is the same with or without trims asked for.
    expect(drawn.png.equals((await renderPng(face.list, { dpi: 300 })).png)).toBe(true);
    // Only the trims: nothing encoded.
    const only = await renderPng(face.list, { dpi: 300, trims: [size], encode: false });
    expect(only.png.length).toBe(0);
    expect(only.trims![0]!.data.equals(trim!.data)).toBe(true);
  });

  it('come from a worker thread with the very bytes of the main thread', async () => {
    const face = prepared.input.sets[0]!.faces[3]!;
    const sizes = [{ width: 409, height: 571 }, { width: 100, height: 140 }];
    const pooled = await pool.render(face.list, 200, sizes);
    const local = await renderPng(face.list, { dpi: 200, trims: sizes });
    expect(pooled.trims!.map((t) => [t.width, t.height, t.channels])).toEqual([[409, 571, 3], [100, 140, 3]]);
    pooled.trims!.forEach((t, i) => expect(t.data.equals(local.trims![i]!.data)).toBe(true));
    expect((await pool.trims(face.list, 200, sizes)).map((t) => t.data.equals(local.trims![0]!.data) || t.data.equals(local.trims![1]!.data))).toEqual([true, true]);
  });

  it('are kept and found again by face and size; one not kept is drawn alone and kept', async () => {
    const cache = new BuildCache(tempDir(), 'test');
    const store = new TrimStore(cache);
    const face = prepared.input.sets[0]!.faces[1]!;
    const size = { width: 409, height: 571 };
    expect(await store.find(face.list, size)).toBeUndefined();
    const drawn = (await renderPng(face.list, { dpi: 300, trims: [size] })).trims![0]!;
    await store.keep(face.list, drawn);
    expect((await store.find(face.list, size))!.data.equals(drawn.data)).toBe(true);
    expect(await store.find(face.list, { width: 408, height: 571 })).toBeUndefined();
    expect(await store.find(prepared.input.sets[0]!.faces[2]!.list, size)).toBeUndefined();
    // A trim is drawn at its own size: the same pixels whatever the dpi of the PNG drawn with it.
    expect((await renderPng(face.list, { dpi: 72, trims: [size] })).trims![0]!.data.equals(drawn.data)).toBe(true);
    const trim = faceTrims(store);
    const other = prepared.input.sets[0]!.faces[2]!;
    const made = await trim(other, size);
    expect(made.data.equals((await renderPng(other.list, { dpi: 300, trims: [size] })).trims![0]!.data)).toBe(true);
    expect(cache.stats['trim']).toEqual({ made: 2, reused: 1 });
    expect((await trim(other, size)).data.equals(made.data)).toBe(true);
    expect(cache.stats['trim']).toEqual({ made: 2, reused: 2 });
    store.dispose();
  });

  it('fill the deck sheet cell by cell, row by row', async () => {
    const faces = prepared.input.sets[0]!.faces;
    // Each face's trim one flat colour: its position among the set's faces, in red.
    const trimmed = async (face: (typeof faces)[number], size: { width: number; height: number }): Promise<Raster> => {
      const data = Buffer.alloc(size.width * size.height * 3);
      for (let i = 0; i < data.length; i += 3) data[i] = faces.indexOf(face);
      return { data, width: size.width, height: size.height, channels: 3 };
    };
    const files = await ttsFiles({ ...prepared.input, trimmed }, { outDir: tempDir() });
    const sheet = files.find((f) => f.path === 'tts/deck-1.png')!;
    const { data, info } = await sharp(sheet.bytes).raw().toBuffer({ resolveWithObject: true });
    const fronts = faces.filter((f) => !f.back);
    expect(Number(sheet.entry['cards'])).toBe(Math.min(70, fronts.length));
    expect(fronts.length).toBeGreaterThan(10);
    for (let i = 0; i < Number(sheet.entry['cards']); i++) {
      const x = (i % 10) * 409 + 200;
      const y = Math.floor(i / 10) * 571 + 285;
      expect(data[(y * info.width + x) * info.channels]).toBe(faces.indexOf(fronts[i]!));
    }
  });
});

describe('the TTS export', () => {
  it('hands each deck sheet over before it draws the next: a set of thousands never holds all its sheets', async () => {
    const prepared = await prepareExport(writeManyCardsGame(), 'en', { render: false });
    const faces = prepared.input.sets[0]!.faces;
    const fronts = faces.filter((f) => !f.back);
    const events: string[] = [];
    const trimmed = async (face: (typeof faces)[number], size: { width: number; height: number }): Promise<Raster> => {
      events.push(`trim ${fronts.indexOf(face)}`);
      return { data: Buffer.alloc(size.width * size.height * 3, 200), width: size.width, height: size.height, channels: 3 };
    };
    await exportTts({ ...prepared.input, trimmed }, { outDir: tempDir() }, (file) => events.push(`file ${file.path}`));
    // 75 fronts: cells 0–69 on the first sheet, 70–74 on the second.
    expect(events.indexOf('file tts/deck-1.png')).toBeGreaterThan(events.indexOf('trim 69'));
    expect(events.indexOf('file tts/deck-1.png')).toBeLessThan(events.indexOf('trim 70'));
    expect(events.indexOf('file tts/deck-2.png')).toBeGreaterThan(events.indexOf('trim 74'));
    expect(events.at(-1)).toBe('file tts/many.json');
  }, 120_000);

  it('puts a sheet of per-item backs together beside its sheet of fronts, in the order the faces are drawn (front, back, front…)', async () => {
    const prepared = await prepareExport(writeManyCardsGame(), 'en', { render: false });
    const faces = prepared.input.sets[0]!.faces;
    const asked: string[] = [];
    const trimmed = async (face: (typeof faces)[number], size: { width: number; height: number }): Promise<Raster> => {
      asked.push(`${face.back ? 'back' : 'front'} ${face.item}`);
      return { data: Buffer.alloc(size.width * size.height * 3, 200), width: size.width, height: size.height, channels: 3 };
    };
    const files = await ttsFiles({ ...prepared.input, trimmed }, { outDir: tempDir() });
    expect(files.map((f) => f.path)).toEqual(expect.arrayContaining(['tts/deck-1.png', 'tts/deck-1.back.png', 'tts/deck-2.png', 'tts/deck-2.back.png']));
    // Two rows of cards at a time on each sheet: the first 20 backs before the 21st front, not after the 70th.
    expect(asked.indexOf('back c1')).toBeLessThan(asked.indexOf('front c21'));
    expect(asked.indexOf('back c20')).toBeLessThan(asked.indexOf('front c41'));
    expect(asked.indexOf('front c70')).toBeLessThan(asked.indexOf('front c71'));
  }, 120_000);

  it('fails once both sheets of a pair are settled when one fails: nothing handed over, no trim asked for after', async () => {
    const prepared = await prepareExport(writeManyCardsGame(), 'en', { render: false });
    const faces = prepared.input.sets[0]!.faces;
    let asked = 0;
    const trimmed = async (face: (typeof faces)[number], size: { width: number; height: number }): Promise<Raster> => {
      asked++;
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (face.back && face.item === 'c5') throw new Error('no trim for the back of c5');
      return { data: Buffer.alloc(size.width * size.height * 3, 200), width: size.width, height: size.height, channels: 3 };
    };
    const added: string[] = [];
    await expect(exportTts({ ...prepared.input, trimmed }, { outDir: tempDir() }, (file) => added.push(file.path))).rejects.toThrow('no trim for the back of c5');
    const atFailure = asked;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked).toBe(atFailure);
    expect(added.filter((p) => p.startsWith('tts/deck-'))).toEqual([]);
  }, 120_000);
});

describe('a build', () => {
  it('makes the same TTS images on worker threads and on the main thread, and from the cache after one card changed', async () => {
    const game = path.join(tempDir(), 'full-game');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
    const read = (out: string) => readFileSync(path.join(out, 'full-game', 'en', 'tts', 'cards-1.png'));
    const [main, pooled, cached] = [tempDir(), tempDir(), tempDir()];
    expect((await buildOnce(game, options(main, { jobs: 0, cache: false }), '0.0.0-test', io)).code).toBe(0);
    expect((await buildOnce(game, options(pooled, { jobs: 1, cache: false }), '0.0.0-test', io)).code).toBe(0);
    expect(read(pooled).equals(read(main))).toBe(true);
    const first = await buildOnce(game, options(cached), '0.0.0-test', io);
    expect(read(cached).equals(read(main))).toBe(true);
    expect(first.stats['trim']!.made).toBeGreaterThan(0);
    const set = path.join(game, 'sets', 'cards.yaml');
    writeFileSync(set, readFileSync(set, 'utf8').replace('name: {en: Oil, fr: Huile}', 'name: {en: Lamp oil, fr: Huile}'));
    const changed = await buildOnce(game, options(cached), '0.0.0-test', io);
    // One face drawn again, its trim cut from its pixels; the other cells come from the kept trims, none drawn again.
    expect(changed.stats['png']!.made).toBe(1);
    expect(changed.stats['trim']!.made).toBe(1);
    // The sheet differs only in the changed card's cell.
    const before = await sharp(read(main)).raw().toBuffer({ resolveWithObject: true });
    const after = await sharp(read(cached)).raw().toBuffer({ resolveWithObject: true });
    expect([after.info.width, after.info.height]).toEqual([before.info.width, before.info.height]);
    const manifest = JSON.parse(readFileSync(path.join(cached, 'full-game', 'en', 'manifest.json'), 'utf8')) as { files: { path: string; columns: number; rows: number }[] };
    const entry = manifest.files.find((f) => f.path === 'tts/cards-1.png')!;
    const cell = { width: before.info.width / entry.columns, height: before.info.height / entry.rows };
    const changedCells = new Set<number>();
    for (let i = 0; i < before.data.length; i += 3) {
      if (before.data[i] !== after.data[i] || before.data[i + 1] !== after.data[i + 1] || before.data[i + 2] !== after.data[i + 2]) {
        const px = i / 3;
        changedCells.add(Math.floor(px / before.info.width / cell.height) * entry.columns + Math.floor((px % before.info.width) / cell.width));
      }
    }
    expect(changedCells.size).toBe(1);
    // The sheet's other rows of cards were taken as they were kept, and the file is the one a build without the cache makes.
    const rows = entry.rows;
    expect(changed.stats['tts-band']).toEqual({ made: 1, reused: rows - 1 });
    const fresh = tempDir();
    expect((await buildOnce(game, options(fresh, { cache: false }), '0.0.0-test', io)).code).toBe(0);
    expect(read(cached).equals(read(fresh))).toBe(true);
  }, 120_000);
});

/** The many-cards game with its card sets alone (a token of the game does not fit its text: the build would stop). */
function manyCardsOnly(): string {
  const game = writeManyCardsGame();
  const gameFile = path.join(game, 'game.yaml');
  writeFileSync(gameFile, readFileSync(gameFile, 'utf8').replace(', sets/coins.yaml, sets/chips.yaml', ''));
  return game;
}

/** Every deck sheet of manyCardsOnly(): the deck's two sheets and their backs (each card has its own), the lone card's sheet and its blank back. */
const MANY_SHEETS = ['deck-1.png', 'deck-1.back.png', 'deck-2.png', 'deck-2.back.png', 'solo-1.png', 'solo-back.png'];

describe('a build with damaged bands in its cache', () => {
  it('makes them again: the sheets are the ones a build without the cache makes', async () => {
    const game = manyCardsOnly();
    const [cached, cacheDir, fresh] = [tempDir(), tempDir(), tempDir()];
    const read = (out: string, sheet: string) => readFileSync(path.join(out, 'many', 'en', 'tts', sheet));
    expect((await buildOnce(game, options(cached, { cacheDir }), '0.0.0-test', io)).code).toBe(0);
    // Every band kept (an IDAT chunk after its 12-byte head) gets one byte of its deflate data changed.
    let damaged = 0;
    for (const entry of readdirSync(cacheDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const bytes = readFileSync(file);
      if (bytes.length > 28 && bytes.toString('latin1', 16, 20) === 'IDAT') {
        bytes[24] = bytes[24]! ^ 0xff;
        writeFileSync(file, bytes);
        damaged++;
      }
    }
    // Fronts and backs (each card has its own): 7 rows on the sheets of the first 70 cards, 1 on those of the other 5; 1 for the lone card of the other set.
    expect(damaged).toBe(17);
    // The first card changed: its rows (front and back) are made anew, and every other band of its
    // two sheets is found damaged and made again (12). The sheets whose cards did not change are
    // kept whole: copied as they were, their bands never read (deck-2.png and deck-2.back.png, solo-1.png and
    // solo-back.png, the blank back of a set without one).
    const set = path.join(game, 'sets', 'deck.yaml');
    writeFileSync(set, readFileSync(set, 'utf8').replace('"Card 1"', '"Card one"'));
    const again = await buildOnce(game, options(cached, { cacheDir }), '0.0.0-test', io);
    expect(again.code).toBe(0);
    expect(again.stats['tts-band']!.made).toBe(14);
    expect(again.stats['tts-sheet']).toEqual({ made: 2, reused: 4 });
    expect((await buildOnce(game, options(fresh, { cache: false }), '0.0.0-test', io)).code).toBe(0);
    for (const sheet of MANY_SHEETS) expect(read(cached, sheet).equals(read(fresh, sheet)), sheet).toBe(true);
  }, 120_000);
});

describe('deck sheets kept whole', () => {
  it('are the last build\'s files when their cards did not change, and come from the cache when the exports are taken whole', async () => {
    const game = manyCardsOnly();
    const [out, cacheDir, fresh] = [tempDir(), tempDir(), tempDir()];
    const tts = (folder: string, file: string) => path.join(folder, 'many', 'en', 'tts', file);
    const sheets = MANY_SHEETS;
    const first = await buildOnce(game, options(out, { cacheDir }), '0.0.0-test', io);
    expect(first.code).toBe(0);
    expect(first.stats['tts-sheet']).toEqual({ made: 6, reused: 0 });
    const earlier = statSync(tts(out, 'deck-2.png'), { bigint: true });
    // Each sheet is kept once: under its own key, which the exports' index names (not a second copy beside the index).
    const cached = readdirSync(cacheDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => readFileSync(path.join(e.parentPath, e.name)));
    for (const sheet of sheets) expect(cached.filter((bytes) => bytes.equals(readFileSync(tts(out, sheet)))).length, sheet).toBe(1);

    const set = path.join(game, 'sets', 'deck.yaml');
    writeFileSync(set, readFileSync(set, 'utf8').replace('"Card 1"', '"Card one"'));
    const changed = await buildOnce(game, options(out, { cacheDir }), '0.0.0-test', io);
    expect(changed.code).toBe(0);
    // Card 1's sheets (front and back) are made again; the other four are the cache's.
    expect(changed.stats['tts-sheet']).toEqual({ made: 2, reused: 4 });
    // deck-2.png is the very file the last build wrote, linked into the new output: neither read nor written again.
    const now = statSync(tts(out, 'deck-2.png'), { bigint: true });
    expect([now.ino, now.mtimeNs]).toEqual([earlier.ino, earlier.mtimeNs]);
    const manifest = JSON.parse(readFileSync(path.join(out, 'many', 'en', 'manifest.json'), 'utf8')) as { files: { path: string; sha256: string; bytes: number; kind: string; cards: number }[] };
    for (const sheet of sheets) {
      const entry = manifest.files.find((f) => f.path === `tts/${sheet}`)!;
      const bytes = readFileSync(tts(out, sheet));
      expect([entry.kind, entry.bytes, entry.sha256], sheet).toEqual(['tts-sheet', bytes.length, createHash('sha256').update(bytes).digest('hex')]);
    }
    expect(manifest.files.find((f) => f.path === 'tts/deck-2.png')!.cards).toBe(5);

    // Another paper: the PDFs are made again, the exports taken whole from the cache, the kept sheets among them.
    const letter = await buildOnce(game, options(out, { cacheDir, paper: 'letter' }), '0.0.0-test', io);
    expect(letter.code).toBe(0);
    expect(letter.stats['export']).toEqual({ made: 0, reused: 1 });
    expect(letter.stats['tts-sheet']).toBeUndefined();
    expect((await buildOnce(game, options(fresh, { cache: false, paper: 'letter' }), '0.0.0-test', io)).code).toBe(0);
    for (const sheet of sheets) expect(readFileSync(tts(out, sheet)).equals(readFileSync(tts(fresh, sheet))), sheet).toBe(true);
  }, 120_000);
});

describe('a deck sheet', () => {
  it('places each cell row by row and leaves the cells past the last card white', async () => {
    const { composeSheet } = await import('../../src/export/tts/compose-sheet.js');
    const cell = { widthPx: 3, heightPx: 2 };
    const flat = (r: number): Raster => ({ data: Buffer.alloc(3 * 2 * 3, r), width: 3, height: 2, channels: 3 });
    const cells = [flat(10), flat(20), flat(30)];
    const png = await composeSheet(cells.length, async (i) => cells[i]!, { columns: 2, rows: 2 }, cell);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([6, 4, 3]);
    const at = (x: number, y: number) => data[(y * 6 + x) * 3];
    expect([at(0, 0), at(2, 1), at(3, 0), at(5, 1), at(0, 2), at(2, 3), at(3, 2), at(5, 3)]).toEqual([10, 10, 20, 20, 30, 30, 255, 255]);
    await expect(composeSheet(1, async () => ({ ...flat(1), width: 2 }), { columns: 1, rows: 1 }, cell)).rejects.toThrow(/cell of 2×2/);
  });

  it('finished by an idle PNG worker, is the file made here; while the worker is busy the band is made here; the rows come back for the next band', async () => {
    const { composeSheet } = await import('../../src/export/tts/compose-sheet.js');
    const { PngPool } = await import('../../src/render/png/png-pool.js');
    const cell = { widthPx: 40, heightPx: 30 };
    // Cells of noise and of flat colour, so that the bands are deflated in several ways.
    const cellOf = (seed: number): Raster => ({ data: Buffer.from(Array.from({ length: 40 * 30 * 3 }, (_, k) => (seed % 2 ? (k * 7919 * seed) % 251 : seed * 20))), width: 40, height: 30, channels: 3 });
    const cells = Array.from({ length: 7 }, (_, i) => cellOf(i + 1));
    const grid = { columns: 3, rows: 3 };
    const here = await composeSheet(cells.length, async (i) => cells[i]!, grid, cell);
    const pool = new PngPool(1);
    try {
      pool.warm();
      const sent: ArrayBufferLike[] = [];
      const back: { buffer: ArrayBufferLike; bytes: number; detached: boolean }[] = [];
      const band: NonNullable<Parameters<typeof composeSheet>[4]>['band'] = async (job, memory) => {
        const buffer = memory.buffer;
        sent.push(buffer);
        const done = await pool.band(job, memory);
        // Sent to the worker, the buffer here was emptied (detached), and the same memory came back in another one.
        back.push({ buffer: done.data.buffer, bytes: done.data.buffer.byteLength, detached: buffer.byteLength === 0 });
        return done;
      };
      const pooled = await composeSheet(cells.length, async (i) => cells[i]!, grid, cell, { band });
      expect(pooled.equals(here)).toBe(true);
      // Two bands at once: the first goes to the idle worker; the second, and the third made
      // while the worker still has the first, here. (Memory kept from a larger sheet made
      // before may hold a band: at least its 10 800 bytes.)
      expect(back.map((b) => [b.bytes >= 10_800, b.detached]).sort()).toEqual([[true, false], [true, false], [true, true]]);
      // The third band is made in memory used before: the first band's, back from the worker, or the second's.
      expect([back.find((b) => b.detached)!.buffer, sent[1]]).toContain(sent[2]);
    } finally {
      await pool.close();
    }
  });

  it('reads the cells kept in the cache where each band is finished (a PNG worker, or here), and asks again for those found damaged there', async () => {
    const { composeSheet } = await import('../../src/export/tts/compose-sheet.js');
    const { PngPool } = await import('../../src/render/png/png-pool.js');
    const { packTrim, keptTrimAtMost } = await import('../../src/shared/trim-bytes.js');
    const cell = { widthPx: 40, heightPx: 30 };
    const cellOf = (seed: number): Raster => ({ data: Buffer.from(Array.from({ length: 40 * 30 * 3 }, (_, k) => (seed % 2 ? (k * 7919 * seed) % 251 : seed * 20))), width: 40, height: 30, channels: 3 });
    const cells = Array.from({ length: 8 }, (_, i) => cellOf(i + 1));
    const grid = { columns: 3, rows: 3 };
    const all = await composeSheet(cells.length, async (i) => cells[i]!, grid, cell);
    // Every cell but the first and the sixth kept in files, as the build cache keeps trims.
    const dir = tempDir();
    const files = await Promise.all(
      cells.map(async (c, i) => {
        const file = path.join(dir, `trim-${i}`);
        writeFileSync(file, await packTrim(c.data));
        return file;
      }),
    );
    const keptCells = new Set([1, 2, 3, 4, 6, 7]);
    const keptAt = async (i: number) => (keptCells.has(i) ? { file: files[i]!, width: 40, height: 30 } : undefined);
    for (const pooled of [false, true]) {
      const pool = pooled ? new PngPool(1) : undefined;
      try {
        const asked: number[] = [];
        const cellAt = async (i: number) => {
          asked.push(i);
          return cells[i]!;
        };
        const band = pool && ((job: BandJob, memory: Uint8Array) => pool.band(job, memory));
        pool?.warm();
        const made = await composeSheet(cells.length, cellAt, grid, cell, { keptAt, ...(band ? { band } : {}) });
        expect(made.equals(all), pooled ? 'on a worker' : 'here').toBe(true);
        // Only the cells not kept were asked for.
        expect(asked.sort()).toEqual([0, 5]);

        // Damaged: one cut short, one of other bytes, one larger than a trim is kept in, one for another size, one a folder.
        const damaged = path.join(dir, pooled ? 'damaged-pooled' : 'damaged-here');
        mkdirSync(damaged);
        const bad = (name: string, bytes: Buffer) => {
          writeFileSync(path.join(damaged, name), bytes);
          return path.join(damaged, name);
        };
        const kept1 = readFileSync(files[1]!);
        const wrong: Record<number, { file: string; width: number; height: number }> = {
          1: { file: bad('short', kept1.subarray(0, kept1.length - 5)), width: 40, height: 30 },
          2: { file: bad('other', Buffer.from('not a trim at all')), width: 40, height: 30 },
          // A whole trim with bytes after it (which Brotli would ignore) past the most a trim is kept in.
          3: { file: bad('large', Buffer.concat([readFileSync(files[3]!), Buffer.alloc(keptTrimAtMost({ width: 40, height: 30 }) + 1 - readFileSync(files[3]!).length)])), width: 40, height: 30 },
          4: { file: files[4]!, width: 30, height: 40 },
          6: { file: damaged, width: 40, height: 30 },
        };
        asked.length = 0;
        const again = await composeSheet(cells.length, cellAt, grid, cell, { keptAt: async (i) => wrong[i] ?? (await keptAt(i)), ...(band ? { band } : {}) });
        expect(again.equals(all), pooled ? 'on a worker' : 'here').toBe(true);
        expect(asked.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
      } finally {
        await pool?.close();
      }
    }
  });

  it('is made here when the PNG worker it went to is stopped before it is done', async () => {
    const { composeSheet } = await import('../../src/export/tts/compose-sheet.js');
    const { PngPool } = await import('../../src/render/png/png-pool.js');
    const cell = { widthPx: 40, heightPx: 30 };
    const cells = Array.from({ length: 3 }, (_, i) => ({ data: Buffer.alloc(40 * 30 * 3, 40 * i + 10), width: 40, height: 30, channels: 3 as const }));
    const here = await composeSheet(3, async (i) => cells[i]!, { columns: 3, rows: 1 }, cell);
    const pool = new PngPool(1);
    pool.warm();
    let sent: Uint8Array | undefined;
    const made = composeSheet(3, async (i) => cells[i]!, { columns: 3, rows: 1 }, cell, {
      band: (job, memory) => {
        sent = memory;
        const done = pool.band(job, memory);
        void pool.close();
        return done;
      },
    });
    expect((await made).equals(here)).toBe(true);
    // It did go to the worker (its memory with it).
    expect(sent!.byteLength).toBe(0);
  });

  it('made after another of the same size shows nothing of the one before', async () => {
    const { composeSheet } = await import('../../src/export/tts/compose-sheet.js');
    const cell = { widthPx: 3, heightPx: 2 };
    const flat = (r: number): Raster => ({ data: Buffer.alloc(3 * 2 * 3, r), width: 3, height: 2, channels: 3 });
    const pixels = async (png: Buffer) => [...(await sharp(png).raw().toBuffer())];
    const full = [flat(10), flat(20), flat(30), flat(40)];
    const first = await composeSheet(4, async (i) => full[i]!, { columns: 2, rows: 2 }, cell);
    // The second sheet, of the same pixel size, has one card: the three cells after it are white, not the first sheet's cards.
    const second = await composeSheet(1, async () => flat(50), { columns: 2, rows: 2 }, cell);
    const expected = (cells: number[]) => Array.from({ length: 4 * 6 }, (_, p) => cells[Math.floor(p / 6 / 2) * 2 + Math.floor((p % 6) / 3)]!).flatMap((v) => [v, v, v]);
    expect(await pixels(second)).toEqual(expected([50, 255, 255, 255]));
    expect(await pixels(first)).toEqual(expected([10, 20, 30, 40]));
    // And the first made again is the same file; then a smaller sheet, in the larger one's memory, is whole.
    expect((await composeSheet(4, async (i) => full[i]!, { columns: 2, rows: 2 }, cell)).equals(first)).toBe(true);
    const small = await composeSheet(1, async () => flat(60), { columns: 2, rows: 1 }, cell);
    expect(await sharp(small).metadata()).toMatchObject({ width: 6, height: 2 });
    expect(await pixels(small)).toEqual(Array.from({ length: 12 }, (_, p) => (p % 6 < 3 ? 60 : 255)).flatMap((v) => [v, v, v]));
  });
});
