import type { LoadedSet } from '../content/model.js';
import type { LengthUnit } from '../shared/lengths.js';
import type { Element } from '../content/schema/template.js';
import type { FontRegistry } from '../shared/fonts.js';
import type { PrintMode } from '../shared/print-options.js';

/** A template element with the unit of the template file it was written in. */
export interface UnitElement {
  element: Element;
  unit: LengthUnit;
  /** Where the element is written, for diagnostics. */
  file: string;
  pointer: string;
}

/** A template with its `extends` chain merged. */
export interface ResolvedTemplate {
  name: string;
  /** Absolute paths of the template files, the template's own first. */
  files: string[];
  safe: number;
  background?: string;
  elements: UnitElement[];
}

export interface ResolvedItem {
  id: string;
  count: number;
  /** The item's data (id, count and fields) with texts in the build language. */
  fields: Record<string, unknown>;
  /** Position in the set's items, for diagnostics (`/items/<index>`). */
  index: number;
}

export interface ResolvedSet {
  id: string;
  kind: string;
  name: string;
  /** Trim size and bleed, in points. */
  width: number;
  height: number;
  bleed: number;
  shape: 'rectangle' | 'rounded' | 'circle' | 'hex';
  cornerRadius: number;
  /** Print sheet spacing, in points. */
  gutter: number;
  margin: number;
  /** How the set is printed: one-sided, duplex or fold (the set's `print`, else duplex when it has a back). */
  print: PrintMode;
  front: ResolvedTemplate;
  back?: ResolvedTemplate;
  items: ResolvedItem[];
  source: LoadedSet;
}

export interface ResolvedCredit {
  role: string;
  name: string;
}

/** One game in one language: everything a layout needs, and nothing raw. */
export interface ResolvedGame {
  id: string;
  lang: string;
  sourceLanguage: string;
  languages: string[];
  dir: string;
  title: string;
  subtitle: string;
  description: string;
  players: { min: number; max: number };
  playTime: { min: number; max: number };
  age?: number;
  credits: ResolvedCredit[];
  /** Colour names → "#rrggbb". */
  palette: Record<string, string>;
  /** The game's own colours for the low-ink variant (`inkSaver:`), by palette name. */
  inkSaver: Record<string, string>;
  /** `saver` once made into the low-ink variant (see inkSaverGame). */
  ink?: 'normal' | 'saver';
  fonts: FontRegistry;
  /** The typography of the language (French spaces, apostrophes), applied to every text a player reads. */
  typeset: (text: string) => string;
  /** The narrow no-break space the game's fonts can print: U+202F, else U+00A0. */
  narrowSpace: string;
  /** The same typography for texts read as one, such as the runs of a Markdown paragraph (see typesetParts). */
  typesetParts: (parts: readonly string[]) => string[];
  /** The game's named words (`strings:` in game.yaml), in this language. */
  strings: Record<string, string>;
  /** Short icon names → "game-icons:name" or an SVG path in the game. */
  icons: Record<string, string>;
  sets: ResolvedSet[];
  /** Thresholds of the legibility checks. */
  accessibility: { minTextSize: number; colorDifference: number };
}
