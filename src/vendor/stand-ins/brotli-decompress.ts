import { brotliDecompressSync } from 'node:zlib';

/**
 * Stands in for brotli's decoder, which fontkit imports for WOFF2 fonts alone (see
 * src/vendor/fontkit-stand-ins.ts): the package reads its 120 KB dictionary, written as 750 KB of
 * JavaScript, as it loads, 20–25 ms of every start. pocketpress refuses WOFF2 fonts (see
 * check-game-file.ts); a font file that is one under another name is still decoded, by Node, to
 * the same bytes. Data larger than `outputSize` (the size the font's directory gives its tables)
 * is refused, where brotli gave it all: a damaged font, or a bomb.
 */
export default function decompress(input: Uint8Array, outputSize?: number): Uint8Array {
  const out = brotliDecompressSync(input, outputSize === undefined ? {} : { maxOutputLength: Math.max(1, outputSize) });
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}
