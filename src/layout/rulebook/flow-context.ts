import type { ResolvedGame } from '../../resolve/model.js';
import type { Hex } from '../../shared/display-list.js';
import type { FontStyle, FontWeight } from '../../shared/fonts.js';
import type { IconResolver } from '../../shared/icons.js';
import type { Hyphenate } from '../text/split-word.js';
import type { PageStyle } from './page-style.js';

export interface FlowProblem {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  /** 1-based line of the Markdown file. */
  line: number;
}

/** What every block is set with. */
export interface FlowContext {
  game: ResolvedGame;
  style: PageStyle;
  icons: IconResolver;
  hyphenate?: Hyphenate;
  /** The folder of the Markdown file: image paths relative to it are accepted too. */
  sourceDir?: string;
  /** Height of a page's text area: images and kept-together sidebars are sized after it. */
  pageHeight: number;
  report: (problem: FlowProblem) => void;
  /** A fresh key for a structure element of the document (see StructureStep). */
  nextKey?: () => string;
}

let fallbackKeys = 0;
/** A key no other structure element of the document has. */
export function structureKey(ctx: FlowContext): string {
  return ctx.nextKey ? ctx.nextKey() : `s${++fallbackKeys}`;
}

/** A column of the page: x from the text area's left edge. */
export interface Column {
  x: number;
  width: number;
}

/** How one run of text is set. */
export interface TextStyle {
  family: string;
  weight: FontWeight;
  style: FontStyle;
  size: number;
  color: Hex;
  align: 'left' | 'center' | 'right' | 'justify';
  lineHeight: number;
}

export function bodyText(ctx: FlowContext, extra: Partial<TextStyle> = {}): TextStyle {
  const { style } = ctx;
  return { family: style.font, weight: 'normal', style: 'normal', size: style.size, color: style.ink, align: style.align, lineHeight: style.lineHeight, ...extra };
}
