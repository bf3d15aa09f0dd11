import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutSet } from '../../src/build/build-game.js';
import { BuildCache } from '../../src/build/cache.js';
import { pdfOf } from '../../src/build/renderers.js';
import { checkContent } from '../../src/content/check-content.js';
import { resolveGame } from '../../src/resolve/resolve-game.js';
import type { AddFile, OutputFile } from '../../src/shared/output-file.js';
import { exportWrites } from '../../src/shared/output-names.js';
import { PNG_SIGNATURE } from '../../src/shared/png-chunks.js';
import { FIXTURES, tempDir } from '../helpers.js';

afterEach(() => vi.restoreAllMocks());

const taken: string[] = [];
/** A key that says when it is taken. */
const keyOf = (name: string) => () => {
  taken.push(name);
  return `${name}-0123456789abcdef`;
};

describe('the keys of a build cache', () => {
  it('are never taken by a cache that keeps nothing (--no-cache): each value is made and counted made', async () => {
    taken.length = 0;
    const cache = new BuildCache(undefined, 'test');
    expect(await cache.bytes('pdf', keyOf('pdf'), async () => Buffer.from('%PDF'))).toEqual(Buffer.from('%PDF'));
    expect(await cache.bytes('png', async () => keyOf('png-later')(), async () => Buffer.from('png'))).toEqual(Buffer.from('png'));
    expect(cache.json('kit-contents', keyOf('kit'), () => ({ page: 1 }))).toEqual({ page: 1 });
    expect(await cache.jsonAsync('image-check', keyOf('image'), async () => true)).toBe(true);
    const added: string[] = [];
    const file: OutputFile = { path: 'tts/a.json', bytes: Buffer.from('{}'), entry: { kind: 'tts-json' } };
    await cache.files('export', keyOf('export'), async (add) => add(file), (f) => added.push(f.path), (f) => exportWrites('a', f));
    expect(added).toEqual(['tts/a.json']);
    expect(taken).toEqual([]);
    expect(cache.stats).toEqual({ pdf: { made: 1, reused: 0 }, png: { made: 1, reused: 0 }, 'kit-contents': { made: 1, reused: 0 }, 'image-check': { made: 1, reused: 0 }, export: { made: 1, reused: 0 } });
  });

  it('are taken, once each, by a cache that keeps values, which gives them back in the next build', async () => {
    taken.length = 0;
    const dir = tempDir();
    const first = new BuildCache(dir, 'test');
    await first.bytes('pdf', keyOf('pdf'), async () => Buffer.from('%PDF'));
    await first.bytes('png', async () => keyOf('png-later')(), async () => Buffer.from('png'));
    expect(taken).toEqual(['pdf', 'png-later']);
    const later = new BuildCache(dir, 'test');
    const make = vi.fn(async () => Buffer.from('made again'));
    expect(await later.bytes('pdf', keyOf('pdf'), make)).toEqual(Buffer.from('%PDF'));
    expect(await later.bytes('png', async () => keyOf('png-later')(), make)).toEqual(Buffer.from('png'));
    expect(make).not.toHaveBeenCalled();
    expect(later.stats).toEqual({ pdf: { made: 0, reused: 1 }, png: { made: 0, reused: 1 } });
  });

  it('are not taken when a set is laid out and its PDF made without keeping them: no face, template or game file is hashed for them', async () => {
    const loaded = checkContent(path.join(FIXTURES, 'valid', 'full-game')).games[0]!;
    const game = resolveGame(loaded, 'en');
    const cache = new BuildCache(undefined, 'test');
    const key = vi.spyOn(cache, 'key');
    const hashFile = vi.spyOn(cache, 'hashFile');
    const assets = vi.spyOn(cache, 'assetsOf');
    const faces = game.sets.flatMap((set) => layoutSet(game, set, () => {}, undefined, cache));
    expect(faces.length).toBeGreaterThan(4);
    expect(cache.stats['layout']).toEqual({ made: faces.length, reused: 0 });
    expect([key.mock.calls.length, hashFile.mock.calls.length, assets.mock.calls.length]).toEqual([0, 0, 0]);
    const digest = vi.spyOn(cache, 'listDigest');
    const pdf = await pdfOf(faces.map((f) => f.list), { title: 'Faces' }, cache);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(cache.stats['pdf']).toEqual({ made: 1, reused: 0 });
    expect([digest.mock.calls.length, key.mock.calls.length]).toEqual([0, 0]);
  });
});

describe('an index of files kept in the build cache', () => {
  const KEY = 'e'.repeat(64);
  const made: OutputFile = { path: 'tts/deck.json', bytes: Buffer.from('{"made":true}'), entry: { kind: 'tts-json' } };
  /** files() under KEY with `index` written where its index goes: the paths handed over, and whether it made them. */
  async function takeWith(index: string): Promise<{ added: string[]; made: boolean }> {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'ee'), { recursive: true });
    writeFileSync(path.join(dir, 'ee', KEY), index);
    writeFileSync(path.join(dir, 'ee', `${KEY}-0`), 'kept bytes');
    const cache = new BuildCache(dir, 'test');
    const added: string[] = [];
    const make = vi.fn(async (add: AddFile) => add(made));
    await cache.files('export', KEY, make, (f) => added.push(f.path), (f) => exportWrites('deck', f));
    return { added, made: make.mock.calls.length === 1 };
  }

  it('is taken when it lists files it holds', async () => {
    expect(await takeWith(JSON.stringify([{ path: 'tts/a.json', entry: { kind: 'tts-json' } }]))).toEqual({ added: ['tts/a.json'], made: false });
    expect(await takeWith(JSON.stringify([{ path: 'deck.json', entry: { kind: 'engine-json' } }]))).toEqual({ added: ['deck.json'], made: false });
    expect(await takeWith(JSON.stringify([{ path: 'tts/deck-1.png', entry: { kind: 'tts-sheet' } }]))).toEqual({ added: ['tts/deck-1.png'], made: false });
  });

  it('is not taken, and the files are made again, when it is damaged or names what it should not', async () => {
    const damaged = [
      'not JSON',
      'null',
      '{"path": "tts/a.json"}',
      '[null]',
      JSON.stringify([{ path: 'tts/a.json' }]),
      JSON.stringify([{ path: '../../outside.txt', entry: { kind: 'tts-json' } }]),
      JSON.stringify([{ path: '/etc/passwd', entry: { kind: 'tts-json' } }]),
      JSON.stringify([{ path: 'tts/./a.json', entry: { kind: 'tts-json' } }]),
      JSON.stringify([{ path: 'tts/a.json', entry: { kind: 'tts-json' }, kept: '../../../etc/passwd' }]),
      JSON.stringify([{ path: 'tts/a.json', entry: { kind: 'tts-json' }, kept: 7 }]),
      // A file kept under a key of its own that the cache does not hold.
      JSON.stringify([{ path: 'tts/a.json', entry: { kind: 'tts-json' }, kept: 'f'.repeat(64) }]),
      // Paths of the build's other outputs, which an export never writes: the folder of the PNGs
      // (every later build stopped with exit 2), a set's sheets, the rulebook.
      JSON.stringify([{ path: 'png', entry: { kind: 'tts-json' } }]),
      JSON.stringify([{ path: 'cards.pdf', entry: { kind: 'tts-json' } }]),
      JSON.stringify([{ path: 'tts/a.json', entry: { kind: 'tts-json' } }, { path: 'rulebook.pdf', entry: { kind: 'tts-json' } }]),
      JSON.stringify([{ path: 'other-game.json', entry: { kind: 'engine-json' } }]),
      // The print shops' files are made apart from the exports kept here: one named in the index was planted.
      JSON.stringify([{ path: 'shops/mpc/order.json', entry: { kind: 'shop-order' } }]),
      // Where the exports write, but of a kind they never make: a kit to print, listed as one.
      JSON.stringify([{ path: 'tts/kit.pdf', entry: { kind: 'print-and-play' } }]),
      JSON.stringify([{ path: 'deck.json', entry: { kind: 'tts-json' } }]),
    ];
    for (const index of damaged) expect(await takeWith(index), index).toEqual({ added: ['tts/deck.json'], made: true });
  });
});

describe('a PNG kept under a key of its own', () => {
  const KEY = 'a'.repeat(64);
  const png = (body: string) => Buffer.concat([PNG_SIGNATURE, Buffer.from(body), Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82])]);
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  it('is given with the digest noted as it was kept; another copy of the same bytes is hashed again and given; other bytes, or no whole PNG, are dropped', async () => {
    const dir = tempDir();
    const first = png('first');
    const cache = new BuildCache(dir, 'test');
    expect(await cache.keptOrMade('tts-sheet', KEY, async () => first)).toEqual({ bytes: first, sha256: sha(first), key: KEY });
    const file = path.join(dir, 'aa', KEY);
    const make = vi.fn(async () => png('made again'));
    expect(await cache.keptOrMade('tts-sheet', KEY, make)).toEqual({ kept: { file, size: first.length, sha256: sha(first) } });
    expect(make).not.toHaveBeenCalled();
    expect(cache.stats).toEqual({ 'tts-sheet': { made: 1, reused: 1 } });
    // Without a key (a cache that keeps nothing), made and counted, never kept.
    const nothing = new BuildCache(undefined, 'test');
    expect(await nothing.keptOrMade('png', undefined, async () => first)).toEqual({ bytes: first, sha256: sha(first) });
    expect(nothing.stats).toEqual({ png: { made: 1, reused: 0 } });
    expect(cache.keptFile('tts-sheet', KEY)).toEqual({ file, size: first.length, sha256: sha(first) });
    // The same bytes in another file (a cache copied or unpacked elsewhere has other stamps): hashed again, given, and noted anew.
    rmSync(file);
    writeFileSync(file, first);
    expect(new BuildCache(dir, 'test').keptFile('tts-sheet', KEY)).toEqual({ file, size: first.length, sha256: sha(first) });
    expect(readFileSync(`${file}.sha256`, 'utf8').startsWith(`${sha(first)} `)).toBe(true);
    // Written over with another whole PNG, or one bit of it flipped: not the bytes noted, dropped and made again.
    for (const other of [png('second, longer'), Buffer.from(first.map((b, i) => (i === 12 ? b ^ 0x10 : b)))]) {
      writeFileSync(file, other);
      const later = new BuildCache(dir, 'test');
      expect(later.keptFile('tts-sheet', KEY)).toBeUndefined();
      expect(existsSync(file)).toBe(false);
      expect(later.stats).toEqual({});
      await cache.keptOrMade('tts-sheet', KEY, async () => first);
    }
    // With no note, a file is taken when it is a whole PNG, and dropped when cut short.
    rmSync(`${file}.sha256`);
    const second = png('second, longer');
    writeFileSync(file, second);
    expect(new BuildCache(dir, 'test').keptFile('tts-sheet', KEY)).toEqual({ file, size: second.length, sha256: sha(second) });
    rmSync(`${file}.sha256`);
    writeFileSync(file, second.subarray(0, second.length - 4));
    const later = new BuildCache(dir, 'test');
    expect(later.keptFile('tts-sheet', KEY)).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    expect(later.stats).toEqual({});
  });
});

describe('a JSON value kept in the build cache', () => {
  it('is made again, and kept anew, when its file is cut short, written over, a folder or a link out of the cache', async () => {
    const dir = tempDir();
    const key = 'layout-0123456789abcdef';
    const file = path.join(dir, key.slice(0, 2), key);
    const value = { items: [1, 2, 3], name: 'kept' };
    const outside = path.join(tempDir(), 'outside.json');
    writeFileSync(outside, JSON.stringify({ items: [], name: 'outside' }));
    const damage: [string, () => void][] = [
      ['cut short', () => writeFileSync(file, JSON.stringify(value).slice(0, 9))],
      ['written over', () => writeFileSync(file, Buffer.from([0xff, 0x00, 0x7b]))],
      ['a folder', () => mkdirSync(file)],
      ['a link out of the cache', () => symlinkSync(outside, file)],
    ];
    for (const [what, hurt] of damage) {
      const first = new BuildCache(dir, 'test');
      expect(first.json('layout', key, () => value)).toEqual(value);
      rmSync(file, { recursive: true, force: true });
      hurt();
      const cache = new BuildCache(dir, 'test');
      let made = 0;
      const again = cache.json('layout', key, () => {
        made++;
        return value;
      });
      expect({ what, again, made, stats: cache.stats['layout'] }).toEqual({ what, again: value, made: 1, stats: { made: 1, reused: 0 } });
      expect(await new BuildCache(dir, 'test').jsonAsync('layout', key, async () => ({ not: 'taken' })), what).toEqual(what === 'a folder' ? { not: 'taken' } : value);
      rmSync(file, { recursive: true, force: true });
    }
  });
});
