import { resolveLength } from './lengths.js';

/** The papers a build prints on. */
export type PaperName = 'a4' | 'letter';
export const PAPER_NAMES: readonly PaperName[] = ['a4', 'letter'];

/** Portrait paper sizes in points: A4 is 210 × 297 mm, US Letter 8.5 × 11 in. */
export const PAPERS: Record<PaperName, { label: string; width: number; height: number }> = {
  a4: { label: 'A4', width: resolveLength('210mm'), height: resolveLength('297mm') },
  letter: { label: 'Letter', width: 612, height: 792 },
};

/**
 * How backs meet fronts: `long` (flip on the long edge of a portrait sheet: columns mirror,
 * upright stays upright), `short` (flip on the short edge: rows mirror, turned 180°), or
 * `fold` (single-sided: fronts above a fold line, backs below it, as for `short`).
 */
export type DuplexMode = 'long' | 'short' | 'fold';
export const DUPLEX_MODES: readonly DuplexMode[] = ['long', 'short', 'fold'];

/**
 * How a set is printed, declared once in the set (`print:`): `one-sided` (fronts only: a board
 * in two halves, a play sheet), `duplex` (each back behind its front, as --duplex says: long or
 * short edge, or fold-over when the build asks for fold), `fold` (always fold-over: front and
 * back on one side, a fold line between). Default: `duplex` when the set has a back.
 */
export type PrintMode = 'one-sided' | 'duplex' | 'fold';
export const PRINT_MODES: readonly PrintMode[] = ['one-sided', 'duplex', 'fold'];

/** The sheet layout a set ends up with: no backs, backs through the paper (long or short edge), or fold-over. */
export type SheetSides = 'none' | DuplexMode;

/** Which sides a set's sheets get, from its print mode and the build's --duplex. */
export function sheetSides(print: PrintMode, duplex: DuplexMode): SheetSides {
  if (print === 'one-sided') return 'none';
  if (print === 'fold') return 'fold';
  return duplex;
}

/** Cut guides on the print sheets: short crop marks in the margin, full cut lines, both, or none. */
export type CutGuideStyle = 'marks' | 'lines' | 'both' | 'none';
export const CUT_GUIDE_STYLES: readonly CutGuideStyle[] = ['marks', 'lines', 'both', 'none'];

/** Cutting machines whose registration marks and cut files a build can add. */
export type CutterName = 'silhouette';
export const CUTTER_NAMES: readonly CutterName[] = ['silhouette'];

/** Nothing is printed closer than this to the paper's edge (most home printers leave 3–5 mm blank). */
export const DEFAULT_PRINTABLE_MARGIN = resolveLength('5mm');

/**
 * Silhouette Studio's registration marks (Type 1, CAMEO and Portrait): a filled square at the
 * top-left corner, L-shaped marks at the other three, all `inset` from the paper's edges.
 */
export interface CutterMarks {
  /** From the paper's edge to the outer edge of every mark, in points. */
  inset: number;
  /** Side of the filled square, in points. */
  square: number;
  /** Length of each arm of the L-marks, in points. */
  length: number;
  /** Thickness of the L-marks' arms, in points. */
  thickness: number;
}

export const SILHOUETTE_MARKS: CutterMarks = {
  inset: resolveLength('10mm'),
  square: resolveLength('5mm'),
  length: resolveLength('20mm'),
  thickness: resolveLength('0.5mm'),
};

/** Everything about print sheets that the command line (or pocketpress.yaml) can change beyond paper and duplex. */
export interface PrintGuides {
  cutGuides: CutGuideStyle;
  /** Nothing printed closer than this to the paper's edge, in points. */
  printableMargin: number;
  /** Space between components of a set on the sheets, in points; the set's own when absent. */
  gutter?: number;
  cutter?: CutterName;
  cutterMarks: CutterMarks;
}

export const DEFAULT_PRINT_GUIDES: PrintGuides = { cutGuides: 'marks', printableMargin: DEFAULT_PRINTABLE_MARGIN, cutterMarks: SILHOUETTE_MARKS };
