import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from '../vendor/fontkit.js';
import { resolvePackageFile } from './game-paths.js';
import type { FontFace } from './display-list.js';
import { fileStamp } from './file-stamp.js';
import { woffToSfnt } from './woff-to-sfnt.js';

export type FontWeight = 'normal' | 'bold';
export type FontStyle = 'normal' | 'italic';

/** Every weight and style a family may have a face for, in the order a cache key lists them. */
export const FONT_STYLES = [['normal', 'normal'], ['bold', 'normal'], ['normal', 'italic'], ['bold', 'italic']] as const satisfies readonly (readonly [FontWeight, FontStyle])[];
export type StyleKey = 'regular' | 'bold' | 'italic' | 'boldItalic';

/** The files of one family by style, as written in game.yaml ("npm:" paths or game paths). */
export type FamilyFiles = Partial<Record<StyleKey, string>> & { regular: string };

const fontsource = (pkg: string, name: string, weights: { regular: number; bold?: number }, italic: boolean): FamilyFiles => {
  const file = (weight: number, style: string) => `npm:@fontsource/${pkg}/files/${name}-latin-${weight}-${style}.woff`;
  const files: FamilyFiles = { regular: file(weights.regular, 'normal') };
  if (weights.bold) files.bold = file(weights.bold, 'normal');
  if (italic) files.italic = file(weights.regular, 'italic');
  if (italic && weights.bold) files.boldItalic = file(weights.bold, 'italic');
  return files;
};

/**
 * Open-licensed families (SIL Open Font License) every game can use without declaring them.
 * The latin subsets hold French letters (é, œ, « », ’); .woff, never .woff2 (see PITFALLS).
 */
export const BUILTIN_FAMILIES: Record<string, FamilyFiles> = {
  'Alegreya Sans': fontsource('alegreya-sans', 'alegreya-sans', { regular: 400, bold: 700 }, true),
  Alegreya: fontsource('alegreya', 'alegreya', { regular: 400, bold: 700 }, true),
  'IM Fell English': fontsource('im-fell-english', 'im-fell-english', { regular: 400 }, true),
  Cinzel: fontsource('cinzel', 'cinzel', { regular: 400, bold: 700 }, false),
};

/** The family text uses when a template names none and the game declares none. */
export const DEFAULT_FAMILY = 'Alegreya Sans';

const opened = new Map<string, { bytes: Buffer; font: fontkit.Font }>();

/** A font file read once per version of it, WOFF unwrapped to the plain font it holds. */
function loadFont(file: string): { bytes: Buffer; font: fontkit.Font } {
  const key = fileStamp(file);
  let entry = opened.get(key);
  if (!entry) {
    const bytes = woffToSfnt(readFileSync(file));
    const loaded = fontkit.create(bytes);
    if (!('layout' in loaded)) throw new Error(`${file} is a font collection; name one font of it`);
    entry = { bytes, font: loaded as fontkit.Font };
    opened.set(key, entry);
  }
  return entry;
}

/** Opens a font file once per version of it and keeps it. */
export function openFont(file: string): fontkit.Font {
  return loadFont(file).font;
}

/** fontkit 2.0.4's decoded tables of a font (private; fontkit shares them itself between a font and its variations). */
interface DecodedTables {
  _tables: Record<string, unknown>;
}

/**
 * A font of its own for one PDF, reading the tables the build decoded already (the layout's
 * font, see openFont): each document caches its own glyphs, each glyph with the characters it
 * was first looked up for (which the PDF's text mapping reads), as a font opened afresh for it
 * would; only the decoding of the tables (character map, metrics, substitutions, positions) is
 * done once. Writing the shipped games' PDFs decoded them again for each PDF: 1.1 of the 10 s
 * their PDFs took.
 */
export function documentFont(file: string): fontkit.Font {
  const { bytes, font: shared } = loadFont(file);
  decodeSharedTables(shared);
  const font = fontkit.create(bytes) as fontkit.Font;
  (font as unknown as DecodedTables)._tables = (shared as unknown as DecodedTables)._tables;
  return font;
}

/**
 * The tables a PDF reads (metrics, character map, substitutions, the subset's hinting tables),
 * decoded by the build's own font: a decoded table keeps the font that decoded it, and one
 * decoded by a document's font would keep that document's font and its glyphs for as long as
 * the process runs. The glyph outlines are read glyph by glyph, never decoded as a table.
 */
const PDF_TABLES = ['head', 'hhea', 'maxp', 'hmtx', 'loca', 'post', 'OS/2', 'name', 'cmap', 'cvt ', 'fpgm', 'prep', 'kern', 'GDEF', 'GSUB', 'GPOS', 'vhea', 'vmtx'];
const tablesDecoded = new WeakSet<fontkit.Font>();

function decodeSharedTables(font: fontkit.Font): void {
  if (tablesDecoded.has(font)) return;
  tablesDecoded.add(font);
  const tables = (font as unknown as { directory: { tables: Record<string, unknown> } }).directory.tables;
  for (const tag of PDF_TABLES) if (tag in tables) void (font as unknown as Record<string, unknown>)[tag];
}

/**
 * Opens a font and uses it as a build would (metrics, shaping, outlines, a subset), so that a
 * damaged file (a download cut short) fails here, with a diagnostic, and not in the middle of a
 * PDF. Throws when the font cannot serve.
 */
export function probeFont(file: string): void {
  const font = openFont(file);
  if (!(font.unitsPerEm > 0) || !(font.numGlyphs > 0)) throw new Error('the font has no metrics');
  const run = font.layout('Aa0é');
  const subset = font.createSubset();
  for (const glyph of run.glyphs) {
    if (!Number.isFinite(glyph.advanceWidth)) throw new Error('a glyph has no width');
    glyph.path.toSVG();
    subset.includeGlyph(glyph);
  }
  subset.encode();
}

export function styleKey(weight: FontWeight, style: FontStyle): StyleKey {
  if (weight === 'bold') return style === 'italic' ? 'boldItalic' : 'bold';
  return style === 'italic' ? 'italic' : 'regular';
}

export interface ResolvedFont {
  /** Stable key for the display list's font table: "Family/style". */
  key: string;
  face: FontFace;
  font: fontkit.Font;
  /** True when the family lacks the style asked for and another style stands in. */
  substituted: boolean;
}

export interface FontRegistry {
  /** The family used when none is named: the game's first declared family, else the default. */
  readonly defaultFamily: string;
  families(): string[];
  has(family: string): boolean;
  /** The face `resolve` gives, without opening its file (a cache key names the files of every style). */
  face(family: string | undefined, weight: FontWeight, style: FontStyle): Omit<ResolvedFont, 'font'> | undefined;
  resolve(family: string | undefined, weight: FontWeight, style: FontStyle): ResolvedFont | undefined;
}

/** Turns a written font path into an absolute file path. */
export function fontFilePath(written: string, gameDir: string): string | undefined {
  if (written.startsWith('npm:')) return resolvePackageFile(written.slice(4), [gameDir]);
  return path.resolve(gameDir, written);
}

/** The fonts a game can use: its own families (game.yaml `fonts`) over the built-in ones. */
export function createFontRegistry(declared: Record<string, FamilyFiles> | undefined, gameDir: string): FontRegistry {
  const families: Record<string, FamilyFiles> = { ...BUILTIN_FAMILIES, ...(declared ?? {}) };
  const defaultFamily = Object.keys(declared ?? {})[0] ?? DEFAULT_FAMILY;
  const cache = new Map<string, ResolvedFont | undefined>();
  const fallbacks: Record<StyleKey, StyleKey[]> = {
    regular: ['regular'],
    bold: ['bold', 'regular'],
    italic: ['italic', 'regular'],
    boldItalic: ['boldItalic', 'bold', 'italic', 'regular'],
  };
  /** The face of a family's style, or the style that stands in for it: the file's path, its key in a list's font table. */
  const faceOf = (family: string | undefined, weight: FontWeight, style: FontStyle): Omit<ResolvedFont, 'font'> | undefined => {
    const name = family ?? defaultFamily;
    const wanted = styleKey(weight, style);
    const files = Object.hasOwn(families, name) ? families[name] : undefined;
    if (!files) return undefined;
    const chosen = fallbacks[wanted].find((k) => files[k] !== undefined) ?? 'regular';
    const file = fontFilePath(files[chosen]!, gameDir);
    if (!file) return undefined;
    const face: FontFace = {
      path: file,
      family: name,
      weight: chosen === 'bold' || chosen === 'boldItalic' ? 'bold' : 'normal',
      style: chosen === 'italic' || chosen === 'boldItalic' ? 'italic' : 'normal',
    };
    return { key: `${name}/${chosen}`, face, substituted: chosen !== wanted };
  };
  return {
    defaultFamily,
    families: () => Object.keys(families),
    has: (family) => Object.hasOwn(families, family),
    face: faceOf,
    resolve(family, weight, style) {
      const cacheKey = `${family ?? defaultFamily}/${styleKey(weight, style)}`;
      if (cache.has(cacheKey)) return cache.get(cacheKey);
      const found = faceOf(family, weight, style);
      const result = found && { ...found, font: openFont(found.face.path) };
      cache.set(cacheKey, result);
      return result;
    },
  };
}
