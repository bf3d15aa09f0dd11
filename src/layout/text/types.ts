import type { DisplayItem, FontFace, Hex } from '../../shared/display-list.js';
import type { FontRegistry, FontStyle, FontWeight } from '../../shared/fonts.js';
import type { IconResolver } from '../../shared/icons.js';
import type { RichSpan } from '../../shared/rich-text.js';
import type { Hyphenate } from './split-word.js';

export type TextAlign = 'left' | 'center' | 'right' | 'justify';
export type TextVAlign = 'top' | 'middle' | 'bottom';
export type TextTransform = 'none' | 'uppercase' | 'lowercase';

/** A box in points, top-left origin, y downwards. */
export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TextRequest {
  /** Card markup (**bold**, *italic*, :icon:, newlines; see parseRichText), or spans already read. */
  text: string | readonly RichSpan[];
  /** BCP 47 language of the text: case mapping and hyphenation. */
  lang: string;
  box: TextBox;
  /** Font family; the registry's default family when absent. */
  family?: string;
  weight?: FontWeight;
  style?: FontStyle;
  /** Font size in points. */
  size: number;
  /** Shrink down to this size (0.25 pt steps) until the text fits the box. */
  minSize?: number;
  color: Hex;
  align?: TextAlign;
  valign?: TextVAlign;
  /** Baseline to baseline distance as a multiple of the size; 1.2 by default. */
  lineHeight?: number;
  /** Extra room after every glyph, in points. */
  letterSpacing?: number;
  transform?: TextTransform;
  fonts: FontRegistry;
  icons?: IconResolver;
  hyphenate?: Hyphenate;
}

export type TextProblemCode = 'missing-glyph' | 'glyph-substituted' | 'unknown-icon' | 'unknown-font' | 'word-too-long';

export interface TextProblem {
  code: TextProblemCode;
  message: string;
}

/** One laid-out line, for tests and diagnostics. */
export interface LineInfo {
  /** The characters of the line; icons as ":name:", trailing spaces dropped. */
  text: string;
  /** Drawn width (justified lines: stretched to the box). */
  width: number;
  baseline: number;
  /** Left edge of the line. */
  x: number;
}

export interface TextLayout {
  /** One text item with the glyph runs, then one image item per icon; empty for empty text. */
  items: DisplayItem[];
  /** Every font key the runs use. */
  fonts: Record<string, FontFace>;
  /** The size finally used. */
  size: number;
  /** The text is taller (or a word wider) than the box, even at the smallest size allowed. */
  overflow: boolean;
  lines: LineInfo[];
  problems: TextProblem[];
}
