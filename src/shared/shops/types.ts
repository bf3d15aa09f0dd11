/**
 * A print shop's rules as data: the products it makes (trim in millimetres, upload size in
 * pixels with the bleed), how it wants the files, and where each rule comes from. A new shop
 * is one more table like these.
 */

export type ShopName = 'thegamecrafter' | 'makeplayingcards' | 'drivethrucards' | 'printplaygames';

/** How the files are laid out for the shop. */
export type ShopLayout =
  /** One image per face (The Game Crafter). */
  | 'face-images'
  /** One image per face per copy, each file distinct (MakePlayingCards merges identical images). */
  | 'unique-face-images'
  /** One PDF per deck, one face per page, back then front, CMYK PDF/X-1a (DriveThruCards). */
  | 'pdfx-deck'
  /** Whole sheets of cards, fronts and mirrored backs on their own pages (Print & Play Games). */
  | 'sheets';

export interface ShopProduct {
  /** Our name for it: the named size `<shop prefix>-<id>` (tgc-poker, mpc-poker). */
  id: string;
  /** The shop's own name of the product. */
  name: string;
  /** Trim, portrait, in millimetres. */
  trimMm: { width: number; height: number };
  /** The upload at 300 dpi, trim and bleed, portrait, in pixels. */
  px: { width: number; height: number };
}

/** A rule and the page it comes from. */
export interface ShopSource {
  rule: string;
  url: string;
}

export interface ShopRules {
  name: ShopName;
  /** As the shop calls itself. */
  title: string;
  /** Prefix of its named sizes (`tgc` → `tgc-poker`). */
  prefix: string;
  home: string;
  layout: ShopLayout;
  dpi: number;
  /** Bleed on each side, in pixels at `dpi`. */
  bleedPx: number;
  /** Keep text this many pixels inside the trim. */
  safePx: number;
  /** The least bleed the shop accepts, in millimetres. */
  minBleedMm: number;
  colour: 'rgb' | 'cmyk';
  /** Total ink limit, percent (CMYK shops). */
  maxInk?: number;
  /** Sizes of an order, in cards (MakePlayingCards). */
  orderSizes?: readonly number[];
  /** Sheets (Print & Play Games): paper in inches, grid, card centres in inches. */
  sheet?: { widthIn: number; heightIn: number; columns: number; rows: number; centresXIn: readonly number[]; turned: boolean };
  products: readonly ShopProduct[];
  sources: readonly ShopSource[];
}

/** Trim + bleed at `dpi`, from a trim in inches and a bleed in pixels. */
export function productPx(widthIn: number, heightIn: number, dpi: number, bleedPx: number): { width: number; height: number } {
  return { width: Math.round(widthIn * dpi + 2 * bleedPx), height: Math.round(heightIn * dpi + 2 * bleedPx) };
}
