import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants } from 'node:zlib';
import type { Raster } from './face.js';
import { readCheckedFile } from './file-access.js';
import { crc32 } from './png-chunks.js';

/**
 * How a face's trim (its RGB pixels at the size a Tabletop Simulator image takes) is kept in the
 * build cache: the CRC-32 of its pixels (4 bytes, big-endian), then the pixels compressed with
 * Brotli's quality 1. Measured on card trims: 2 ms and a third of the bytes (zlib's fastest
 * level took 9.5 ms for the same size). Brotli's stream has no checksum: a flipped bit gave
 * other pixels of the right length, and a deck sheet unlike the one a build without the cache
 * makes; the CRC makes such a trim damaged, drawn again. Read back by the build
 * (build/trim-store.ts) or, for a deck sheet's row of cards, by the thread that makes the row
 * (band-cells.ts).
 */
const QUICK = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };

const compressed = promisify(brotliCompress);
const decompressed = promisify(brotliDecompress);

type Size = { width: number; height: number };

/** A trim kept in the build cache, not read: its file (the real path, checked to be the cache's own) and the size its pixels are. */
export interface KeptTrim {
  file: string;
  width: number;
  height: number;
}

/** The bytes of a trim's pixels. */
const trimLength = (size: Size): number => size.width * size.height * 3;

/**
 * The most bytes a kept trim of `size` can take: its CRC and Brotli's bound for data that does
 * not compress (a few bytes a 64 KB block), with room to spare. A larger file is not one.
 */
export const keptTrimAtMost = (size: Size): number => 4 + trimLength(size) + (trimLength(size) >> 10) + 1024;

/**
 * The output buffer that lets zlib compress or decompress a trim in one job of the thread pool.
 * With its default (16 KB), each piece of output is a job whose end this thread must see before
 * the next starts: a poker card's trim took some 15 turns of the event loop to keep and 44 to
 * read back, each waiting while this thread lays out or writes a PDF (measured: a drawn card
 * then held its place among the PNGs in flight for up to 300 ms after its worker was done).
 */
const oneJob = (bytes: number) => Math.max(64 * 1024, bytes + 1024);

/** A trim's pixels as kept (their CRC, then compressed on zlib's thread pool). */
export async function packTrim(data: Uint8Array): Promise<Buffer> {
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data));
  return Buffer.concat([crc, await compressed(data, { ...QUICK, chunkSize: oneJob(data.length) })]);
}

/**
 * The raster of a kept trim of `size`, decompressed on zlib's thread pool; undefined when the
 * bytes are not one: cut short, more than its pixels (never read out past them), or pixels
 * whose CRC is not the one kept.
 */
export async function unpackTrim(bytes: Uint8Array, size: Size): Promise<Raster | undefined> {
  const length = trimLength(size);
  if (bytes.length < 4) return undefined;
  const data = await decompressed(bytes.subarray(4), { chunkSize: oneJob(length), maxOutputLength: length }).catch(() => undefined);
  const kept = Buffer.from(bytes.buffer, bytes.byteOffset, 4).readUInt32BE(0);
  return data && data.length === length && crc32(data) === kept ? { data, width: size.width, height: size.height, channels: 3 } : undefined;
}

/**
 * The pixels of the kept trim `kept` (decompressed on zlib's thread pool); undefined when its
 * file is gone or no longer a regular file (readCheckedFile), is larger than a trim can be kept
 * in, or is not its pixels whole (damaged, cut short, or made to be larger: see unpackTrim).
 */
export async function readKeptTrim(kept: KeptTrim): Promise<Uint8Array | undefined> {
  const bytes = readCheckedFile(kept.file, keptTrimAtMost(kept));
  return bytes && (await unpackTrim(bytes, kept))?.data;
}
