import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const HEADER = 44;
const DIRECTORY_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_RECORD = 16;

/** The font's bytes are not a WOFF 1.0 file it can read. */
export class WoffError extends Error {
  override name = 'WoffError';
}

export function isWoff(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && Buffer.from(bytes.buffer, bytes.byteOffset, 4).readUInt32BE(0) === WOFF_SIGNATURE;
}

const pad4 = (n: number) => (n + 3) & ~3;

/**
 * Turns a WOFF 1.0 font into the plain TrueType/OpenType font it wraps (each table inflated
 * once), so that the font engine reads glyphs directly instead of inflating a table at every
 * glyph it touches. Other fonts are returned as they are.
 */
export function woffToSfnt(bytes: Buffer): Buffer {
  if (!isWoff(bytes)) return bytes;
  if (bytes.length < HEADER) throw new WoffError('the WOFF header is cut off');
  const flavor = bytes.readUInt32BE(4);
  const numTables = bytes.readUInt16BE(12);
  if (numTables === 0 || HEADER + numTables * DIRECTORY_ENTRY > bytes.length) throw new WoffError('the WOFF table directory is cut off');
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = HEADER + i * DIRECTORY_ENTRY;
    const tag = bytes.readUInt32BE(at);
    const offset = bytes.readUInt32BE(at + 4);
    const compLength = bytes.readUInt32BE(at + 8);
    const origLength = bytes.readUInt32BE(at + 12);
    const checksum = bytes.readUInt32BE(at + 16);
    if (offset + compLength > bytes.length || compLength > origLength) throw new WoffError('a WOFF table lies outside the file');
    const stored = bytes.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored, { maxOutputLength: origLength }) : stored;
    if (data.length !== origLength) throw new WoffError('a WOFF table does not inflate to its stated length');
    tables.push({ tag, checksum, data });
  }
  tables.sort((a, b) => a.tag - b.tag);
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  let offset = SFNT_HEADER + numTables * SFNT_RECORD;
  const size = tables.reduce((n, t) => n + pad4(t.data.length), offset);
  const out = Buffer.alloc(size);
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  tables.forEach((table, i) => {
    const record = SFNT_HEADER + i * SFNT_RECORD;
    out.writeUInt32BE(table.tag, record);
    out.writeUInt32BE(table.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(out, offset);
    offset += pad4(table.data.length);
  });
  return out;
}
