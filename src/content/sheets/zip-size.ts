/** What the central directory of a zip file says it holds, read without inflating anything. */
export interface ZipSize {
  entries: number;
  /** Sum of the uncompressed sizes; Infinity for a ZIP64 archive (not needed by a spreadsheet). */
  uncompressed: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/** Reads a zip's central directory (spreadsheets are zips), so a zip bomb is refused before it is inflated. */
export function zipSize(bytes: Buffer): ZipSize | undefined {
  const from = Math.max(0, bytes.length - 22 - 65535);
  let end = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const entries = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  if (offset === 0xffffffff || size === 0xffffffff || entries === 0xffff) return { entries, uncompressed: Infinity };
  let at = offset;
  let uncompressed = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) return undefined;
    const entrySize = bytes.readUInt32LE(at + 24);
    if (entrySize === 0xffffffff) return { entries, uncompressed: Infinity };
    uncompressed += entrySize;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return { entries, uncompressed };
}
