import { formatRgbHex, parseColor, type Rgba } from './colors.js';
import type { DisplayItem, DisplayList, GlyphRun, Hex } from './display-list.js';

/**
 * The low-ink variant of a drawn face: areas in light tints of their colours, text and icons
 * dark, outlines a little lighter, images lightened. Colours a game chose for this variant
 * (`inkSaver:` in game.yaml) are kept as they are.
 */

/** Share of the way to white an area's colour is moved. */
const AREA_LIGHTEN = 0.8;
/** Outlines are thin: lightened less, so they still show. */
const LINE_LIGHTEN = 0.35;
/** Images are drawn at this opacity over the (white or light) paper. */
const IMAGE_OPACITY = 0.35;
/** Text lighter than this (relative luminance) becomes DARK_TEXT. */
const LIGHT_TEXT = 0.45;
const DARK_TEXT = '#262626';

/** Relative luminance 0..1 (sRGB, Rec. 709 weights). */
export function luminance(color: Rgba): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(color.r) + 0.7152 * lin(color.g) + 0.0722 * lin(color.b);
}

function withAlpha(hex: Hex, color: Rgba): Hex {
  return color.a < 1 ? hex + Math.round(color.a * 255).toString(16).padStart(2, '0') : hex;
}

/** A colour moved `share` of the way to white, its alpha kept. */
export function lighten(hex: Hex, share: number): Hex {
  const c = parseColor(hex);
  const mix = (v: number) => Math.round(v + (255 - v) * share);
  return withAlpha(formatRgbHex({ r: mix(c.r), g: mix(c.g), b: mix(c.b), a: 1 }), c);
}

/** Text and icons: kept when dark, else the dark text colour. */
export function darkText(hex: Hex): Hex {
  const c = parseColor(hex);
  return luminance(c) > LIGHT_TEXT ? withAlpha(DARK_TEXT, c) : hex;
}

export interface InkSaverColors {
  /** Colours chosen for the variant (lower-case hex): never changed. */
  kept: ReadonlySet<string>;
}

function mapItem(item: DisplayItem, colors: InkSaverColors): DisplayItem {
  const keep = (hex: Hex | undefined, map: (h: Hex) => Hex) => (hex === undefined || colors.kept.has(hex.slice(0, 7).toLowerCase()) ? hex : map(hex));
  const area = (h: Hex) => lighten(h, AREA_LIGHTEN);
  const outline = (h: Hex) => lighten(h, LINE_LIGHTEN);
  switch (item.type) {
    case 'rect':
    case 'ellipse':
    case 'path':
      return { ...item, fill: keep(item.fill, area), stroke: keep(item.stroke, outline) };
    case 'line':
      return { ...item, stroke: keep(item.stroke, outline)! };
    case 'image':
      if (item.tint) return { ...item, tint: keep(item.tint, darkText) };
      return { ...item, opacity: (item.opacity ?? 1) * IMAGE_OPACITY };
    case 'text':
      return { ...item, runs: item.runs.map((r: GlyphRun) => ({ ...r, color: keep(r.color, darkText)! })) };
    case 'group':
      return { ...item, items: item.items.map((i) => mapItem(i, colors)) };
  }
}

/** The face in low ink (see the top of this file). */
export function inkSaverList(list: DisplayList, colors: InkSaverColors): DisplayList {
  return {
    ...list,
    background: list.background === undefined || colors.kept.has(list.background.slice(0, 7).toLowerCase()) ? list.background : lighten(list.background, AREA_LIGHTEN),
    items: list.items.map((i) => mapItem(i, colors)),
  };
}
