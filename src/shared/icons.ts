import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { checkGamePath } from './game-paths.js';
import { closestMatch } from '../diagnostics/did-you-mean.js';

/** An inline icon: SVG markup (single colour icons use currentColor) and its natural size. */
export interface ResolvedIcon {
  svg: string;
  width: number;
  height: number;
}

/** Finds the icon a `:name:` in text stands for; undefined when there is none. */
export type IconResolver = (name: string) => ResolvedIcon | undefined;

/** The game-icons.net set is CC BY 3.0: print this line wherever its icons are used. */
export const GAME_ICONS_CREDIT = 'Icons by game-icons.net, CC BY 3.0 (https://game-icons.net)';

const SET_PREFIX = 'game-icons:';

interface IconifyIcon {
  body: string;
  width?: number;
  height?: number;
  left?: number;
  top?: number;
}

interface IconifySet {
  prefix: string;
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}

let gameIconsFile: Buffer | undefined;
let gameIcons: IconifySet | undefined;
const foundGameIcons = new Map<string, ResolvedIcon | undefined>();
/** The set's default icon size, read with its first icon. */
let setSize: { width?: number; height?: number } | undefined;

/** The game-icons set's JSON (6 MB), read on first use and kept. */
function gameIconsBytes(): Buffer {
  gameIconsFile ??= readFileSync(createRequire(import.meta.url).resolve('@iconify-json/game-icons/icons.json'));
  return gameIconsFile;
}

/** The whole game-icons set, parsed on first use: only the list of its names needs it. */
function loadGameIcons(): IconifySet {
  gameIcons ??= JSON.parse(gameIconsBytes().toString('utf8')) as IconifySet;
  return gameIcons;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

function skipSpace(bytes: Buffer, at: number): number {
  while (isSpace(bytes[at])) at++;
  return at;
}

/** Whether the byte at `at` follows an odd number of backslashes (is escaped, inside a string). */
function escaped(bytes: Buffer, at: number): boolean {
  let backslashes = 0;
  while (bytes[at - 1 - backslashes] === BACKSLASH) backslashes++;
  return backslashes % 2 === 1;
}

/** Just past the string whose opening quote is at `start`. */
function stringEnd(bytes: Buffer, start: number): number {
  for (let at = bytes.indexOf(QUOTE, start + 1); at >= 0; at = bytes.indexOf(QUOTE, at + 1)) if (!escaped(bytes, at)) return at + 1;
  return bytes.length;
}

/** Just past the object or array that opens at `start` (strings skipped with a native search). */
function containerEnd(bytes: Buffer, start: number): number {
  let depth = 0;
  for (let at = start; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte === QUOTE) at = stringEnd(bytes, at) - 1;
    else if (byte === 0x7b || byte === 0x5b) depth++;
    else if ((byte === 0x7d || byte === 0x5d) && --depth === 0) return at + 1;
  }
  return bytes.length;
}

/**
 * Where the values of the keys spelled `name` start, in a JSON text: a quote no backslash
 * escapes opens a string (inside a string every quote is escaped), and a string followed by a
 * colon is a key. Found with a native search, so nothing else of the text is parsed.
 */
function* valuesOfKey(bytes: Buffer, name: string): Generator<number> {
  const needle = Buffer.from(JSON.stringify(name));
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) {
    if (escaped(bytes, at)) continue;
    const colon = skipSpace(bytes, at + needle.length);
    if (bytes[colon] === 0x3a) yield skipSpace(bytes, colon + 1);
  }
}

/** The objects that are the value of a key `name`, anywhere in the text, parsed. */
function objectsOfKey(bytes: Buffer, name: string): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  for (const start of valuesOfKey(bytes, name)) {
    if (bytes[start] === 0x7b) found.push(JSON.parse(bytes.toString('utf8', start, containerEnd(bytes, start))) as Record<string, unknown>);
  }
  return found;
}

/**
 * A number the root object holds under `name` (the set's default width or height): a key
 * from which to the end of the text no bracket closes that was not opened after it, but the
 * root's own. The set writes these last, so the search starts from the end.
 */
function rootNumber(bytes: Buffer, name: string): number | undefined {
  const starts = [...valuesOfKey(bytes, name)].reverse();
  for (const start of starts) {
    let depth = 0;
    let closesRoot = false;
    for (let at = start; at < bytes.length; at++) {
      const byte = bytes[at];
      if (byte === QUOTE) at = stringEnd(bytes, at) - 1;
      else if (byte === 0x7b || byte === 0x5b) depth++;
      else if ((byte === 0x7d || byte === 0x5d) && --depth < 0) {
        closesRoot = skipSpace(bytes, at + 1) === bytes.length;
        break;
      }
    }
    if (!closesRoot) continue;
    const value = Number.parseFloat(bytes.toString('latin1', start, Math.min(start + 32, bytes.length)));
    return Number.isFinite(value) ? value : undefined;
  }
  return undefined;
}

/** The default icon size an Iconify set's JSON gives at its root. */
export function iconifySetSize(bytes: Buffer): { width?: number; height?: number } {
  const width = rootNumber(bytes, 'width');
  const height = rootNumber(bytes, 'height');
  return { ...(width === undefined ? {} : { width }), ...(height === undefined ? {} : { height }) };
}

/**
 * One icon of an Iconify set's JSON, read from its entry alone: the object under its name
 * that has a body (an icon), else the one with a parent (an alias, followed once). `size` is
 * the set's default size (iconifySetSize), 16 × 16 when it gives none.
 */
export function iconifyIcon(bytes: Buffer, name: string, size: { width?: number; height?: number }): ResolvedIcon | undefined {
  const entries = objectsOfKey(bytes, name);
  const alias = entries.some((e) => typeof e['body'] === 'string') ? undefined : entries.find((e) => typeof e['parent'] === 'string');
  const icon = (alias ? objectsOfKey(bytes, alias['parent'] as string) : entries).find((e) => typeof e['body'] === 'string') as IconifyIcon | undefined;
  if (!icon) return undefined;
  const width = icon.width ?? size.width ?? 16;
  const height = icon.height ?? size.height ?? 16;
  const viewBox = `${icon.left ?? 0} ${icon.top ?? 0} ${width} ${height}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${width}" height="${height}" fill="currentColor">${icon.body}</svg>`;
  return { svg, width, height };
}

/** One icon of the game-icons set as standalone SVG markup, or undefined. */
export function findGameIcon(name: string): ResolvedIcon | undefined {
  if (!foundGameIcons.has(name)) {
    const bytes = gameIconsBytes();
    setSize ??= iconifySetSize(bytes);
    foundGameIcons.set(name, iconifyIcon(bytes, name, setSize));
  }
  return foundGameIcons.get(name);
}

/** The natural size of SVG markup: its viewBox, else its width and height attributes. */
export function measureSvg(svg: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const viewBox = /\bviewBox\s*=\s*["']([^"']+)["']/i.exec(root)?.[1]?.trim().split(/[\s,]+/).map(Number);
  if (viewBox && viewBox.length === 4 && viewBox[2]! > 0 && viewBox[3]! > 0) return { width: viewBox[2]!, height: viewBox[3]! };
  const attribute = (name: string) => Number.parseFloat(new RegExp(`\\b${name}\\s*=\\s*["']([\\d.]+)`, 'i').exec(root)?.[1] ?? '');
  const width = attribute('width');
  const height = attribute('height');
  return width > 0 && height > 0 ? { width, height } : { width: 1, height: 1 };
}

function readGameSvg(gameDir: string, written: string): ResolvedIcon | undefined {
  const checked = checkGamePath(gameDir, written);
  if (!checked.ok) return undefined;
  const svg = readFileSync(checked.absolute, 'utf8');
  return { svg, ...measureSvg(svg) };
}

export interface IconResolverOptions {
  gameDir: string;
  /** Short names for icons: `skull: game-icons:skull-crossed-bones` or `coin: icons/coin.svg`. */
  aliases?: Record<string, string>;
}

/**
 * Resolves `:name:` through the aliases, then `<gameDir>/icons/<name>.svg`, then the
 * game-icons.net set. Results are cached per resolver.
 */
export function createIconResolver(options: IconResolverOptions): IconResolver {
  const cache = new Map<string, ResolvedIcon | undefined>();
  const lookUp = (name: string): ResolvedIcon | undefined => {
    const alias = options.aliases && Object.hasOwn(options.aliases, name) ? options.aliases[name] : undefined;
    if (alias !== undefined) {
      return alias.startsWith(SET_PREFIX) ? findGameIcon(alias.slice(SET_PREFIX.length)) : readGameSvg(options.gameDir, alias);
    }
    return readGameSvg(options.gameDir, path.join('icons', `${name}.svg`)) ?? findGameIcon(name);
  };
  return (name) => {
    if (!cache.has(name)) cache.set(name, lookUp(name));
    return cache.get(name);
  };
}

/**
 * Up to `limit` game-icons.net names close to `name` (for "did you mean"): names that
 * contain it, those starting with it first and shortest first; else the closest typo.
 */
export function suggestGameIcons(name: string, limit = 3): string[] {
  const names = Object.keys(loadGameIcons().icons);
  const containing = names
    .filter((candidate) => candidate.includes(name))
    .sort((a, b) => Number(!a.startsWith(name)) - Number(!b.startsWith(name)) || a.length - b.length || a.localeCompare(b));
  if (containing.length > 0) return containing.slice(0, limit);
  const typo = closestMatch(name, names);
  return typo === undefined ? [] : [typo];
}
