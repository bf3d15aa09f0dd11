import { PAPER_NAMES, PAPERS, type PaperName } from '../shared/print-options.js';

export { PAPER_NAMES, PAPERS, type PaperName };

export interface Size {
  width: number;
  height: number;
}

export function landscape(size: Size): Size {
  return { width: Math.max(size.width, size.height), height: Math.min(size.width, size.height) };
}
