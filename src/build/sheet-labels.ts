import { PACKAGE_ROOT } from '../shared/game-paths.js';
import { createFontRegistry, type FontRegistry } from '../shared/fonts.js';
import type { DisplayList, FontFace, TextItem } from '../shared/display-list.js';
import { shapeText } from '../layout/text/shape.js';

/** Where a label's x is: its left end, its middle or its right end. */
export type LabelAlign = 'left' | 'center' | 'right';

export interface LabelStyle {
  size: number;
  align?: LabelAlign;
  color?: string;
  bold?: boolean;
}

/** Draws a short one-line text (a scale's number, a piece's name) at a baseline, in a built-in font. */
export type Labeler = (text: string, x: number, baseline: number, style: LabelStyle) => TextItem;

/**
 * A labeler for sheets pocketpress draws itself (calibration, tuck boxes, board pieces): the
 * game's fonts when given, else the built-in default, shaped as card text is. `fonts` collects
 * the faces used, for the display list's font table.
 */
export function createLabeler(registry: FontRegistry = createFontRegistry(undefined, PACKAGE_ROOT)): { label: Labeler; fonts: Record<string, FontFace> } {
  const fonts: Record<string, FontFace> = {};
  const label: Labeler = (text, x, baseline, style) => {
    const resolved = registry.resolve(undefined, style.bold ? 'bold' : 'normal', 'normal')!;
    fonts[resolved.key] = resolved.face;
    const shaped = shapeText(resolved.font, text, { size: style.size });
    const shift = style.align === 'center' ? shaped.width / 2 : style.align === 'right' ? shaped.width : 0;
    return {
      type: 'text',
      runs: [{ font: resolved.key, size: style.size, color: style.color ?? '#000000', x: x - shift, baseline, text, letterSpacing: 0, width: shaped.width, glyphs: shaped.glyphs }],
    };
  };
  return { label, fonts };
}

/** Adds the labeler's fonts to a display list drawn with it. */
export function withFonts(list: DisplayList, fonts: Record<string, FontFace>): DisplayList {
  return { ...list, fonts: { ...list.fonts, ...fonts } };
}
