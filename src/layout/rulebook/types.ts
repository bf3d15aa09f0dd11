import type { RulebookSection } from '../../shared/rulebook-section.js';
import type { ResolvedGame } from '../../resolve/model.js';
import type { DisplayList } from '../../shared/display-list.js';
import type { IconResolver } from '../../shared/icons.js';
import type { Hyphenate } from '../text/split-word.js';
import type { LayoutProblem } from '../../shared/problem.js';

/** How the pages will be printed: decides the style defaults, the folding page and the page budget. */
export type Imposition = 'pocketmod' | 'booklet' | 'pages';

export interface RulebookRequest {
  game: ResolvedGame;
  /** The rules of this language: Markdown, with optional YAML front matter. */
  markdown: string;
  /** Absolute path of the Markdown file, for problems. */
  file: string;
  /** Page size in points. */
  page: { width: number; height: number };
  imposition: Imposition;
  /** Whether page 1 is the cover made from game.yaml (the default), a first H1 repeating the title then left out. */
  cover?: boolean;
  /** The most pages the rules may take (8 × sheets for a PocketMod); no limit when absent. */
  maxPages?: number;
  icons: IconResolver;
  /** Optional hyphenation hook, passed to the text layout. */
  hyphenate?: Hyphenate;
}

/** One heading of the rules, the plain text under it (up to the next heading) and the page it starts on. */

export interface RulebookLayout {
  /** In reading order: the cover first; for a PocketMod, the folding steps on the last page of the last sheet. */
  pages: DisplayList[];
  /** Pointers are `line:<n>` (1-based line of the Markdown file) or `''` for the whole file. */
  problems: LayoutProblem[];
  sections: RulebookSection[];
}
