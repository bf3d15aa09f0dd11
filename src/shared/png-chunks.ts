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
