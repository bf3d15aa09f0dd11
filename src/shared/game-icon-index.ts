import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';

/**
 * Where each icon of the game-icons set lies in its 6 MB icons.json, written at compile time
 * (see bin/compile.js) beside the compiled icons.js: a run reads the few icons it draws, byte
 * ranges of the file, instead of reading and parsing the whole set.
 */
export const ICON_INDEX_FILE = 'game-icons-index.json';

export interface IconIndex {
  /** icons.json's size when the index was written: an index of another file is not used. */
  size: number;
  width?: number;
  height?: number;
  /** Byte range [start, end) of each icon's JSON object in icons.json. */
  icons: Record<string, [number, number]>;
  aliases?: Record<string, { parent: string }>;
}

/** The game-icons set's JSON file. */
export function gameIconsFile(): string {
  return createRequire(import.meta.url).resolve('@iconify-json/game-icons/icons.json');
}

const SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** The end of the JSON value starting at `start` (after white space). */
function valueEnd(bytes: Buffer, start: number): number {
  let i = start;
  if (bytes[i] === 0x22) {
    for (i++; bytes[i] !== 0x22; i++) if (bytes[i] === 0x5c) i++;
    return i + 1;
  }
  if (bytes[i] === 0x7b || bytes[i] === 0x5b) {
    let depth = 0;
    for (; i < bytes.length; i++) {
      const b = bytes[i];
      if (b === 0x22) i = valueEnd(bytes, i) - 1;
      else if (b === 0x7b || b === 0x5b) depth++;
      else if (b === 0x7d || b === 0x5d) {
        if (--depth === 0) return i + 1;
      }
    }
    throw new Error('unclosed JSON value');
  }
  while (i < bytes.length && !SPACE.has(bytes[i]!) && bytes[i] !== 0x2c && bytes[i] !== 0x7d && bytes[i] !== 0x5d) i++;
  return i;
}

/** The members of the JSON object starting at `start`: name → byte range of its value. */
function members(bytes: Buffer, start: number): Map<string, [number, number]> {
  const found = new Map<string, [number, number]>();
  let i = start + 1;
  const skip = () => {
    while (SPACE.has(bytes[i]!) || bytes[i] === 0x2c) i++;
  };
  for (skip(); bytes[i] !== 0x7d; skip()) {
    const keyEnd = valueEnd(bytes, i);
    const key = JSON.parse(bytes.toString('utf8', i, keyEnd)) as string;
    i = keyEnd;
    while (SPACE.has(bytes[i]!)) i++;
    if (bytes[i] !== 0x3a) throw new Error('":" expected in JSON');
    i++;
    while (SPACE.has(bytes[i]!)) i++;
    const end = valueEnd(bytes, i);
    found.set(key, [i, end]);
    i = end;
  }
  return found;
}

/**
 * The index of a game-icons JSON file, as JSON; every icon's range is checked to read back as
 * the icon JSON.parse finds in the whole file (else this throws, and no index is written).
 */
export function gameIconIndexJson(file = gameIconsFile()): string {
  const bytes = readFileSync(file);
  const set = JSON.parse(bytes.toString('utf8')) as { icons: Record<string, unknown>; aliases?: Record<string, { parent: string }>; width?: number; height?: number };
  let start = 0;
  while (SPACE.has(bytes[start]!)) start++;
  const top = members(bytes, start);
  const iconsRange = top.get('icons');
  if (!iconsRange) throw new Error(`${file} has no "icons"`);
  const icons: Record<string, [number, number]> = {};
  for (const [name, range] of members(bytes, iconsRange[0])) icons[name] = range;
  const names = Object.keys(set.icons);
  if (!isDeepStrictEqual(Object.keys(icons), names)) throw new Error(`the icons of ${file} were not all found`);
  for (const name of names) {
    const [from, to] = icons[name]!;
    if (!isDeepStrictEqual(JSON.parse(bytes.toString('utf8', from, to)), set.icons[name])) throw new Error(`the icon "${name}" of ${file} does not read back`);
  }
  const index: IconIndex = { size: bytes.length, width: set.width, height: set.height, icons, aliases: set.aliases };
  return JSON.stringify(index);
}

/** The index written beside this module, or undefined when there is none or it is of another icons.json. */
export function readIconIndex(indexFile: string, iconsFile: string): IconIndex | undefined {
  let index: IconIndex;
  try {
    index = JSON.parse(readFileSync(indexFile, 'utf8')) as IconIndex;
  } catch {
    return undefined;
  }
  return statSync(iconsFile, { throwIfNoEntry: false })?.size === index.size ? index : undefined;
}

/** One icon's JSON, read from its byte range of icons.json. */
export function readIconAt(iconsFile: string, [start, end]: [number, number]): unknown {
  const bytes = Buffer.alloc(end - start);
  const fd = openSync(iconsFile, 'r');
  try {
    readSync(fd, bytes, 0, bytes.length, start);
  } finally {
    closeSync(fd);
  }
  return JSON.parse(bytes.toString('utf8'));
}
