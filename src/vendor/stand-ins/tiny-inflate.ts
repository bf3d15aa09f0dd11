import { inflateRawSync } from 'node:zlib';

/**
 * Stands in, inside the linebreak bundle, for tiny-inflate (see STAND_INS in bin/compile.js):
 * linebreak's Unicode table is inflated by it as it loads, at every start. Node's own inflate
 * gives the same bytes in a fraction of the time, and stops at the size the caller made room
 * for (tiny-inflate drops what does not fit).
 */
export default function inflate(source: Uint8Array, dest: Uint8Array): Uint8Array {
  const out = inflateRawSync(source, { maxOutputLength: Math.max(1, dest.length) });
  dest.set(out);
  return out.length < dest.length ? dest.slice(0, out.length) : dest;
}
