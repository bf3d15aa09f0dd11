import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutSet } from '../../src/build/build-game.js';
import { BuildCache } from '../../src/build/cache.js';
import { pdfOf } from '../../src/build/renderers.js';
import { checkContent } from '../../src/content/check-content.js';
import { resolveGame } from '../../src/resolve/resolve-game.js';
import type { OutputFile } from '../../src/shared/output-file.js';
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
    await cache.files('export', keyOf('export'), async (add) => add(file), (f) => added.push(f.path));
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
