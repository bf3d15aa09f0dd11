import { constants, deflateRawSync } from 'node:zlib';
import { adler32, adler32Combine, LITTLE_ENDIAN, PNG_SIGNATURE, pngChunk } from './png-chunks.js';

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
 * poker cards with art (815 × 1110 px RGB) 546 KB in 19.5–20.5 ms CPU (547 KB in 22–26 ms
 * before photographic pieces were Huffman-coded and told from repeating ones by longMatchShare),
 * where sharp's level 8 took 32–33 ms for 890 KB and level 9 48–50 ms for 899 KB; 221 PNGs of
 * the shipped games (flat drawings) 60.7 KB in 12.4–13.7 ms, where level 8 took 19.6–19.9 ms
 * for 58.7 KB and level 9 37–39 ms for 54.3 KB.
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

/** A band deflated, and the buffer that held its pixels, handed back to be used again. */
export interface DeflatedBand {
  band: PngBand;
  data: Uint8Array;
}

/**
 * Deflates rows as deflateRows does, possibly on another thread: the pixels' buffer (one of
 * its own, not touched until the band is in) goes there and comes back with the band.
 */
export type DeflateBand = (pixels: PixelRows, color: PngColor, range: BandRange) => Promise<DeflatedBand>;

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
/** The shortest run of repeated bytes longMatchShare counts. */
const LONG_MATCH = 8;
/** deflate's window: the most of the stream before a piece its matches can reach. */
const WINDOW = 32 * 1024;

const FILTER_NONE = 0;
const FILTER_UP = 2;

/** Writes row `y` of `pixels` into `row` as the PNG holds it (alpha dropped, or made straight). */
/** `row` starts on a multiple of four bytes. */
function rowReader(pixels: PixelRows, color: PngColor): (y: number, row: Uint8Array) => void {
  const { data, width, channels } = pixels;
  const out = color.color === 'rgb' ? 3 : 4;
  if (channels === out && !(out === 4 && color.premultiplied)) {
    const stride = width * out;
    return (y, row) => row.set(data.subarray(y * stride, (y + 1) * stride));
  }
  if (channels === 3) throw new Error('RGB pixels cannot be written as RGBA');
  if (out === 3) {
    // Where the bytes allow it (little-endian, aligned), four pixels read as four 32-bit words and
    // written as three: RGBA RGBA RGBA RGBA → RGBR GBRG BRGB.
    const pixels32 = data.byteOffset % 4 === 0 && LITTLE_ENDIAN ? new Uint32Array(data.buffer, data.byteOffset, width * pixels.height) : undefined;
    if (pixels32) {
      const quads = width >> 2;
      return (y, row) => {
        const out32 = new Uint32Array(row.buffer, row.byteOffset, (width * 3) >> 2);
        let i = y * width;
        for (let q = 0, j = 0; q < quads; q++, i += 4, j += 3) {
          const p0 = pixels32[i]!;
          const p1 = pixels32[i + 1]!;
          const p2 = pixels32[i + 2]!;
          const p3 = pixels32[i + 3]!;
          out32[j] = (p0 & 0xffffff) | (p1 << 24);
          out32[j + 1] = ((p1 >>> 8) & 0xffff) | ((p2 & 0xffff) << 16);
          out32[j + 2] = ((p2 >>> 16) & 0xff) | ((p3 & 0xffffff) << 8);
        }
        for (let j = quads * 12; j < width * 3; j += 3, i++) {
          const p = pixels32[i]!;
          row[j] = p & 0xff;
          row[j + 1] = (p >>> 8) & 0xff;
          row[j + 2] = (p >>> 16) & 0xff;
        }
      };
    }
    return (y, row) => {
      for (let x = 0, i = y * width * 4, j = 0; x < width; x++, i += 4, j += 3) {
        row[j] = data[i]!;
        row[j + 1] = data[i + 1]!;
        row[j + 2] = data[i + 2]!;
      }
    };
  }
  // Premultiplied to straight alpha: each colour divided by the alpha, rounded to the nearest.
  return (y, row) => {
    for (let j = 0, i = y * width * 4; j < width * 4; j += 4, i += 4) {
      const a = data[i + 3]!;
      row[j + 3] = a;
      for (let c = 0; c < 3; c++) row[j + c] = a === 255 ? data[i + c]! : a === 0 ? 0 : Math.min(255, Math.round((data[i + c]! * 255) / a));
    }
  };
}

/** `count` opaque RGBA pixels (alpha 255, so premultiplied or not alike) as RGB, four pixels at a time where the bytes allow it. */
export function opaqueRgb(rgba: Uint8Array, count: number): Buffer {
  // A buffer of its own starts on a multiple of four bytes, as the reader's output must.
  const rgb = Buffer.allocUnsafeSlow(count * 3);
  rowReader({ data: rgba, width: count, height: 1, channels: 4 }, { color: 'rgb' })(0, rgb);
  return rgb;
}

/** Where longMatchShare last saw each 4-byte hash: a position, or -1. */
const lastSeen = new Int32Array(1 << 13);

/**
 * The share of `bytes` that repeats bytes before it in runs of LONG_MATCH or more, as deflate's
 * matches would find them (each position's most recent earlier one with the same first four
 * bytes, by a hash; a run counted is stepped over).
 */
export function longMatchShare(bytes: Uint8Array): number {
  lastSeen.fill(-1);
  let covered = 0;
  for (let i = 0; i + LONG_MATCH <= bytes.length; ) {
    const hash = Math.imul(bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24), 0x9e3779b1) >>> 19;
    const prior = lastSeen[hash]!;
    lastSeen[hash] = i;
    if (prior >= 0) {
      let run = 0;
      while (i + run < bytes.length && bytes[prior + run] === bytes[i + run]) run++;
      if (run >= LONG_MATCH) {
        covered += run;
        i += run;
        continue;
      }
    }
    i++;
  }
  return covered / bytes.length;
}

/**
 * Whether a piece that is not flat still repeats itself along its rows (a deck sheet's cards
 * side by side, a tiled texture), which only deflate's long matches find, judged on its
 * `sample` rows (see sampleRows) by how much of them repeats earlier bytes: under
 * REPEAT_SHARE no, from SURE_REPEAT_SHARE yes, and in between by deflating them both ways,
 * unfiltered at FLAT_LEVEL against Up-filtered as the piece would be.
 */
function repeatsAcross(plain: Buffer, up: Buffer, sample: { from: number; to: number }, line: number, strategy: number): boolean {
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

/**
 * The buffers deflateRows fills, kept for its next call on this thread (it runs to its end
 * without awaiting): a piece's rows as words, and two of each kind of piece, so that the piece
 * before is still whole when it is the next one's dictionary. A build's worker draws a card
 * after a card: made afresh, they were 0.4 MB of the 7 MB each card's PNG left for the garbage
 * collector, and with the dictionaries copied and the chunk joined twice, 2 MB.
 */
const scratch = { rows: new Int32Array(0), pieces: [Buffer.alloc(0), Buffer.alloc(0), Buffer.alloc(0), Buffer.alloc(0)] };

function scratchFor(words: number, pieceBytes: number): { rows: Int32Array; pieces: Buffer[] } {
  if (scratch.rows.length < words) scratch.rows = new Int32Array(words);
  if (scratch.pieces[0]!.length < pieceBytes) scratch.pieces = scratch.pieces.map(() => Buffer.allocUnsafeSlow(pieceBytes));
  return scratch;
}

/**
 * Filters and deflates rows `from` to `to` (excluded) of `pixels` as one band of a PNG. An
 * `independent` band owes nothing to the rows above it (its first row is unfiltered and no
 * match reaches above it), so that it can be kept and joined under any other band; otherwise
 * the band continues the image from row `from - 1`.
 */
export function deflateRows(pixels: PixelRows, color: PngColor, range: BandRange): PngBand {
  const { from, to } = range;
  const stride = pixels.width * (color.color === 'rgb' ? 3 : 4);
  const line = stride + 1;
  const read = rowReader(pixels, color);
  // Rows as 32-bit words (a row's bytes rounded up to a multiple of four): the piece's rows
  // unfiltered, the row above the piece (zeros above the image's first row), and a row's Up filter.
  const words = Math.ceil(stride / 4);
  const pieceRows = Math.max(1, Math.ceil(PIECE_BYTES / line));
  const rowCount = Math.min(pieceRows, to - from);
  // A piece unfiltered and Up-filtered, the one chosen deflated; the two pieces of the one before, one of them its dictionary.
  const { rows, pieces } = scratchFor(rowCount * words, rowCount * line);
  const rowBytes = Array.from({ length: rowCount }, (_, k) => new Uint8Array(rows.buffer, k * words * 4, stride));
  const above = new Int32Array(words);
  const filtered = new Int32Array(words);
  const filteredBytes = new Uint8Array(filtered.buffer, 0, stride);
  if (from > 0 && !range.independent) read(from - 1, new Uint8Array(above.buffer, 0, stride));
  let before: Uint8Array = Buffer.alloc(0);
  const parts: Buffer[] = [];
  let adler = 1;
  for (let first = from, n = 0; first < to; first += pieceRows, n++) {
    const last = Math.min(to, first + pieceRows);
    const plain = pieces[2 * (n % 2)]!;
    const up = pieces[2 * (n % 2) + 1]!;
    // The rows read and written unfiltered, counting the words equal to the word above them (which Up makes 0).
    let equal = 0;
    for (let y = first; y < last; y++) {
      const k = y - first;
      read(y, rowBytes[k]!);
      plain[k * line] = FILTER_NONE;
      plain.set(rowBytes[k]!, k * line + 1);
      if (y === from && range.independent) continue;
      const [prior, at] = k === 0 ? [above, 0] : [rows, (k - 1) * words];
      for (let i = 0, o = k * words; i < words; i++) if (rows[o + i] === prior[at + i]) equal++;
    }
    let flat = equal > FLAT_SHARE * (last - first) * words;
    const strategy = equal < PAINTED_SHARE * (last - first) * words ? constants.Z_HUFFMAN_ONLY : constants.Z_RLE;
    if (!flat) {
      // The piece's rows k from `lo` to `hi` (excluded), Up-filtered.
      const filterUp = (lo: number, hi: number) => {
        for (let k = lo; k < hi; k++) {
          if (first + k === from && range.independent) {
            up[k * line] = FILTER_NONE;
            up.set(rowBytes[k]!, k * line + 1);
            continue;
          }
          const [prior, at] = k === 0 ? [above, 0] : [rows, (k - 1) * words];
          // Four bytes at once: each byte of x − w modulo 256, no borrow crossing bytes.
          for (let i = 0, o = k * words; i < words; i++) {
            const x = rows[o + i]!;
            const w = prior[at + i]!;
            filtered[i] = ((x | 0x80808080) - (w & 0x7f7f7f7f)) ^ ((x ^ ~w) & 0x80808080);
          }
          up[k * line] = FILTER_UP;
          up.set(filteredBytes, k * line + 1);
        }
      };
      // The rows the piece is judged on first; the others only when it goes Up-filtered (a deck
      // sheet's row of cards repeats along its rows, and goes unfiltered).
      const sample = sampleRows(last - first, line);
      filterUp(sample.from, sample.to);
      flat = repeatsAcross(plain, up, sample, line, strategy);
      if (!flat) {
        filterUp(0, sample.from);
        filterUp(sample.to, last - first);
      }
    }
    above.set(rows.subarray((last - first - 1) * words, (last - first) * words));
    const piece = (flat ? plain : up).subarray(0, (last - first) * line);
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
    adler = adler32(piece, adler);
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
