import { brotliDecompressSync } from 'node:zlib';

/**
 * Stands in, inside fontkit's bundle, for the brotli package's decoder (see STAND_INS in
 * bin/compile.js): fontkit calls it to open a WOFF2 font, and nothing else does. Node's own
 * decoder gives the same bytes without loading a 750 kB dictionary written as JavaScript at
 * every start. It also stops at the size the font declares (brotli's decoder writes past it):
 * a font whose tables inflate further is refused, not read whole.
 */
export default function decompress(buffer: Uint8Array, outputSize?: number): Uint8Array {
  const out = brotliDecompressSync(buffer, outputSize === undefined ? {} : { maxOutputLength: Math.max(1, outputSize) });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
