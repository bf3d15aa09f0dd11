import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants } from 'node:zlib';
import type { DisplayList } from '../shared/display-list.js';
import type { Raster } from '../shared/face.js';
import { BuildCache } from './cache.js';

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
 * deck sheets are put together about as fast as two workers draw: on 2 cores every trim was
 * taken from memory in builds of 1 000 cards (16 MB) and 3 000 cards (8 MB).
 */
const FRESH_BYTES = 16 * 1024 * 1024;

/**
 * The trims of faces at the sizes the Tabletop Simulator images take (RGB on white), drawn by
 * the PNG workers in the same task as each face's PNG, so that the deck sheets and piece
 * images never decode and scale the PNGs again. Kept in the build cache (so that a build that
 * redraws one card finds the others' trims), or, without the cache, in a scratch folder
 * removed when the build ends. Compressed quickly: a thousand cards never sit in
 * memory, and the cache grows by a quarter of a megabyte a card.
 */
export class TrimStore {
  /**
   * The trims kept most recently, as they were drawn, FRESH_BYTES at most (the oldest let go
   * first): the deck sheets are put together while the faces are still being drawn, and take
   * most trims from here instead of reading and decompressing them.
   */
  private readonly fresh = new Map<string, Raster>();
  private freshBytes = 0;

  private constructor(
    private readonly cache: BuildCache,
    private readonly scratch?: string,
  ) {}

  /** Removes the scratch folder when the process ends before the build does (Ctrl-C, a kill, a crash). */
  private readonly onExit = () => this.dispose();

  /** The store of a build: in its cache when it keeps one, else in a scratch folder. */
  static open(cache: BuildCache, fingerprint: string): TrimStore {
    if (cache.persistent) return new TrimStore(cache);
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'pocketpress-trims-'));
    const store = new TrimStore(new BuildCache(scratch, fingerprint), scratch);
    process.once('exit', store.onExit);
    return store;
  }

  /** A trim is named by the face and its size. */
  private key(list: DisplayList, size: Size): string {
    return this.cache.listKey('trim', [list], { width: size.width, height: size.height });
  }

  async keep(list: DisplayList, trim: Raster): Promise<void> {
    const key = this.key(list, trim);
    this.remember(key, trim);
    await this.cache.bytes('trim', key, () => compressed(trim.data, { ...QUICK, chunkSize: oneJob(trim.data.length) }));
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
      // Counted as the same trim read back would be: the build's statistics do not depend on timing.
      this.cache.countReused('trim');
      return fresh;
    }
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

  /** Removes the scratch folder (the cache's trims stay for the next build). */
  dispose(): void {
    this.fresh.clear();
    this.freshBytes = 0;
    if (!this.scratch) return;
    process.removeListener('exit', this.onExit);
    rmSync(this.scratch, { recursive: true, force: true });
  }
}
