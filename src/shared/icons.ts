import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { checkGamePath } from './game-paths.js';
import { closestMatch } from '../diagnostics/did-you-mean.js';
import { gameIconsFile, ICON_INDEX_FILE, readIconAt, readIconIndex, type IconIndex } from './game-icon-index.js';

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

let gameIcons: IconifySet | undefined;

/** The game-icons set (6 MB of JSON), read on first use and kept. */
function loadGameIcons(): IconifySet {
  gameIcons ??= JSON.parse(readFileSync(gameIconsFile(), 'utf8')) as IconifySet;
  return gameIcons;
}

let iconIndex: IconIndex | null | undefined;
const readIcons = new Map<string, IconifyIcon>();

/** Where each icon lies in the set's file, when the compiled code has the index (see game-icon-index.ts). */
function gameIconIndex(): IconIndex | undefined {
  if (iconIndex === undefined) iconIndex = readIconIndex(fileURLToPath(new URL(ICON_INDEX_FILE, import.meta.url)), gameIconsFile()) ?? null;
  return iconIndex ?? undefined;
}

/** One icon of the game-icons set as standalone SVG markup, or undefined. */
export function findGameIcon(name: string): ResolvedIcon | undefined {
  // With the index, only the icon's bytes are read; without it, the whole set once.
  const index = gameIconIndex();
  const set: Pick<IconifySet, 'aliases' | 'width' | 'height'> & { icons: Record<string, unknown> } = index ?? loadGameIcons();
  const own = Object.hasOwn(set.icons, name) ? name : undefined;
  const parent = own ?? (set.aliases && Object.hasOwn(set.aliases, name) ? set.aliases[name]!.parent : undefined);
  if (parent === undefined || !Object.hasOwn(set.icons, parent)) return undefined;
  let icon: IconifyIcon | undefined;
  if (index) {
    icon = readIcons.get(parent);
    if (!icon) readIcons.set(parent, (icon = readIconAt(gameIconsFile(), index.icons[parent]!) as IconifyIcon));
  } else {
    icon = loadGameIcons().icons[parent];
  }
  if (!icon) return undefined;
  const width = icon.width ?? set.width ?? 16;
  const height = icon.height ?? set.height ?? 16;
  const viewBox = `${icon.left ?? 0} ${icon.top ?? 0} ${width} ${height}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${width}" height="${height}" fill="currentColor">${icon.body}</svg>`;
  return { svg, width, height };
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
  const key = `${limit} ${name}`;
  let found = suggested.get(key);
  if (!found) {
    if (suggested.size >= MAX_SUGGESTED) suggested.clear();
    suggested.set(key, (found = suggestionsFor(name, limit)));
  }
  return [...found];
}

/** Suggestions made so far: a text may name the same unknown icon thousands of times, each a search of 4 000 names. */
const suggested = new Map<string, string[]>();
const MAX_SUGGESTED = 1000;

function suggestionsFor(name: string, limit: number): string[] {
  const names = Object.keys(loadGameIcons().icons);
  const containing = names
    .filter((candidate) => candidate.includes(name))
    .sort((a, b) => Number(!a.startsWith(name)) - Number(!b.startsWith(name)) || a.length - b.length || a.localeCompare(b));
  if (containing.length > 0) return containing.slice(0, limit);
  const typo = closestMatch(name, names);
  return typo === undefined ? [] : [typo];
}
