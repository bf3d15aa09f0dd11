import { resolveLength } from '../shared/lengths.js';
import type { DisplayItem, DisplayList } from '../shared/display-list.js';
import { composeSheet, sheetSide, type Placement, type Reach } from './compose.js';
import { backSlot, type DuplexMode } from './duplex.js';
import { fitGrid, gridSlots, type Grid, type Slot } from './grid.js';
import { cropMarks, HAIRLINE, outlinePath, type Rect } from './marks.js';

/** One copy of a component: its front and, when it has one, its back. */
export interface Copy {
  front: DisplayList;
  back?: DisplayList;
}

export interface ComponentSheetRequest {
  copies: readonly Copy[];
  /** Trim size and bleed of every copy, in points. */
  width: number;
  height: number;
  bleed: number;
  shape: 'rectangle' | 'rounded' | 'circle' | 'hex';
  cornerRadius: number;
  page: { width: number; height: number };
  duplex: DuplexMode;
  /** Space between trims; 0 lets components butt and share cut lines. */
  gutter: number;
  margin: number;
  /** Moves every back by this much, for printers that do not align both sides. */
  backOffset: { x: number; y: number };
}

export interface ComponentSheets {
  /** Fronts, then their backs (duplex), page after page; or fronts and backs on one page (fold). */
  pages: DisplayList[];
  grid: Grid;
  perSheet: number;
}

export const DEFAULT_MARGIN = resolveLength('7mm');

function trimOf(slot: Slot, grid: Grid): Rect {
  return { x: slot.x, y: slot.y, width: grid.cellWidth, height: grid.cellHeight };
}

/** Bleed shows toward the outside of the grid; toward a neighbour only as much as half the gutter. */
function reachOf(slot: Slot, occupied: Set<string>, bleed: number, gutter: number): Reach {
  const inner = Math.min(bleed, gutter / 2);
  const neighbour = { top: [0, -1], right: [1, 0], bottom: [0, 1], left: [-1, 0] } as const;
  const out: Reach = { top: 0, right: 0, bottom: 0, left: 0 };
  for (const side of ['top', 'right', 'bottom', 'left'] as const) {
    const [dc, dr] = neighbour[sheetSide(side, slot.rotate)];
    out[side] = occupied.has(`${slot.col + dc},${slot.row + dr}`) ? inner : bleed;
  }
  return out;
}

function cutGuides(trims: Rect[], request: ComponentSheetRequest, page: { width: number; height: number }): DisplayItem[] {
  if (request.shape === 'circle' || request.shape === 'hex') return trims.map((t) => outlinePath(t, request.shape as 'circle' | 'hex'));
  const marks = cropMarks(page, trims, request.bleed);
  if (request.shape === 'rounded' && request.cornerRadius > 0) marks.push(...trims.map((t) => outlinePath(t, 'rounded', request.cornerRadius)));
  return marks;
}

function placements(lists: (DisplayList | undefined)[], slots: Slot[], request: ComponentSheetRequest, shift = { x: 0, y: 0 }): Placement[] {
  const occupied = new Set(slots.filter((_, i) => lists[i]).map((s) => `${s.col},${s.row}`));
  const out: Placement[] = [];
  slots.forEach((slot, i) => {
    const list = lists[i];
    if (!list) return;
    out.push({ list, x: slot.x + shift.x, y: slot.y + shift.y, rotate: slot.rotate, reach: reachOf(slot, occupied, request.bleed, request.gutter) });
  });
  return out;
}

/**
 * Lays copies on sheets: the most per sheet (turned when that fits more), centred, with crop
 * marks (or cut outlines for round and hex tokens), each fronts page followed by its backs
 * page mirrored for duplex, or fronts above a fold line and backs below it.
 */
export function imposeComponents(request: ComponentSheetRequest): ComponentSheets {
  const { page, copies } = request;
  const fold = request.duplex === 'fold';
  const area = fold ? { width: page.width, height: page.height / 2 } : page;
  const grid = fitGrid({ page: area, item: { width: request.width, height: request.height }, gutter: request.gutter, margin: request.margin, allowRotate: true });
  const perSheet = grid.cols * grid.rows;
  const pages: DisplayList[] = [];
  if (perSheet === 0) return { pages, grid, perSheet };
  const slots = gridSlots(grid);
  const hasBacks = copies.some((c) => c.back);
  for (let start = 0; start < copies.length; start += perSheet) {
    const chunk = copies.slice(start, start + perSheet);
    const fronts = placements(chunk.map((c) => c.front), slots, request);
    const backSlots = slots.slice(0, chunk.length).map((s) => backSlot(grid, s, fold ? 'short' : request.duplex));
    const offset = fold ? { x: request.backOffset.x, y: request.backOffset.y + page.height / 2 } : request.backOffset;
    const backs = hasBacks ? placements(chunk.map((c) => c.back), backSlots, request, offset) : [];
    const frontTrims = fronts.map((p, i) => trimOf(slots[i]!, grid));
    const backTrims = backs.map((p) => ({ x: p.x, y: p.y, width: grid.cellWidth, height: grid.cellHeight }));
    if (fold) {
      const foldLine: DisplayItem = { type: 'line', x1: request.margin, y1: page.height / 2, x2: page.width - request.margin, y2: page.height / 2, stroke: '#888888', strokeWidth: HAIRLINE, dash: [3, 2] };
      pages.push(composeSheet(page, [...fronts, ...backs], [...cutGuides([...frontTrims, ...backTrims], request, page), foldLine]));
    } else {
      pages.push(composeSheet(page, fronts, cutGuides(frontTrims, request, page)));
      if (hasBacks) pages.push(composeSheet(page, backs, cutGuides(backTrims, request, page)));
    }
  }
  return { pages, grid, perSheet };
}
