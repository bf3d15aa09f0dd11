import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BuildCache } from '../../src/build/cache.js';
import { faceTrims } from '../../src/build/renderers.js';
import { TrimStore } from '../../src/build/trim-store.js';
import type { DisplayList } from '../../src/shared/display-list.js';
import { tempDir } from '../helpers.js';

/** A cache in a folder of its own, its trim store, and a face of one colour whose 20 × 30 px trim it keeps. */
function cachedTrim(background: string) {
  const dir = tempDir();
  const cache = new BuildCache(dir, 'test');
  const list: DisplayList = { width: 72, height: 72, bleed: 9, background, items: [], fonts: {} };
  return { dir, cache, store: new TrimStore(cache), list, size: { width: 20, height: 30 } };
}

/** Every file under `dir`, its subfolders' included. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('a trim kept in the cache', () => {
  it('that is damaged is neither used nor kept: it is drawn again and replaced', async () => {
    const { dir, cache, store, list, size } = cachedTrim('#ff0000');
    const trim = faceTrims(store);
    const first = await trim({ back: false, item: 'a', list }, size);
    expect([first.width, first.height, first.channels, first.data.length]).toEqual([20, 30, 3, 1800]);
    expect([...first.data.subarray(0, 3)]).toEqual([255, 0, 0]);
    // The kept file cut short, as a full disk or a copy stopped half-way leaves it.
    const kept = filesUnder(dir);
    expect(kept).toHaveLength(1);
    writeFileSync(kept[0]!, readFileSync(kept[0]!).subarray(0, 10));
    // This build still holds the trim it drew; the next one reads the damaged file.
    expect((await store.find(list, size))!.data.equals(first.data)).toBe(true);
    store.dispose();
    const next = new TrimStore(cache);
    expect(await next.find(list, size)).toBeUndefined();
    const again = await faceTrims(next)({ back: false, item: 'a', list }, size);
    expect(again.data.equals(first.data)).toBe(true);
    // Whole again: the build after finds it without drawing it.
    expect((await new TrimStore(cache).find(list, size))!.data.equals(first.data)).toBe(true);
    next.dispose();
  });
});

describe('a trim kept in the cache that decompresses to more than a trim', () => {
  it('is dropped once its output passes the trim\'s size, never decompressed whole', async () => {
    const { dir, cache, store, list, size } = cachedTrim('#00ff00');
    await faceTrims(store)({ back: false, item: 'a', list }, size);
    store.dispose();
    const kept = filesUnder(dir);
    expect(kept).toHaveLength(1);
    // 300 MB of zeros in a few hundred bytes, where 1 800 bytes belong.
    writeFileSync(kept[0]!, Buffer.concat([Buffer.alloc(4), brotliCompressSync(Buffer.alloc(300 * 1024 * 1024), { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })]));
    const before = process.memoryUsage().arrayBuffers;
    const next = new TrimStore(cache);
    expect(await next.find(list, size)).toBeUndefined();
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * 1024 * 1024);
    next.dispose();
  });
});

/** 20 faces and their trims of 1 MB each (1024 × 341 px RGB), each its own bytes. */
function megabyteTrims() {
  const size = { width: 1024, height: 341 };
  const lists = Array.from({ length: 20 }, (_, i): DisplayList => ({ width: 72, height: 72, bleed: i, items: [], fonts: {} }));
  const trims = lists.map((_, i) => ({ data: Buffer.alloc(size.width * size.height * 3, i), width: size.width, height: size.height, channels: 3 as const }));
  return { size, lists, trims };
}

describe('the trims a build keeps', () => {
  it('are found again in memory, the latest 16 MB of them, with the rest on disk', async () => {
    const dir = tempDir();
    const cache = new BuildCache(dir, 'test');
    const store = new TrimStore(cache);
    const { size, lists, trims } = megabyteTrims();
    for (const [i, list] of lists.entries()) await store.keep(list, trims[i]!);
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files).toHaveLength(20);
    for (const file of files) rmSync(path.join(file.parentPath, file.name));
    // With the files gone, this build still holds the latest ones (16 MB is 16 of them), not the oldest.
    expect((await store.find(lists[19]!, size))!.data.equals(trims[19]!.data)).toBe(true);
    expect((await store.find(lists[4]!, size))!.data[0]).toBe(4);
    expect(await store.find(lists[3]!, size)).toBeUndefined();
    expect(await store.find(lists[0]!, size)).toBeUndefined();
    store.dispose();
  }, 60_000);
});

describe('the trims of a build without the cache', () => {
  it('are held in memory only, the latest 16 MB of them; one asked for after it left is drawn again, the same', async () => {
    const tmp = tempDir();
    const before = process.env['TMPDIR'];
    process.env['TMPDIR'] = tmp;
    try {
      const store = new TrimStore(new BuildCache(undefined, 'test'));
      const { size, lists, trims } = megabyteTrims();
      for (const [i, list] of lists.entries()) await store.keep(list, trims[i]!);
      // Nothing written anywhere: no scratch folder, no file.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(readdirSync(tmp)).toEqual([]);
      expect((await store.find(lists[19]!, size))!.data.equals(trims[19]!.data)).toBe(true);
      expect((await store.find(lists[4]!, size))!.data[0]).toBe(4);
      expect(await store.find(lists[3]!, size)).toBeUndefined();
      // A face's trim that left memory, drawn again alone when the deck sheet asks for it.
      const face: DisplayList = { width: 72, height: 72, bleed: 9, background: '#3366cc', items: [], fonts: {} };
      const small = { width: 20, height: 30 };
      const first = await faceTrims(store)({ back: false, item: 'a', list: face }, small);
      for (const [i, list] of lists.entries()) await store.keep(list, trims[i]!);
      expect(await store.find(face, small)).toBeUndefined();
      const again = await faceTrims(store)({ back: false, item: 'a', list: face }, small);
      expect([again.width, again.height, [...again.data.subarray(0, 3)]]).toEqual([20, 30, [0x33, 0x66, 0xcc]]);
      expect(again.data.equals(first.data)).toBe(true);
      store.dispose();
      expect(await store.find(lists[19]!, size)).toBeUndefined();
    } finally {
      if (before === undefined) delete process.env['TMPDIR'];
      else process.env['TMPDIR'] = before;
    }
  }, 60_000);
});
