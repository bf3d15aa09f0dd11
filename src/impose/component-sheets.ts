import { resolveLength } from '../shared/lengths.js';
import type { DisplayItem, DisplayList } from '../shared/display-list.js';
import { composeSheet, sheetSide, type Placement, type Reach } from './compose.js';
import { backSlot, type DuplexMode } from './duplex.js';
import { fitGrid, gridSlots, type Grid, type Rotation, type Slot } from './grid.js';
import { cutGuides, HAIRLINE, type GuideOptions, type GuidePiece, type Rect } from './marks.js';
import type { SheetSides } from '../shared/print-options.js';
import { DEFAULT_PRINTABLE_MARGIN } from '../shared/print-options.js';

/** One copy of a component: its front and, when it has one, its back. */
export interface Copy {
  front: DisplayList;
  back?: DisplayList;
}

/** The trim size, bleed and shape every copy of a set shares, in points. */
export interface CopyGeometry {
  width: number;
  height: number;
  bleed: number;
  shape: 'rectangle' | 'rounded' | 'circle' | 'hex';
  cornerRadius: number;
}

export interface ComponentSheetRequest extends CopyGeometry {
  copies: readonly Copy[];
  page: { width: number; height: number };
  /** No backs, backs through the paper (long or short edge), or fold-over sheets. */
  duplex: SheetSides | DuplexMode;
  /** Cut guides and the printable margin (crop marks by default, 5 mm from the edge). */
  guides?: GuideOptions;
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

/** The cut guides of placed components: what shows of each is its trim plus its reach. */
export function guidesFor(page: { width: number; height: number }, placed: readonly { trim: Rect; reach: Reach; rotate: number }[], request: Pick<ComponentSheetRequest, 'shape' | 'cornerRadius' | 'gutter' | 'guides'>): DisplayItem[] {
  const pieces: GuidePiece[] = placed.map(({ trim, reach, rotate }) => {
    const r = { top: 0, right: 0, bottom: 0, left: 0 };
    // The reach is given on the component's own sides; on the sheet, turned with it.
    for (const side of ['top', 'right', 'bottom', 'left'] as const) r[sheetSide(side, rotate as Rotation)] = reach[side];
    return {
      trim,
      shows: { x: trim.x - r.left, y: trim.y - r.top, width: trim.width + r.left + r.right, height: trim.height + r.top + r.bottom },
      shape: request.shape,
      cornerRadius: request.cornerRadius,
      apart: request.gutter > 0,
    };
  });
  return cutGuides(page, pieces, request.guides ?? { style: 'marks', printableMargin: DEFAULT_PRINTABLE_MARGIN });
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
  const margin = Math.max(request.margin, request.guides?.printableMargin ?? 0);
  const grid = fitGrid({ page: area, item: { width: request.width, height: request.height }, gutter: request.gutter, margin, allowRotate: true });
  const perSheet = grid.cols * grid.rows;
  const pages: DisplayList[] = [];
  if (perSheet === 0) return { pages, grid, perSheet };
  const slots = gridSlots(grid);
  const hasBacks = request.duplex !== 'none' && copies.some((c) => c.back);
  for (let start = 0; start < copies.length; start += perSheet) {
    const chunk = copies.slice(start, start + perSheet);
    const fronts = placements(chunk.map((c) => c.front), slots, request);
    const backSlots = slots.slice(0, chunk.length).map((s) => backSlot(grid, s, fold ? 'short' : (request.duplex as DuplexMode)));
    const offset = fold ? { x: request.backOffset.x, y: request.backOffset.y + page.height / 2 } : request.backOffset;
    const backs = hasBacks ? placements(chunk.map((c) => c.back), backSlots, request, offset) : [];
    const placed = (list: Placement[]) => list.map((p) => ({ trim: { x: p.x, y: p.y, width: grid.cellWidth, height: grid.cellHeight }, reach: p.reach, rotate: p.rotate }));
    if (fold) {
      const foldLine: DisplayItem = { type: 'line', x1: margin, y1: page.height / 2, x2: page.width - margin, y2: page.height / 2, stroke: '#888888', strokeWidth: HAIRLINE, dash: [3, 2] };
      pages.push(composeSheet(page, [...fronts, ...backs], [...guidesFor(page, placed([...fronts, ...backs]), request), foldLine]));
    } else {
      pages.push(composeSheet(page, fronts, guidesFor(page, placed(fronts), request)));
      if (hasBacks) pages.push(composeSheet(page, backs, guidesFor(page, placed(backs), request)));
    }
  }
  return { pages, grid, perSheet };
}
