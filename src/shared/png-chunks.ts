import * as zlib from 'node:zlib';

/** The checksums and chunk framing of a PNG file (ISO/IEC 15948), for PNGs written piece by piece. */

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** zlib's own CRC-32 where Node has it (20.15 and later): ten times faster than the table below. */
const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC-32 of `bytes` (PNG's, zlib's and gzip's), continuing from `crc` when given. */
export function crc32(bytes: Uint8Array, crc = 0): number {
  if (nativeCrc32) return nativeCrc32(bytes, crc);
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

const ADLER_BASE = 65521;

/** Bytes summed before a sum is reduced modulo ADLER_BASE (zlib's NMAX: the sums stay under 2³²). */
const ADLER_BLOCK = 5552;
/** Words (4 bytes) summed before reducing, so that the weighted sum of a block stays a 31-bit integer. */
const ADLER_WORDS = 1000;

/** Whether this machine keeps a 32-bit word's lowest byte first (every machine Node runs on but a few). */
export const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Adler-32's two sums carried over `bytes[from..to)` byte by byte, reduced every ADLER_BLOCK bytes. */
function adlerBytes(bytes: Uint8Array, from: number, to: number, sums: { a: number; b: number }): void {
  let { a, b } = sums;
  for (let i = from; i < to; ) {
    const end = Math.min(to, i + ADLER_BLOCK);
    for (; i < end; i++) {
      a += bytes[i]!;
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  sums.a = a;
  sums.b = b;
}

/**
 * The Adler-32 of `bytes` (the checksum ending a zlib stream), continuing from `adler` when
 * given: four bytes at a time, read as one little-endian word — the four add 4·s + 4·x₀ + 3·x₁ +
 * 2·x₂ + x₃ to the second sum, s being the bytes summed before them in the block. A third as fast
 * as zlib summing them (deflating them stored, at level 0), but that left a copy of every byte
 * for the garbage collector: in a PNG worker, the most of what made it collect.
 */
export function adler32(bytes: Uint8Array, adler = 1): number {
  const sums = { a: adler & 0xffff, b: adler >>> 16 };
  const head = LITTLE_ENDIAN ? Math.min(bytes.length, (4 - (bytes.byteOffset % 4)) % 4) : bytes.length;
  adlerBytes(bytes, 0, head, sums);
  const wordCount = (bytes.length - head) >>> 2;
  const words = wordCount > 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset + head, wordCount) : new Uint32Array(0);
  let { a, b } = sums;
  for (let w = 0; w < words.length; ) {
    const end = Math.min(words.length, w + ADLER_WORDS);
    const count = end - w;
    let sum = 0;
    let weighted = 0;
    for (; w < end; w++) {
      const x = words[w]!;
      const x0 = x & 0xff;
      const x1 = (x >>> 8) & 0xff;
      const x2 = (x >>> 16) & 0xff;
      const x3 = x >>> 24;
      weighted += 4 * sum + 4 * x0 + 3 * x1 + 2 * x2 + x3;
      sum += x0 + x1 + x2 + x3;
    }
    b = (b + ((4 * count * a) % ADLER_BASE) + weighted) % ADLER_BASE;
    a = (a + sum) % ADLER_BASE;
  }
  sums.a = a;
  sums.b = b;
  adlerBytes(bytes, head + words.length * 4, bytes.length, sums);
  return ((sums.b << 16) | sums.a) >>> 0;
}

/** The Adler-32 of two runs of bytes one after the other, from the checksum of each and the second's length (zlib's adler32_combine). */
export function adler32Combine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % ADLER_BASE;
  const firstLow = first & 0xffff;
  const low = (firstLow + (second & 0xffff) + ADLER_BASE - 1) % ADLER_BASE;
  const high = ((first >>> 16) + (second >>> 16) + ((rem * firstLow) % ADLER_BASE) + ADLER_BASE - rem) % ADLER_BASE;
  return ((high << 16) | low) >>> 0;
}

/** One PNG chunk: its length, its four-letter type, its data (given whole or in parts, written one after the other) and the CRC of type and data. */
export function pngChunk(type: string, data: Uint8Array | readonly Uint8Array[]): Buffer {
  const parts = data instanceof Uint8Array ? [data] : data;
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const chunk = Buffer.allocUnsafe(12 + length);
  chunk.writeUInt32BE(length, 0);
  chunk.write(type, 4, 'latin1');
  let at = 8;
  for (const part of parts) {
    chunk.set(part, at);
    at += part.length;
  }
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + length)), 8 + length);
  return chunk;
}
