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
