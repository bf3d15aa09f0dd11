import { inflateRawSync } from 'node:zlib';

/**
 * Stands in for tiny-inflate, inside the linebreak bundle (see STAND_INS in bin/compile.js) and
 * in Node's module cache for fontkit and unicode-trie (see src/vendor/fontkit-stand-ins.ts):
 * linebreak's Unicode table and unicode-trie's are inflated by it as they load, at every start. Node's own inflate
 * gives the same bytes in a fraction of the time. Data that does not fit the room the caller
 * made, cut short or damaged throws an error (tiny-inflate drops what does not fit, gives what
 * it read of cut data); the tables it inflates, which come with the packages, are none of these.
 */
export default function inflate(source: Uint8Array, dest: Uint8Array): Uint8Array {
  const out = inflateRawSync(source, { maxOutputLength: Math.max(1, dest.length) });
  dest.set(out);
  return out.length < dest.length ? dest.slice(0, out.length) : dest;
}
