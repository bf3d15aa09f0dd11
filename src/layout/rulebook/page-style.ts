import { resolveLength } from '../../shared/lengths.js';
import type { ResolvedGame } from '../../resolve/model.js';
import type { Hex } from '../../shared/display-list.js';
import type { Imposition } from './types.js';
import { resolveColor } from '../../shared/colors.js';

export type FolioPosition = 'bottom-center' | 'bottom-outside' | 'top-center' | 'top-outside' | 'none';
export const FOLIO_POSITIONS: readonly FolioPosition[] = ['bottom-center', 'bottom-outside', 'top-center', 'top-outside', 'none'];

/** Margins in points; inside is the binding side (left on odd pages, right on even ones). */
export interface Margins {
  top: number;
  bottom: number;
  inside: number;
  outside: number;
}

/** Everything the flow and the page furniture are drawn with; front matter `style:` overrides it. */
export interface PageStyle {
  margin: Margins;
  /** Body size, in points. */
  size: number;
  /** Baseline to baseline, as a multiple of the size. */
  lineHeight: number;
  /** Body family, and the family of headings (set bold). */
  font: string;
  headingFont: string;
  align: 'left' | 'justify';
  folio: FolioPosition;
  /** A running header with the game's title on every page but the cover. */
  header: boolean;
  /** Text, headings and titles, and the sidebar background. */
  ink: Hex;
  accent: Hex;
  shade: Hex;
}

/** Heading sizes as multiples of the body size, for levels 1–6. */
export const HEADING_SCALE = [1.6, 1.3, 1.12, 1, 1, 1] as const;

/** Vertical rhythm, in ems of the body size: room above paragraphs, list items, headings (levels 1, 2, 3+), below headings, around figures. */
export const GAPS = { paragraph: 0.5, item: 0.2, heading: [1.1, 1, 0.8], afterHeading: 0.3, figure: 0.7 } as const;

/** The smallest margin a PocketMod panel takes: folds are off by 1–2 mm. */
export const POCKETMOD_MIN_MARGIN = resolveLength('4mm');

const mm = (n: number) => resolveLength(`${n}mm`);

const DEFAULTS: Record<Imposition, Omit<PageStyle, 'font' | 'headingFont' | 'ink' | 'accent' | 'shade'>> = {
  // A 74 × 105 mm panel: 7.5 pt is the norm for pocket rules; 5 mm keeps text clear of fold errors.
  pocketmod: { margin: { top: mm(5), bottom: mm(5), inside: mm(5), outside: mm(5) }, size: 7.5, lineHeight: 1.22, align: 'left', folio: 'bottom-center', header: false },
  // A5: a book page.
  booklet: { margin: { top: mm(12), bottom: mm(12), inside: mm(15), outside: mm(12) }, size: 10, lineHeight: 1.3, align: 'left', folio: 'bottom-outside', header: true },
  pages: { margin: { top: mm(15), bottom: mm(15), inside: mm(18), outside: mm(18) }, size: 10.5, lineHeight: 1.3, align: 'left', folio: 'bottom-center', header: true },
};

/** The first palette colour with one of these names. */
function pick(palette: Record<string, string>, names: readonly string[]): Hex | undefined {
  const name = names.find((n) => Object.hasOwn(palette, n));
  const color = name === undefined ? undefined : resolveColor(name, palette);
  return color?.kind === 'color' ? color.hex : undefined;
}

export const INK_NAMES = ['ink', 'text', 'foreground', 'dark'] as const;
export const ACCENT_NAMES = ['accent', 'primary', 'highlight', 'heading', 'title'] as const;
export const SHADE_NAMES = ['shade', 'paper', 'parchment', 'light', 'background'] as const;

/** The style of an imposition, with the game's default family and palette colours when it has such names. */
export function defaultStyle(imposition: Imposition, game: ResolvedGame): PageStyle {
  const base = DEFAULTS[imposition];
  const ink = pick(game.palette, INK_NAMES) ?? '#000000';
  return {
    ...base,
    margin: { ...base.margin },
    font: game.fonts.defaultFamily,
    headingFont: game.fonts.defaultFamily,
    ink,
    accent: pick(game.palette, ACCENT_NAMES) ?? ink,
    shade: pick(game.palette, SHADE_NAMES) ?? '#ececec',
  };
}

/** Size of a heading of `level` (1–6). */
export function headingSize(style: PageStyle, level: number): number {
  return Math.round(style.size * HEADING_SCALE[Math.min(Math.max(level, 1), 6) - 1]! * 4) / 4;
}
