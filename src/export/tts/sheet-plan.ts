import { pointsToMm } from '../../shared/lengths.js';
import type { ResolvedSet } from '../../resolve/model.js';

/** Tabletop Simulator reads a deck sheet as a grid of at most 10 × 7 cards (PRINT.md). */
export const MAX_COLUMNS = 10;
export const MAX_ROWS = 7;
export const CARDS_PER_SHEET = MAX_COLUMNS * MAX_ROWS;
/** The longest side a TTS image should have. */
export const MAX_SHEET_PX = 4096;

export interface CellSize {
  widthPx: number;
  heightPx: number;
}

/**
 * The pixel size of one card on a sheet: the card's trim aspect, as large as a full 10 × 7
 * sheet allows within 4096 px (409 × 585 px at most), the same on every sheet of a set.
 */
export function cellSize(widthPt: number, heightPt: number): CellSize {
  const maxW = Math.floor(MAX_SHEET_PX / MAX_COLUMNS);
  const maxH = Math.floor(MAX_SHEET_PX / MAX_ROWS);
  const aspect = widthPt / heightPt;
  if (maxW / aspect <= maxH) return { widthPx: maxW, heightPx: Math.max(1, Math.floor(maxW / aspect)) };
  return { widthPx: Math.max(1, Math.floor(maxH * aspect)), heightPx: maxH };
}

/** The smallest grid of at most 10 columns for `n` cards: full rows of 10, or one row of n. */
export function gridFor(n: number): { columns: number; rows: number } {
  const columns = Math.min(MAX_COLUMNS, Math.max(1, n));
  return { columns, rows: Math.max(1, Math.ceil(n / columns)) };
}

export interface SheetPlan<T> {
  /** 0-based position among the set's sheets. */
  index: number;
  columns: number;
  rows: number;
  /** What goes in each cell, row by row; a cell's index is its position here. */
  cells: T[];
}

/** Cuts the unique faces of a set into sheets of at most 70, each with its own grid. */
export function planSheets<T>(cells: readonly T[]): SheetPlan<T>[] {
  const plans: SheetPlan<T>[] = [];
  for (let start = 0; start < cells.length; start += CARDS_PER_SHEET) {
    const chunk = cells.slice(start, start + CARDS_PER_SHEET);
    plans.push({ index: plans.length, ...gridFor(chunk.length), cells: chunk });
  }
  return plans;
}

/** The top-left pixel of the cell at `index` on a sheet of `columns` columns. */
export function cellOrigin(index: number, columns: number, cell: CellSize): { left: number; top: number } {
  return { left: (index % columns) * cell.widthPx, top: Math.floor(index / columns) * cell.heightPx };
}

/** `mm` at `dpi`, in whole pixels (at least 1). */
export function mmToPx(mm: number, dpi: number): number {
  return Math.max(1, Math.round((mm / 25.4) * dpi));
}

/** Tiles, tokens and standees are drawn at this resolution, within 4096 px on their longest side. */
export const PIECE_DPI = 200;

/** The pixel size of a piece's image. */
export function pieceSize(set: Pick<ResolvedSet, 'width' | 'height'>): { width: number; height: number } {
  const width = mmToPx(pointsToMm(set.width), PIECE_DPI);
  const height = mmToPx(pointsToMm(set.height), PIECE_DPI);
  const k = Math.min(1, MAX_SHEET_PX / Math.max(width, height));
  return { width: Math.max(1, Math.floor(width * k)), height: Math.max(1, Math.floor(height * k)) };
}

/** The size of a face's trim in the Tabletop Simulator export: a card's cell on its deck sheet, or a piece's own image. */
export function ttsTrimSize(set: Pick<ResolvedSet, 'kind' | 'width' | 'height'>): { width: number; height: number } {
  if (set.kind !== 'cards') return pieceSize(set);
  const cell = cellSize(set.width, set.height);
  return { width: cell.widthPx, height: cell.heightPx };
}
