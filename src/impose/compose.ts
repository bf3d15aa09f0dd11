import type { DisplayItem, DisplayList, FontFace, Matrix } from '../shared/display-list.js';
import { placementMatrix } from '../shared/placement.js';
import type { Rotation } from './grid.js';

/** How far past each side of its trim a placed component may show (its own sides, before turning). */
export interface Reach {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** A component placed on a sheet: its turned trim's top-left at (x, y). */
export interface Placement {
  list: DisplayList;
  x: number;
  y: number;
  rotate: Rotation;
  /** What shows past the trim (bleed toward the outside, less toward neighbours). */
  reach: Reach;
}


const SIDES = ['top', 'right', 'bottom', 'left'] as const;
export type Side = (typeof SIDES)[number];

/** Which side of the sheet a component's own side faces once turned. */
export function sheetSide(side: Side, rotate: Rotation): Side {
  return SIDES[(SIDES.indexOf(side) + rotate / 90) % 4]!;
}

/** A component as a group on the sheet: turned, moved, and clipped to its trim plus its reach. */
export function placeComponent(p: Placement): DisplayItem {
  const { list, reach } = p;
  const items: DisplayItem[] = [];
  if (list.background) {
    const b = list.bleed;
    items.push({ type: 'rect', x: -b, y: -b, width: list.width + 2 * b, height: list.height + 2 * b, fill: list.background });
  }
  items.push(...list.items);
  return {
    type: 'group',
    transform: placementMatrix(list.width, list.height, p),
    clip: { shape: 'rect', x: -reach.left, y: -reach.top, width: list.width + reach.left + reach.right, height: list.height + reach.top + reach.bottom },
    items,
  };
}

/** A sheet of paper as one display list: placed components, then marks and guides over them. */
export function composeSheet(page: { width: number; height: number }, placements: readonly Placement[], over: DisplayItem[] = []): DisplayList {
  const fonts: Record<string, FontFace> = {};
  for (const p of placements) Object.assign(fonts, p.list.fonts);
  return { width: page.width, height: page.height, bleed: 0, background: '#ffffff', items: [...placements.map(placeComponent), ...over], fonts };
}

/**
 * A round component's face, transparent outside its shape: everything (its background too)
 * clipped to the circle through the bleed, so every game's round tokens come out alike —
 * round, on a transparent ground — in PNGs, exports and on the sheets.
 */
export function roundFace(list: DisplayList): DisplayList {
  const b = list.bleed;
  const items: DisplayItem[] = [];
  if (list.background) items.push({ type: 'rect', x: -b, y: -b, width: list.width + 2 * b, height: list.height + 2 * b, fill: list.background });
  items.push(...list.items);
  const { background: _dropped, ...rest } = list;
  return { ...rest, items: [{ type: 'group', clip: { shape: 'ellipse', x: -b, y: -b, width: list.width + 2 * b, height: list.height + 2 * b }, items }] };
}
