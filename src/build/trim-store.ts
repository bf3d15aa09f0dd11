import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants } from 'node:zlib';
import type { DisplayList } from '../shared/display-list.js';
import type { Raster } from '../shared/face.js';
import type { BuildCache } from './cache.js';

const compressed = promisify(brotliCompress);
const decompressed = promisify(brotliDecompress);
/** Brotli's quality 1: measured on card trims, 2 ms and a third of the bytes (zlib's fastest level took 9.5 ms for the same size). */
const QUICK = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };

type Size = { width: number; height: number };

/**
 * The output buffer that lets zlib compress or decompress a trim in one job of the thread pool.
 * With its default (16 KB), each piece of output is a job whose end this thread must see before
 * the next starts: a poker card's trim took some 15 turns of the event loop to keep and 44 to
 * read back, each waiting while this thread lays out or writes a PDF (measured: a drawn card
 * then held its place among the PNGs in flight for up to 300 ms after its worker was done).
 */
const oneJob = (bytes: number) => Math.max(64 * 1024, bytes + 1024);

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
    if (this.kept) await this.cache.bytes('trim', key, () => compressed(trim.data, { ...QUICK, chunkSize: oneJob(trim.data.length) }));
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
    const bytes = this.cache.peek('trim', key);
    if (!bytes) return undefined;
    // Never more than the trim it should be: a file decompressing to more (damaged, or made to) is dropped.
    const length = size.width * size.height * 3;
    const data = await decompressed(bytes, { chunkSize: oneJob(length), maxOutputLength: length }).catch(() => undefined);
    if (data && data.length === length) return { data, width: size.width, height: size.height, channels: 3 };
    // Damaged (cut short, overwritten): dropped, so that the trim drawn in its place is kept.
    this.cache.forget(key);
    return undefined;
  }

  /** Lets go of the trims held in memory (the cache's stay for the next build). */
  dispose(): void {
    this.fresh.clear();
    this.freshBytes = 0;
  }
}
