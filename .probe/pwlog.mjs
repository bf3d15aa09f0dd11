export const log = [];
import { constants, deflateRawSync } from "node:zlib";
import { adler32, adler32Combine, LITTLE_ENDIAN, PNG_SIGNATURE, pngChunk } from "/work/main/dist/shared/png-chunks.js";
const PIECE_BYTES = 128 * 1024;
const FLAT_SHARE = 0.7;
const FLAT_LEVEL = 7;
const SAMPLE_BYTES = 16 * 1024;
const REPEAT_SHARE = 0.05;
const PAINTED_SHARE = 0.1;
const LONG_MATCH = 8;
const WINDOW = 32 * 1024;
const FILTER_NONE = 0;
const FILTER_UP = 2;
function rowReader(pixels, color) {
  const { data, width, channels } = pixels;
  const out = color.color === "rgb" ? 3 : 4;
  if (channels === out && !(out === 4 && color.premultiplied)) {
    const stride = width * out;
    return (y, row) => row.set(data.subarray(y * stride, (y + 1) * stride));
  }
  if (channels === 3) throw new Error("RGB pixels cannot be written as RGBA");
  if (out === 3) {
    const pixels32 = data.byteOffset % 4 === 0 && LITTLE_ENDIAN ? new Uint32Array(data.buffer, data.byteOffset, width * pixels.height) : void 0;
    if (pixels32) {
      const quads = width >> 2;
      return (y, row) => {
        const out32 = new Uint32Array(row.buffer, row.byteOffset, width * 3 >> 2);
        let i = y * width;
        for (let q = 0, j = 0; q < quads; q++, i += 4, j += 3) {
          const p0 = pixels32[i];
          const p1 = pixels32[i + 1];
          const p2 = pixels32[i + 2];
          const p3 = pixels32[i + 3];
          out32[j] = p0 & 16777215 | p1 << 24;
          out32[j + 1] = p1 >>> 8 & 65535 | (p2 & 65535) << 16;
          out32[j + 2] = p2 >>> 16 & 255 | (p3 & 16777215) << 8;
        }
        for (let j = quads * 12; j < width * 3; j += 3, i++) {
          const p = pixels32[i];
          row[j] = p & 255;
          row[j + 1] = p >>> 8 & 255;
          row[j + 2] = p >>> 16 & 255;
        }
      };
    }
    return (y, row) => {
      for (let x = 0, i = y * width * 4, j = 0; x < width; x++, i += 4, j += 3) {
        row[j] = data[i];
        row[j + 1] = data[i + 1];
        row[j + 2] = data[i + 2];
      }
    };
  }
  return (y, row) => {
    for (let j = 0, i = y * width * 4; j < width * 4; j += 4, i += 4) {
      const a = data[i + 3];
      row[j + 3] = a;
      for (let c = 0; c < 3; c++) row[j + c] = a === 255 ? data[i + c] : a === 0 ? 0 : Math.min(255, Math.round(data[i + c] * 255 / a));
    }
  };
}
function opaqueRgb(rgba, count) {
  const rgb = Buffer.allocUnsafeSlow(count * 3);
  rowReader({ data: rgba, width: count, height: 1, channels: 4 }, { color: "rgb" })(0, rgb);
  return rgb;
}
const lastSeen = new Int32Array(1 << 13);
function longMatchShare(bytes) {
  lastSeen.fill(-1);
  let covered = 0;
  for (let i = 0; i + LONG_MATCH <= bytes.length; ) {
    const hash = Math.imul(bytes[i] | bytes[i + 1] << 8 | bytes[i + 2] << 16 | bytes[i + 3] << 24, 2654435761) >>> 19;
    const prior = lastSeen[hash];
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
function repeatsAcross(plain, up, rows, line, strategy) {
  const sampled = Math.min(rows, Math.max(1, Math.ceil(SAMPLE_BYTES / line)));
  const start = Math.floor((rows - sampled) / 2) * line;
  const end = start + sampled * line;
  const share = longMatchShare(plain.subarray(start, end));
  if (share < REPEAT_SHARE) return false;
  const unfiltered = deflateRawSync(plain.subarray(start, end), { level: FLAT_LEVEL }).length;
  const r = unfiltered < deflateRawSync(up.subarray(start, end), { level: 6, strategy }).length;
  log.push([share, r]);
  return r;
}
const scratch = { rows: new Int32Array(0), pieces: [Buffer.alloc(0), Buffer.alloc(0), Buffer.alloc(0), Buffer.alloc(0)] };
function scratchFor(words, pieceBytes) {
  if (scratch.rows.length < words) scratch.rows = new Int32Array(words);
  if (scratch.pieces[0].length < pieceBytes) scratch.pieces = scratch.pieces.map(() => Buffer.allocUnsafeSlow(pieceBytes));
  return scratch;
}
function deflateRows(pixels, color, range) {
  const { from, to } = range;
  const stride = pixels.width * (color.color === "rgb" ? 3 : 4);
  const line = stride + 1;
  const read = rowReader(pixels, color);
  const words = Math.ceil(stride / 4);
  const pieceRows = Math.max(1, Math.ceil(PIECE_BYTES / line));
  const rowCount = Math.min(pieceRows, to - from);
  const { rows, pieces } = scratchFor(rowCount * words, rowCount * line);
  const rowBytes = Array.from({ length: rowCount }, (_, k) => new Uint8Array(rows.buffer, k * words * 4, stride));
  const above = new Int32Array(words);
  const filtered = new Int32Array(words);
  const filteredBytes = new Uint8Array(filtered.buffer, 0, stride);
  if (from > 0 && !range.independent) read(from - 1, new Uint8Array(above.buffer, 0, stride));
  let before = Buffer.alloc(0);
  const parts = [];
  let adler = 1;
  for (let first = from, n = 0; first < to; first += pieceRows, n++) {
    const last = Math.min(to, first + pieceRows);
    const plain = pieces[2 * (n % 2)];
    const up = pieces[2 * (n % 2) + 1];
    let equal = 0;
    for (let y = first; y < last; y++) {
      const k = y - first;
      read(y, rowBytes[k]);
      plain[k * line] = FILTER_NONE;
      plain.set(rowBytes[k], k * line + 1);
      if (y === from && range.independent) continue;
      const [prior, at] = k === 0 ? [above, 0] : [rows, (k - 1) * words];
      for (let i = 0, o = k * words; i < words; i++) if (rows[o + i] === prior[at + i]) equal++;
    }
    let flat = equal > FLAT_SHARE * (last - first) * words;
    const strategy = equal < PAINTED_SHARE * (last - first) * words ? constants.Z_HUFFMAN_ONLY : constants.Z_RLE;
    if (!flat) {
      for (let y = first; y < last; y++) {
        const k = y - first;
        if (y === from && range.independent) {
          up[k * line] = FILTER_NONE;
          up.set(rowBytes[k], k * line + 1);
          continue;
        }
        const [prior, at] = k === 0 ? [above, 0] : [rows, (k - 1) * words];
        for (let i = 0, o = k * words; i < words; i++) {
          const x = rows[o + i];
          const w = prior[at + i];
          filtered[i] = (x | 2155905152) - (w & 2139062143) ^ (x ^ ~w) & 2155905152;
        }
        up[k * line] = FILTER_UP;
        up.set(filteredBytes, k * line + 1);
      }
      flat = repeatsAcross(plain, up, last - first, line, strategy);
    }
    above.set(rows.subarray((last - first - 1) * words, (last - first) * words));
    const piece = (flat ? plain : up).subarray(0, (last - first) * line);
    const dictionary = before.subarray(flat ? Math.max(0, before.length - WINDOW) : before.length - 1);
    parts.push(
      deflateRawSync(piece, {
        level: flat ? FLAT_LEVEL : 6,
        strategy: flat ? constants.Z_DEFAULT_STRATEGY : strategy,
        finishFlush: constants.Z_SYNC_FLUSH,
        ...dictionary.length > 0 ? { dictionary } : {}
      })
    );
    adler = adler32(piece, adler);
    before = piece;
  }
  return { chunk: pngChunk("IDAT", parts), adler, length: (to - from) * line };
}
const ZLIB_HEADER = Buffer.from([120, 218]);
const FINAL_BLOCK = [3, 0];
function joinPng(size, color, bands, options = {}) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size.width, 0);
  header.writeUInt32BE(size.height, 4);
  header[8] = 8;
  header[9] = color.color === "rgb" ? 2 : 6;
  let adler = 1;
  for (const band of bands) adler = adler32Combine(adler, band.adler, band.length);
  const end = Buffer.from([...FINAL_BLOCK, 0, 0, 0, 0]);
  end.writeUInt32BE(adler, 2);
  const chunks = [PNG_SIGNATURE, pngChunk("IHDR", header), pngChunk("sRGB", Buffer.from([0]))];
  if (options.dpi !== void 0) {
    const density = Buffer.alloc(9);
    const perMetre = Math.round(options.dpi / 0.0254);
    density.writeUInt32BE(perMetre, 0);
    density.writeUInt32BE(perMetre, 4);
    density[8] = 1;
    chunks.push(pngChunk("pHYs", density));
  }
  return Buffer.concat([...chunks, pngChunk("IDAT", ZLIB_HEADER), ...bands.map((b) => b.chunk), pngChunk("IDAT", end), pngChunk("IEND", Buffer.alloc(0))]);
}
function encodePng(pixels, color, options = {}) {
  const band = deflateRows(pixels, color, { from: 0, to: pixels.height });
  return joinPng(pixels, color, [band], options);
}
function encodeStraightPng(pixels, options = {}) {
  return encodePng(pixels, { color: pixels.channels === 3 ? "rgb" : "rgba" }, options);
}
export {
  deflateRows,
  encodePng,
  encodeStraightPng,
  joinPng,
  longMatchShare,
  opaqueRgb
};
//# sourceMappingURL=png-write.js.map
