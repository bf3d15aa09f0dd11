// The stand-ins of src/vendor/ against the modules they replace in the bundles: the same bytes.
import { deflateRawSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cbc as nobleCbc, ecb as nobleEcb } from '@noble/ciphers/aes';
import { cbc, ecb } from '../../src/vendor/stand-ins/aes.js';
import inflate from '../../src/vendor/stand-ins/tiny-inflate.js';

const require = createRequire(import.meta.url);
const tinyInflate = require('tiny-inflate') as (source: Uint8Array, dest: Uint8Array) => Uint8Array;

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
