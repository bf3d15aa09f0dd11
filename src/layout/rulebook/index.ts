/** Rulebooks: a game's rules Markdown → pages (display lists) in reading order, for the imposition stage. */
export { layoutRulebook } from './layout-rulebook.js';
export type { Imposition, RulebookLayout, RulebookRequest } from './types.js';
export type { RulebookSection } from '../../shared/rulebook-section.js';
export { defaultStyle, FOLIO_POSITIONS, POCKETMOD_MIN_MARGIN } from './page-style.js';
export type { FolioPosition, Margins, PageStyle } from './page-style.js';
export { STYLE_KEYS } from './read-style.js';
