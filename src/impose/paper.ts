import { resolveLength } from '../shared/lengths.js';

export type PaperName = 'a4' | 'letter';
export const PAPER_NAMES: readonly PaperName[] = ['a4', 'letter'];

/** Portrait paper sizes in points: A4 is 210 × 297 mm, US Letter 8.5 × 11 in. */
export const PAPERS: Record<PaperName, { label: string; width: number; height: number }> = {
  a4: { label: 'A4', width: resolveLength('210mm'), height: resolveLength('297mm') },
  letter: { label: 'Letter', width: 612, height: 792 },
};

export interface Size {
  width: number;
  height: number;
}

export function landscape(size: Size): Size {
  return { width: Math.max(size.width, size.height), height: Math.min(size.width, size.height) };
}
