import type { DisplayList } from '../shared/display-list.js';
import type { Raster } from '../shared/face.js';
import { keptTrimAtMost, packTrim, unpackTrim, type KeptTrim } from '../shared/trim-bytes.js';
import type { BuildCache } from './cache.js';

type Size = { width: number; height: number };

/**
 * Trims held in memory at most: 16 MB, about 23 poker cards' at Tabletop Simulator's size. The
 * deck sheets are put together as this thread finds the time between the PDFs: in a 100-card
 * build on 2 cores, 78 of the 101 trims had left memory before their row was.
 */
const FRESH_BYTES = 16 * 1024 * 1024;

/**
 * The trims of faces at the sizes the Tabletop Simulator images take (RGB on white), drawn by
 * the PNG workers in the same task as each face's PNG, so that the deck sheets and piece
 * images never decode and scale the PNGs again. Kept in the build cache (so that a build that
 * redraws one card finds the others' trims), compressed quickly: a thousand cards never sit in
 * memory, and the cache grows by a quarter of a megabyte a card.
 *
 * Without the cache, only the latest FRESH_BYTES are held, in memory, and a trim asked for after
 * it left is drawn again alone (faceTrims): cheaper than compressing every trim into a scratch
 * folder and reading it back, as builds without the cache did (100 cards: ×0.93 time and CPU;
 * 1 000 cards: ×0.88 time, ×0.90 CPU; 10 000 cards, where most trims are drawn twice: the
 * same), for the same pixels.
 */
export class TrimStore {
  /**
   * The trims kept most recently, as they were drawn, FRESH_BYTES at most (the oldest let go
   * first): the deck sheets are put together while the faces are still being drawn, and take
   * most trims from here instead of reading and decompressing them.
   */
  private readonly fresh = new Map<string, Raster>();
  private freshBytes = 0;
  /** The trims handed out unread (keptAt), counted as found again then. */
  private readonly handedOut = new Set<string>();

  /** The store of a build: in its cache when it keeps one, else in memory. */
  constructor(private readonly cache: BuildCache) {}

  /** Whether the trims are kept in the cache (else held in memory only). */
  private get kept(): boolean {
    return this.cache.persistent;
  }

  /** A trim is named by the face and its size. */
  private key(list: DisplayList, size: Size): string {
    return this.cache.listKey('trim', [list], { width: size.width, height: size.height });
  }

  async keep(list: DisplayList, trim: Raster): Promise<void> {
    const key = this.key(list, trim);
    this.remember(key, trim);
    if (this.kept) await this.cache.bytes('trim', key, () => packTrim(trim.data));
  }

  private remember(key: string, trim: Raster): void {
    const before = this.fresh.get(key);
    if (before) this.freshBytes -= before.data.length;
    this.fresh.delete(key);
    this.fresh.set(key, trim);
    this.freshBytes += trim.data.length;
    for (const [oldest, raster] of this.fresh) {
      if (this.freshBytes <= FRESH_BYTES) break;
      this.fresh.delete(oldest);
      this.freshBytes -= raster.data.length;
    }
  }

  /** The trim kept for this face and size, if any (and whole). */
  async find(list: DisplayList, size: Size): Promise<Raster | undefined> {
    const key = this.key(list, size);
    const fresh = this.fresh.get(key);
    if (fresh) {
      // Counted as the same trim read back would be: the build's statistics do not depend on timing
      // (nor count the trims of a build without the cache, which keeps none).
      if (this.kept) this.cache.countReused('trim');
      return fresh;
    }
    if (!this.kept) return undefined;
    // Never more than the trim it should be: a file decompressing to more (damaged, or made to) is dropped.
    // A trim handed out unread (keptAt) and asked for again was found damaged: counted once.
    const bytes = this.cache.peek('trim', key, keptTrimAtMost(size), !this.handedOut.delete(key));
    const trim = bytes && (await unpackTrim(bytes, size));
    if (trim) return trim;
    // Damaged (cut short, overwritten): dropped, so that the trim drawn in its place is kept.
    if (bytes) this.cache.forget(key);
    return undefined;
  }

  /**
   * The file in which the build cache keeps this face's trim at this size, unread (counted as
   * found again); undefined when the trim is held in memory (find gives it) or not kept.
   */
  keptAt(list: DisplayList, size: Size): KeptTrim | undefined {
    if (!this.kept) return undefined;
    const key = this.key(list, size);
    if (this.fresh.has(key)) return undefined;
    const file = this.cache.keptPath('trim', key, keptTrimAtMost(size));
    if (file === undefined) return undefined;
    this.handedOut.add(key);
    return { file, width: size.width, height: size.height };
  }

  /** Lets go of the trims held in memory (the cache's stay for the next build). */
  dispose(): void {
    this.fresh.clear();
    this.freshBytes = 0;
    this.handedOut.clear();
  }
}
