import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutSet } from '../../src/build/build-game.js';
import { BuildCache } from '../../src/build/cache.js';
import { checkContent } from '../../src/content/check-content.js';
import { resolveGame } from '../../src/resolve/resolve-game.js';
import { composeSheet } from '../../src/impose/compose.js';
import { layOutRulebook } from '../../src/build/build-rulebook.js';
import type { DisplayItem, DisplayList } from '../../src/shared/display-list.js';
import { FIXTURES, tempDir } from '../helpers.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

afterEach(() => vi.restoreAllMocks());

describe('the hash of a laid-out face', () => {
  const loaded = checkContent(path.join(FIXTURES, 'valid', 'full-game')).games[0]!;
  const game = resolveGame(loaded, 'en');
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

  it('names the faces placed on a sheet by their hashes: a sheet is keyed without its cards serialized again, and another card on it gives another key', () => {
    const dir = tempDir();
    const sheetOf = (lists: DisplayList[]) => composeSheet({ width: 595, height: 842 }, lists.map((list, i) => ({ list, x: 20 + (i % 3) * 190, y: 20 + Math.floor(i / 3) * 260, rotate: 0 as const, reach: { top: 3, right: 3, bottom: 3, left: 3 } })), [{ type: 'rect', x: 0, y: 0, width: 5, height: 5, fill: '#000000' }]);
    const first = new BuildCache(dir, 'test');
    const fronts = (c: BuildCache) => faces(c).filter((f) => !f.back).map((f) => f.list).slice(0, 3);
    const firstKey = first.listHash(sheetOf(fronts(first)));
    const later = new BuildCache(dir, 'test');
    const laterFronts = fronts(later);
    const stringify = vi.spyOn(JSON, 'stringify');
    expect(later.listHash(sheetOf(laterFronts))).toBe(firstKey);
    const written = stringify.mock.results.map((r) => String(r.value)).join('');
    stringify.mockRestore();
    // The sheet's JSON holds the placements and the mark, each card as a reference: none of their glyphs.
    expect(written).toContain('"@list"');
    expect(written).not.toContain('"glyphs"');
    expect(written.length).toBeLessThan(JSON.stringify(laterFronts[0]).length);
    // Exactly: the sheet's JSON with each card's items, inside the groups that place them, as {"@list": its hash, "item": its index}.
    const sheet = sheetOf(laterFronts);
    const asRef = (item: DisplayItem) => {
      const card = laterFronts.find((f) => f.items.includes(item));
      return card ? { '@list': later.listHash(card), item: card.items.indexOf(item) } : item;
    };
    const withRefs = { ...sheet, items: sheet.items.map((g) => (g.type === 'group' ? { ...g, items: g.items.map(asRef) } : g)) };
    expect(JSON.stringify(withRefs)).toContain('"@list"');
    expect(later.listHash(sheet)).toBe(sha(JSON.stringify(withRefs)));
    // Another card in a place, or the same cards in another order: another key.
    expect(later.listHash(sheetOf([laterFronts[0]!, laterFronts[2]!, laterFronts[1]!]))).not.toBe(firstKey);
    expect(later.listHash(sheetOf([laterFronts[0]!, laterFronts[1]!, laterFronts[1]!]))).not.toBe(firstKey);
  });

  it('comes back with each page of a rulebook read from the cache', () => {
    const dir = tempDir();
    const first = new BuildCache(dir, 'test');
    const made = layOutRulebook(loaded, game, { paper: 'a4', cache: first })!;
    expect(made.pages.length).toBeGreaterThan(0);
    const hashes = made.pages.map((p) => first.listHash(p));
    const later = new BuildCache(dir, 'test');
    const read = layOutRulebook(loaded, game, { paper: 'a4', cache: later })!;
    expect(later.stats['rulebook-layout']).toEqual({ made: 0, reused: 1 });
    expect('pageHashes' in read).toBe(false);
    const stringify = vi.spyOn(JSON, 'stringify');
    expect(read.pages.map((p) => later.listHash(p))).toEqual(hashes);
    expect(stringify).not.toHaveBeenCalled();
    stringify.mockRestore();
    expect(hashes[0]).toBe(sha(JSON.stringify(read.pages[0])));
  });

  it('is taken from the list when nobody noted one (a list made by imposition, or without a cache)', () => {
    const cache = new BuildCache(undefined, 'test');
    const list: DisplayList = { width: 10, height: 20, bleed: 0, items: [{ type: 'rect', x: 1, y: 2, width: 3, height: 4, fill: '#000000' }], fonts: {} };
    expect(cache.listHash(list)).toBe(sha(JSON.stringify(list)));
    const other: DisplayList = { ...list };
    cache.noteListHash(other, 'noted');
    expect(cache.listHash(other)).toBe('noted');
  });

  it('gives a key of many lists taken with turns of the event loop equal to the one taken at once, and turns while it digests', async () => {
    const made = faces(new BuildCache(undefined, 'test'));
    const cache = new BuildCache(undefined, 'test');
    // Time passes 25 ms at each look at the clock: every list digested is past a turn's due time.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 25));
    // Counted on each turn of the event loop; digests taken at once would let none pass.
    let turns = 0;
    let counting = setImmediate(function count() {
      turns++;
      counting = setImmediate(count);
    });
    const key = await cache.listKeyTurning('pdf', made.map((f) => f.list), { dpi: 300 });
    clearImmediate(counting);
    expect(key).toBe(new BuildCache(undefined, 'test').listKey('pdf', made.map((f) => f.list), { dpi: 300 }));
    expect(key).not.toBe(cache.listKey('pdf', made.slice(1).map((f) => f.list), { dpi: 300 }));
    expect(turns).toBeGreaterThan(0);
  });
});
