import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutSet } from '../../src/build/build-game.js';
import { BuildCache } from '../../src/build/cache.js';
import { checkContent } from '../../src/content/check-content.js';
import { resolveGame } from '../../src/resolve/resolve-game.js';
import type { DisplayList } from '../../src/shared/display-list.js';
import { FIXTURES, tempDir } from '../helpers.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

afterEach(() => vi.restoreAllMocks());

describe('the hash of a laid-out face', () => {
  const game = resolveGame(checkContent(path.join(FIXTURES, 'valid', 'full-game')).games[0]!, 'en');
  const faces = (cache: BuildCache) => game.sets.flatMap((set) => layoutSet(game, set, () => {}, undefined, cache));

  it('comes back from the cache with the face, equal to the hash of its JSON, so that a rebuild serializes no face it did not lay out', () => {
    const dir = tempDir();
    const first = new BuildCache(dir, 'test');
    const made = faces(first);
    expect(made.length).toBeGreaterThan(4);
    const digests = made.map((f) => first.listDigest(f.list));

    // A later build, from the cache: the same keys, and not one face serialized for them.
    const later = new BuildCache(dir, 'test');
    const again = faces(later);
    expect(later.stats['layout']).toEqual({ made: 0, reused: made.length });
    const stringify = vi.spyOn(JSON, 'stringify');
    const keys = again.map((f) => later.listDigest(f.list));
    const serializedLists = stringify.mock.calls.filter(([value]) => again.some((f) => f.list === (value as DisplayList)));
    expect(serializedLists).toEqual([]);
    stringify.mockRestore();
    expect(keys).toEqual(digests);
    for (const face of again) expect(later.listHash(face.list)).toBe(sha(JSON.stringify(face.list)));
  });

  it('is taken from the list when nobody noted one (a list made by imposition, or without a cache)', () => {
    const cache = new BuildCache(undefined, 'test');
    const list: DisplayList = { width: 10, height: 20, bleed: 0, items: [{ type: 'rect', x: 1, y: 2, width: 3, height: 4, fill: '#000000' }], fonts: {} };
    expect(cache.listHash(list)).toBe(sha(JSON.stringify(list)));
    const other: DisplayList = { ...list };
    cache.noteListHash(other, 'noted');
    expect(cache.listHash(other)).toBe('noted');
  });
});
