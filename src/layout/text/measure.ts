import type * as fontkit from 'fontkit';
import type { Piece } from './pieces.js';
import { mergePieces } from './pieces.js';
import { measureText } from './shape.js';

export interface TextSettings {
  size: number;
  letterSpacing: number;
}

/** An icon is this many ems high: a little above the capitals, like a pictogram in running text. */
export const ICON_HEIGHT_EM = 0.9;
/** Room around an icon (half before, half after), in ems. */
export const ICON_GAP_EM = 0.1;

export interface FontMetrics {
  /** Above the baseline, positive. */
  ascent: number;
  /** Below the baseline, positive. */
  descent: number;
  capHeight: number;
}

/** Ascent, descent and cap height of a font at a size, in points. */
export function measureFont(font: fontkit.Font, size: number): FontMetrics {
  const scale = size / font.unitsPerEm;
  const capHeight = font.capHeight > 0 ? font.capHeight : font.ascent * 0.7;
  return { ascent: font.ascent * scale, descent: Math.abs(font.descent) * scale, capHeight: capHeight * scale };
}

export interface IconBox {
  width: number;
  height: number;
  /** Horizontal room taken on the line: width plus the gap. */
  advance: number;
  /** Left edge of the icon from the pen position. */
  dx: number;
  /** Top edge of the icon from the baseline (negative is above). */
  dy: number;
}

/**
 * The box of an inline icon: ICON_HEIGHT_EM high, its middle at half the cap height, so it
 * sits on the baseline and descends a little, like a round glyph.
 */
export function measureIcon(piece: Extract<Piece, { kind: 'icon' }>, settings: TextSettings): IconBox {
  const height = settings.size * ICON_HEIGHT_EM;
  const width = (height * piece.icon.width) / piece.icon.height;
  const gap = settings.size * ICON_GAP_EM;
  const { capHeight } = measureFont(piece.font.font, settings.size);
  return { width, height, advance: width + gap, dx: gap / 2, dy: -capHeight / 2 - height / 2 };
}

/** The width of pieces set on one line: same-font neighbours shaped together, icons by their advance. */
export function measurePieces(pieces: readonly Piece[], settings: TextSettings): number {
  let width = 0;
  for (const piece of mergePieces(pieces)) {
    width += piece.kind === 'icon' ? measureIcon(piece, settings).advance : measureText(piece.font.font, piece.text, settings);
  }
  return width;
}
