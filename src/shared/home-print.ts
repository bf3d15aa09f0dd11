import { resolveLength } from './lengths.js';

/** `--ink`: `normal`, or `saver`: a low-ink variant (decorative elements dropped, a light palette, dark text, art lightened). */
export type InkMode = 'normal' | 'saver';
export const INK_MODES: readonly InkMode[] = ['normal', 'saver'];

/** Options of home printing that components of some sets follow (boxes, boards larger than the paper, low ink). */
export interface HomePrintOptions {
  ink: InkMode;
  /** Thickness of one card, for tuck boxes, in points (default 0.3 mm). */
  cardThickness: number;
  /** Overlap of two pieces of a board tiled over several sheets, in points (default 10 mm). */
  tileOverlap: number;
}

export const DEFAULT_HOME_PRINT: HomePrintOptions = {
  ink: 'normal',
  cardThickness: resolveLength('0.3mm'),
  tileOverlap: resolveLength('10mm'),
};
