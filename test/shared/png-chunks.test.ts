import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adler32Combine, crc32, pngChunk } from '../../src/shared/png-chunks.js';
import { adler32At, KERNEL_FREE, kernelMemory } from '../../src/shared/png-kernels.js';

/** The Adler-32 the PNG writer's kernel sums for `bytes`, placed in its memory as far off a 16-byte boundary as they are. */
function adler32(bytes: Uint8Array, adler = 1): number {
  const at = KERNEL_FREE + (bytes.byteOffset % 16);
  kernelMemory(at + bytes.length).set(bytes, at);
  return adler32At(at, bytes.length, adler);
}

const bytes = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7919 + seed * 104_729) & 255));

describe('PNG checksums', () => {
  it('CRC-32 gives the check value of the standard and continues a run', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
    expect(crc32(Buffer.from('6789'), crc32(Buffer.from('12345')))).toBe(0xcbf43926);
  });

  it('Adler-32 (the writer\'s kernel) is the checksum zlib ends its stream with, past the point where its sums must be reduced', () => {
    for (const n of [0, 1, 5551, 5552, 5553, 100_000]) {
      const data = n === 100_000 ? Buffer.alloc(n, 255) : bytes(n, n);
      const stream = deflateSync(data);
      expect(adler32(data)).toBe(stream.readUInt32BE(stream.length - 4));
    }
    expect(adler32(Buffer.from('Wikipedia'))).toBe(0x11e60398);
    // Continued from the checksum of the bytes before.
    expect(adler32(Buffer.from('pedia'), adler32(Buffer.from('Wiki')))).toBe(0x11e60398);
  });

  it('Adler-32 of bytes starting off a 4-byte boundary, of any length, continued from sums near their largest', () => {
    const big = Buffer.concat([bytes(40_003, 3), Buffer.alloc(30_000, 255)]);
    const zlibAdler = (data: Uint8Array) => {
      const stream = deflateSync(data);
      return stream.readUInt32BE(stream.length - 4);
    };
    for (const offset of [0, 1, 2, 3]) {
      for (const length of [1, 3, 4, 7, 5_536, 5_541, 5_553, 11_073, 69_990]) {
        const data = big.subarray(offset, offset + length);
        expect(adler32(data)).toBe(zlibAdler(data));
      }
    }
    // After 5 551 bytes of 255 both sums are just under 65 521 (a) and near 2^32 before reduction (b).
    const full = Buffer.alloc(5_551, 255);
    const tail = big.subarray(41_001, 41_001 + 22_222);
    expect(adler32(tail, adler32(full))).toBe(zlibAdler(Buffer.concat([full, tail])));
  });

  it('combines the Adler-32 of two runs into that of both, whatever their lengths', () => {
    const whole = Buffer.concat([bytes(70_001, 1), Buffer.alloc(65_521 * 2 + 3, 255)]);
    for (const cut of [0, 1, 4_999, 70_001, 131_045, whole.length]) {
      const [a, b] = [whole.subarray(0, cut), whole.subarray(cut)];
      expect(adler32Combine(adler32(a), adler32(b), b.length)).toBe(adler32(whole));
    }
  });

  it('frames a chunk with its length, type and the CRC of type and data', () => {
    const chunk = pngChunk('IEND', Buffer.alloc(0));
    // The IEND chunk every PNG ends with.
    expect(chunk.toString('hex')).toBe('0000000049454e44ae426082');
    const data = pngChunk('tEXt', Buffer.from('a\0b'));
    expect(data.readUInt32BE(0)).toBe(3);
    expect(data.readUInt32BE(11)).toBe(crc32(Buffer.from('tEXta\0b', 'latin1')));
    // Data given in parts: the same chunk as the parts joined.
    const parts = [Buffer.from('a'), Buffer.alloc(0), Buffer.from('\0b')];
    expect(pngChunk('tEXt', parts).equals(data)).toBe(true);
  });
});
