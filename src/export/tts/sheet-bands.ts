import { crc32 } from '../../shared/png-chunks.js';
import type { PngBand } from '../../shared/png-write.js';

/*
 * A deck sheet is a band per row of cards (png-write.ts's deflateRows, each band independent of
 * the rows above it), joined into one PNG without being compressed again: a sheet in which one
 * card changed deflates one band, the others are taken from the build cache as kept here.
 */

/** A band as kept on disk: its checksum and length, the CRC-32 of those eight bytes, then its chunk (whose own CRC covers the rest). */
export function bandBytes(band: PngBand): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt32BE(band.adler, 0);
  head.writeUInt32BE(band.length, 4);
  head.writeUInt32BE(crc32(head.subarray(0, 8)), 8);
  return Buffer.concat([head, band.chunk]);
}

/** The most bytes `bandBytes` can give for a band of `length` bytes deflated: zlib's deflateBound, the sync flush's empty block, the head and the chunk's framing (with room to spare). */
export function bandBytesAtMost(length: number): number {
  const bound = length + Math.floor(length / 4096) + Math.floor(length / 16_384) + Math.floor(length / 33_554_432) + 13;
  return bound + 5 + 24 + 64;
}

/**
 * A band read back from `bandBytes`, if whole (the CRCs of its head and of its chunk hold) and
 * of `length` bytes deflated; else undefined. A band whose Adler-32 was damaged would end the
 * sheet's zlib stream on a wrong checksum.
 */
export function readBand(bytes: Buffer, length: number): PngBand | undefined {
  if (bytes.length < 24 || bytes.readUInt32BE(4) !== length) return undefined;
  if (crc32(bytes.subarray(0, 8)) !== bytes.readUInt32BE(8)) return undefined;
  const chunk = bytes.subarray(12);
  const dataLength = chunk.readUInt32BE(0);
  if (chunk.length !== 12 + dataLength || chunk.toString('latin1', 4, 8) !== 'IDAT') return undefined;
  if (crc32(chunk.subarray(4, 8 + dataLength)) !== chunk.readUInt32BE(8 + dataLength)) return undefined;
  return { chunk, adler: bytes.readUInt32BE(0), length };
}
