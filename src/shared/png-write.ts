import { constants, deflateRawSync } from 'node:zlib';
import { adler32Combine, PNG_SIGNATURE, pngChunk } from './png-chunks.js';
import { adler32At, convertRows, equalWords, KERNEL_FREE, kernelMemory, longMatchesAt, upRows } from './png-kernels.js';

/**
 * The one PNG writer of pocketpress: every PNG it makes (component pictures, Tabletop
 * Simulator sheets and pieces, print-shop files) is filtered and deflated here, a piece of rows
 * (about 128 KB) at a time, each piece compressed the way that suits it:
 *
 * - a piece of mostly flat colour (its rows equal to the rows above them in more than
 *   FLAT_SHARE of their 4-byte words), or one that repeats along its rows (a deck sheet's cards
 *   side by side: a sample of its rows repeats bytes before it in long runs, enough of them or
 *   deflating smaller so), is left unfiltered and deflated at level 7: long repeats are what
 *   deflate's matches find best;
 * - another (painted or photographic art) is "Up"-filtered and deflated with run-length matches
 *   only (Z_RLE): its filtered bytes are small numbers that Huffman codes pack well, where
 *   deflate's search for long matches would be slow and find few; a piece with hardly a word
 *   equal to the word above it (less than PAINTED_SHARE: a photograph) has no runs either and
 *   is Huffman-coded alone (Z_HUFFMAN_ONLY), a third faster for as many bytes.
 *
 * Each piece is deflated with the 32 KB before it as its dictionary, so that the file is one
 * zlib stream whose matches reach across pieces as if it had been deflated in one go.
 *
 * Measured against sharp (libspng and zlib-ng, unfiltered) on this machine, per picture: bench
 * poker cards with art (815 × 1110 px RGB) 546 KB in 16.6 ms CPU (19.5–20.5 ms with the loops
 * over every byte in JavaScript rather than png-kernels.wat), where sharp's level 8 took
 * 32–33 ms for 890 KB and level 9 48–50 ms for 899 KB; 221 PNGs of the shipped games (flat
 * drawings) 60.7 KB in 12.4–13.7 ms (in JavaScript), where level 8 took 19.6–19.9 ms for
 * 58.7 KB and level 9 37–39 ms for 54.3 KB.
 */

/** Deflated rows of a PNG: one IDAT chunk, and what the zlib stream's checksum needs of them. */
export interface PngBand {
  /** An IDAT chunk: the rows' deflate data, ending on a sync flush (byte-aligned, not final). */
  chunk: Buffer;
  /** The Adler-32 of the bytes deflated (filter bytes and rows). */
  adler: number;
  /** How many bytes were deflated: rows × (1 filter byte + the row's bytes). */
  length: number;
}

/** Rows `from` to `to` (excluded) of a picture; an `independent` band owes nothing to the rows above it. */
export interface BandRange {
  from: number;
  to: number;
  independent?: boolean;
}

/** Pixels row by row, `channels` bytes a pixel. */
export interface PixelRows {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
}

/**
 * What the PNG holds of the pixels: `rgb` (from RGB, or from RGBA whose alpha is dropped) or
 * `rgba` with straight alpha (from RGBA, premultiplied or not as `premultiplied` says).
 */
export interface PngColor {
  color: 'rgb' | 'rgba';
  premultiplied?: boolean;
}

/** The bytes of rows deflated in one call, at least one row. */
const PIECE_BYTES = 128 * 1024;
/** A piece whose rows equal the rows above them in more than this share of their 4-byte words is flat. */
const FLAT_SHARE = 0.7;
/** zlib's level for flat pieces: level 8 made the shipped drawings 4 % smaller for 80 % more time. */
const FLAT_LEVEL = 7;
/** The bytes of a piece sampled to tell whether it repeats along its rows. */
const SAMPLE_BYTES = 16 * 1024;
/**
 * A sample whose bytes repeat earlier ones (runs of 8 bytes or more) for less than this share
 * does not repeat along its rows: it is not deflated both ways. Bench art: 0.1–0.5 %.
 */
const REPEAT_SHARE = 0.05;
/**
 * A sample that repeats earlier bytes for this share or more repeats along its rows without
 * being deflated both ways (a deck sheet's row of cards side by side: ~0.9). Measured on the
 * pieces of the shipped games' and the bench's English PNGs whose samples were deflated both
 * ways: of the 422 from 0.4, 419 came out smaller unfiltered, and the 3 others (from 0.96, in
 * deck sheets cut into other rows than a build's) 7–20 % larger so, on samples of 43 to 1 099
 * bytes. Under 0.4, where partly repeating rows can go either way (rows of cards that share a
 * textured frame around their art), they are deflated both ways.
 */
const SURE_REPEAT_SHARE = 0.4;
/** A piece with less than this share of its words equal to the word above it is painted (photographic) art: Huffman codes alone. */
const PAINTED_SHARE = 0.1;
/** deflate's window: the most of the stream before a piece its matches can reach. */
const WINDOW = 32 * 1024;

const FILTER_NONE = 0;

/** How rows of `pixels` become the PNG's: copied as they are, or converted by a kernel. */
function conversionOf(pixels: PixelRows, color: PngColor): 'copy' | 'rgb' | 'straight' {
  const out = color.color === 'rgb' ? 3 : 4;
  if (pixels.channels === out && !(out === 4 && color.premultiplied)) return 'copy';
  if (pixels.channels === 3) throw new Error('RGB pixels cannot be written as RGBA');
  return out === 3 ? 'rgb' : 'straight';
}

/**
 * Writes rows `y0`–`y1` (excluded) of `pixels` at `dst` in the kernels' memory as the PNG holds
 * them (alpha dropped, or made straight), each its filter byte (0) then the row, `line` bytes
 * apart; pixels to convert are first copied to `src`. May write up to 4 bytes past the last row.
 */
function readRows(pixels: PixelRows, conversion: 'copy' | 'rgb' | 'straight', y0: number, y1: number, dst: number, line: number, src: number): void {
  const memory = kernelMemory(0);
  const sourceStride = pixels.width * pixels.channels;
  if (conversion === 'copy') {
    for (let y = y0, at = dst; y < y1; y++, at += line) {
      memory[at] = FILTER_NONE;
      memory.set(pixels.data.subarray(y * sourceStride, (y + 1) * sourceStride), at + 1);
    }
    return;
  }
  memory.set(pixels.data.subarray(y0 * sourceStride, y1 * sourceStride), src);
  convertRows(conversion, src, sourceStride, dst, line, y1 - y0, pixels.width);
}

/** Pixels converted at a time by opaqueRgb: the kernels' memory stays small. */
const OPAQUE_CHUNK = 64 * 1024;

/** `count` opaque RGBA pixels (alpha 255, so premultiplied or not alike) as RGB. */
export function opaqueRgb(rgba: Uint8Array, count: number): Buffer {
  if (rgba.length < count * 4) throw new RangeError(`${count} pixels need ${count * 4} bytes of RGBA, not ${rgba.length}`);
  // Pixels of the kernels' memory are copied out first: growing it empties every view of it.
  if (rgba.buffer === kernelMemory(0).buffer) rgba = rgba.slice(0, count * 4);
  // A buffer of its own: a PNG worker transfers it to the main thread as it is.
  const rgb = Buffer.allocUnsafeSlow(count * 3);
  const src = KERNEL_FREE;
  const dst = src + OPAQUE_CHUNK * 4;
  const memory = kernelMemory(dst + OPAQUE_CHUNK * 3 + 16);
  for (let first = 0; first < count; first += OPAQUE_CHUNK) {
    const n = Math.min(OPAQUE_CHUNK, count - first);
    memory.set(rgba.subarray(first * 4, (first + n) * 4), src);
    // One row of n pixels: its filter byte at dst, the pixels after it.
    convertRows('rgb', src, n * 4, dst, n * 3 + 1, 1, n);
    rgb.set(memory.subarray(dst + 1, dst + 1 + n * 3), first * 3);
  }
  return rgb;
}

/**
 * The share of `bytes` that repeats bytes before it in runs of 8 or more, as deflate's
 * matches would find them (each position's most recent earlier one with the same first four
 * bytes, by a hash; a run counted is stepped over): png-kernels.wat's longMatches, on the bytes
 * where they are in the kernels' memory, else on a copy.
 */
export function longMatchShare(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  const held = bytes.buffer === kernelMemory(0).buffer;
  if (held && bytes.byteOffset >= KERNEL_FREE) return longMatchesAt(bytes.byteOffset, bytes.length) / bytes.length;
  // Bytes of the kernels' memory (over the table) are copied out first: growing it empties every view of it.
  const source = held ? bytes.slice() : bytes;
  // `source`, not `bytes`: a view of the memory is empty once it has grown.
  const memory = kernelMemory(KERNEL_FREE + source.length);
  memory.set(source, KERNEL_FREE);
  return longMatchesAt(KERNEL_FREE, source.length) / source.length;
}

/**
 * Whether a piece that is not flat still repeats itself along its rows (a deck sheet's cards
 * side by side, a tiled texture), which only deflate's long matches find, judged on its
 * `sample` rows (see sampleRows) by how much of them repeats earlier bytes: under
 * REPEAT_SHARE no, from SURE_REPEAT_SHARE yes, and in between by deflating them both ways,
 * unfiltered at FLAT_LEVEL against Up-filtered as the piece would be.
 */
function repeatsAcross(plain: Uint8Array, up: Uint8Array, sample: { from: number; to: number }, line: number, strategy: number): boolean {
  const start = sample.from * line;
  const end = sample.to * line;
  const share = longMatchShare(plain.subarray(start, end));
  if (share < REPEAT_SHARE) return false;
  if (share >= SURE_REPEAT_SHARE) return true;
  const unfiltered = deflateRawSync(plain.subarray(start, end), { level: FLAT_LEVEL }).length;
  return unfiltered < deflateRawSync(up.subarray(start, end), { level: 6, strategy }).length;
}

/** The middle rows of a piece of `rows` rows that repeatsAcross judges: SAMPLE_BYTES, at least one row. */
function sampleRows(rows: number, line: number): { from: number; to: number } {
  const sampled = Math.min(rows, Math.max(1, Math.ceil(SAMPLE_BYTES / line)));
  const from = Math.floor((rows - sampled) / 2);
  return { from, to: from + sampled };
}

/** `n` rounded up to a multiple of 16. */
const align16 = (n: number) => (n + 15) & ~15;

/**
 * Filters and deflates rows `from` to `to` (excluded) of `pixels` as one band of a PNG. An
 * `independent` band owes nothing to the rows above it (its first row is unfiltered and no
 * match reaches above it), so that it can be kept and joined under any other band; otherwise
 * the band continues the image from row `from - 1`.
 *
 * The rows are converted, compared, filtered and summed in the kernels' memory
 * (png-kernels.ts), where a piece is its rows as the PNG holds them, each its filter byte then
 * the row, with the row above its first just before it. Four such slots, a piece unfiltered
 * and Up-filtered, twice: the piece before stays whole while it is the next one's dictionary.
 */
export function deflateRows(pixels: PixelRows, color: PngColor, range: BandRange): PngBand {
  const { from, to } = range;
  // Pixels of the kernels' memory are copied out first: growing it empties every view of it.
  if (pixels.data.buffer === kernelMemory(0).buffer) pixels = { ...pixels, data: pixels.data.slice() };
  const stride = pixels.width * (color.color === 'rgb' ? 3 : 4);
  const line = stride + 1;
  // A row's words as 4-byte words (its last stride mod 4 bytes as one): what FLAT_SHARE and PAINTED_SHARE count.
  const words = Math.ceil(stride / 4);
  const conversion = conversionOf(pixels, color);
  const pieceRows = Math.max(1, Math.ceil(PIECE_BYTES / line));
  const rowCount = Math.min(pieceRows, to - from);
  const slot = align16((rowCount + 1) * line + 16);
  const src = KERNEL_FREE + 4 * slot;
  const memory = kernelMemory(src + (conversion === 'copy' ? 0 : rowCount * pixels.width * pixels.channels));
  // Where piece n's rows start unfiltered (`plain`) and Up-filtered (`up`).
  const plainAt = (n: number) => KERNEL_FREE + 2 * (n % 2) * slot + line;
  const upAt = (n: number) => KERNEL_FREE + (2 * (n % 2) + 1) * slot + line;
  // The row above the first piece: the band's row from − 1, else zeros.
  if (from > 0 && !range.independent) readRows(pixels, conversion, from - 1, from, plainAt(0) - line, line, src);
  else memory.fill(0, plainAt(0) - line, plainAt(0));
  let before: Uint8Array = Buffer.alloc(0);
  const parts: Buffer[] = [];
  let adler = 1;
  for (let first = from, n = 0; first < to; first += pieceRows, n++) {
    const last = Math.min(to, first + pieceRows);
    const rows = last - first;
    const plain = plainAt(n);
    const up = upAt(n);
    if (n > 0) memory.copyWithin(plain - line, plainAt(n - 1) + (pieceRows - 1) * line, plainAt(n - 1) + pieceRows * line);
    readRows(pixels, conversion, first, last, plain, line, src);
    // An independent band's first row is not compared with (nor filtered against) the row above.
    const skip = first === from && range.independent ? 1 : 0;
    const equal = equalWords(plain, line, skip, rows, stride);
    let flat = equal > FLAT_SHARE * rows * words;
    const strategy = equal < PAINTED_SHARE * rows * words ? constants.Z_HUFFMAN_ONLY : constants.Z_RLE;
    if (!flat) {
      // The piece's rows k from `lo` to `hi` (excluded), Up-filtered.
      const filterUp = (lo: number, hi: number) => {
        if (lo < skip) {
          memory.copyWithin(up, plain, plain + line);
          lo = skip;
        }
        if (lo < hi) upRows(plain, up, line, lo, hi, stride);
      };
      // The rows the piece is judged on first; the others only when it goes Up-filtered (a deck
      // sheet's row of cards repeats along its rows, and goes unfiltered).
      const sample = sampleRows(rows, line);
      filterUp(sample.from, sample.to);
      flat = repeatsAcross(memory.subarray(plain), memory.subarray(up), sample, line, strategy);
      if (!flat) {
        filterUp(0, sample.from);
        filterUp(sample.to, rows);
      }
    }
    const at = flat ? plain : up;
    const piece = memory.subarray(at, at + rows * line);
    // Run-length matches reach one byte back; a flat piece's, the whole window. Only the
    // band's last piece is shorter than the window, so the piece before holds the dictionary.
    const dictionary = before.subarray(flat ? Math.max(0, before.length - WINDOW) : before.length - 1);
    parts.push(
      deflateRawSync(piece, {
        level: flat ? FLAT_LEVEL : 6,
        strategy: flat ? constants.Z_DEFAULT_STRATEGY : strategy,
        finishFlush: constants.Z_SYNC_FLUSH,
        ...(dictionary.length > 0 ? { dictionary } : {}),
      }),
    );
    adler = adler32At(at, rows * line, adler);
    before = piece;
  }
  return { chunk: pngChunk('IDAT', parts), adler, length: (to - from) * line };
}

/** zlib's header for a 32 KB window at a high level (the second byte makes the pair a multiple of 31). */
const ZLIB_HEADER = Buffer.from([0x78, 0xda]);
/** An empty final block with fixed codes: the end of the deflate stream. */
const FINAL_BLOCK = [0x03, 0x00];

/**
 * An 8-bit PNG of `width` × `height` px from its bands, top to bottom: one zlib stream across
 * the bands' IDAT chunks; the colours said to be sRGB, and the density in pHYs when `dpi` is given.
 */
export function joinPng(size: { width: number; height: number }, color: PngColor, bands: readonly PngBand[], options: { dpi?: number } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size.width, 0);
  header.writeUInt32BE(size.height, 4);
  header[8] = 8; // bits per sample
  header[9] = color.color === 'rgb' ? 2 : 6;
  let adler = 1;
  for (const band of bands) adler = adler32Combine(adler, band.adler, band.length);
  const end = Buffer.from([...FINAL_BLOCK, 0, 0, 0, 0]);
  end.writeUInt32BE(adler, 2);
  const chunks = [PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('sRGB', Buffer.from([0]))];
  if (options.dpi !== undefined) {
    const density = Buffer.alloc(9);
    const perMetre = Math.round(options.dpi / 0.0254);
    density.writeUInt32BE(perMetre, 0);
    density.writeUInt32BE(perMetre, 4);
    density[8] = 1; // metres
    chunks.push(pngChunk('pHYs', density));
  }
  return Buffer.concat([...chunks, pngChunk('IDAT', ZLIB_HEADER), ...bands.map((b) => b.chunk), pngChunk('IDAT', end), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Pixels as a PNG file, the same bytes every time for the same pixels. */
export function encodePng(pixels: PixelRows, color: PngColor, options: { dpi?: number } = {}): Buffer {
  const band = deflateRows(pixels, color, { from: 0, to: pixels.height });
  return joinPng(pixels, color, [band], options);
}

/** Pixels with straight alpha or none (as sharp gives them raw) as a PNG: RGB, or RGBA. */
export function encodeStraightPng(pixels: PixelRows, options: { dpi?: number } = {}): Buffer {
  return encodePng(pixels, { color: pixels.channels === 3 ? 'rgb' : 'rgba' }, options);
}
