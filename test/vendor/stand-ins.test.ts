// The stand-ins of src/vendor/ against the modules they replace in the bundles: the same bytes.
import { brotliCompressSync, deflateRawSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cbc as nobleCbc, ecb as nobleEcb } from '@noble/ciphers/aes';
import { cbc, ecb } from '../../src/vendor/stand-ins/aes.js';
import inflate from '../../src/vendor/stand-ins/tiny-inflate.js';
import decompress from '../../src/vendor/stand-ins/brotli-decompress.js';

const require = createRequire(import.meta.url);
const tinyInflate = require('tiny-inflate') as (source: Uint8Array, dest: Uint8Array) => Uint8Array;
/** brotli's own decoder, as fontkit finds it. */
const brotliDecode = createRequire(require.resolve('fontkit'))('brotli/decompress.js') as (input: Uint8Array, outputSize?: number) => Uint8Array;

describe('Node\'s inflate standing in for tiny-inflate', () => {
  const data = Buffer.from('0123456789abcdef'.repeat(2000) + randomBytes(500).toString('base64'));
  const packed = deflateRawSync(data);

  it('fills the room it is given with the same bytes, and gives back that room', () => {
    const room = new Uint8Array(data.length);
    const ours = inflate(packed, room);
    expect(ours).toBe(room);
    expect(Buffer.from(ours).equals(Buffer.from(tinyInflate(packed, new Uint8Array(data.length))))).toBe(true);
    expect(Buffer.from(ours).equals(data)).toBe(true);
  });

  it('gives what there is when the room is larger, as tiny-inflate does', () => {
    const ours = inflate(packed, new Uint8Array(data.length + 100));
    expect(ours.length).toBe(data.length);
    expect(Buffer.from(ours).equals(Buffer.from(tinyInflate(packed, new Uint8Array(data.length + 100))))).toBe(true);
  });

  it('refuses data that does not fit the room (tiny-inflate drops the rest) and damaged data', () => {
    expect(tinyInflate(packed, new Uint8Array(100)).length).toBe(100);
    expect(() => inflate(packed, new Uint8Array(100))).toThrow();
    expect(() => inflate(Buffer.from([0xff, 0xff, 0xff, 0xff]), new Uint8Array(10))).toThrow();
  });
});

describe('Node\'s AES standing in for noble\'s in pdfkit', () => {
  const iv = Uint8Array.from({ length: 16 }, (_, i) => i * 7);
  const data = new TextEncoder().encode('an object of a PDF, with a password set');
  const block = data.slice(0, 32);

  it.each([16, 32])('encrypts as noble does with a %i-byte key (CBC padded and not, ECB)', (length) => {
    const key = Uint8Array.from({ length }, (_, i) => (i * 31 + 5) & 0xff);
    expect(Buffer.from(cbc(key, iv).encrypt(data)).toString('hex')).toBe(Buffer.from(nobleCbc(key, iv).encrypt(data)).toString('hex'));
    expect(cbc(key, iv).encrypt(data).length).toBe(48);
    expect(Buffer.from(cbc(key, iv, { disablePadding: true }).encrypt(block)).toString('hex')).toBe(Buffer.from(nobleCbc(key, iv, { disablePadding: true }).encrypt(block)).toString('hex'));
    expect(Buffer.from(ecb(key, { disablePadding: true }).encrypt(block)).toString('hex')).toBe(Buffer.from(nobleEcb(key, { disablePadding: true }).encrypt(block)).toString('hex'));
  });
});

describe("Node's Brotli standing in for brotli's decoder in fontkit", () => {
  const data = Buffer.concat([Buffer.from('glyf loca hmtx '.repeat(3000)), randomBytes(20_000)]);
  const packed = brotliCompressSync(data);

  it('gives the same bytes, in a room of the size said or without one', () => {
    for (const size of [data.length, data.length + 500, undefined]) {
      const ours = decompress(packed, size);
      expect(ours).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(ours).equals(data), String(size)).toBe(true);
      expect(Buffer.from(ours).equals(Buffer.from(brotliDecode(packed, size))), String(size)).toBe(true);
    }
  });

  it('refuses data larger than the room said (where brotli gives it all), and damaged data as brotli does', () => {
    // A font's directory says how large its tables are: more is a damaged font, or a bomb.
    expect(brotliDecode(packed, 1000).length).toBe(data.length);
    expect(() => decompress(packed, 1000)).toThrow();
    expect(() => brotliDecode(Buffer.from(packed).fill(0xff, 10, 40), data.length)).toThrow();
    const damaged = Buffer.from(packed);
    damaged.fill(0xff, 10, 40);
    expect(() => decompress(damaged, data.length)).toThrow();
  });
});
