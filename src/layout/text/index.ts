/** Text layout: rich text in a box → positioned glyph runs and icons for the display list. */
export { layoutText } from './layout-text.js';
export type { LineInfo, TextAlign, TextBox, TextLayout, TextProblem, TextProblemCode, TextRequest, TextTransform, TextVAlign } from './types.js';
export { parseRichText } from '../../shared/rich-text.js';
export type { RichSpan } from '../../shared/rich-text.js';
export { createIconResolver, findGameIcon, GAME_ICONS_CREDIT, measureSvg } from '../../shared/icons.js';
export type { IconResolver, IconResolverOptions, ResolvedIcon } from '../../shared/icons.js';
export { measureText, shapeText, SHAPING_FEATURES } from './shape.js';
export type { ShapedText } from './shape.js';
export { checkCoverage, findMissingCharacters } from './coverage.js';
export { findBreaks } from './segment-words.js';
export type { Hyphenate } from './split-word.js';
