import { resolveLength } from '../shared/lengths.js';
import type { DisplayItem, DisplayList } from '../shared/display-list.js';
import { composeSheet, type Placement, type Reach } from './compose.js';
import type { Copy, CopyGeometry } from './component-sheets.js';
import { fitGrid, type Rotation } from './grid.js';
import { cutGuides, HAIRLINE, type GuideOptions, type GuidePiece, type Rect } from './marks.js';
import { placeComponent } from './compose.js';

/** One set as the kit sees it: its copies, sizes, and how it is printed. */
export interface KitSet extends CopyGeometry {
  id: string;
  name: string;
  kind: string;
  copies: readonly Copy[];
  /** Space between neighbouring copies of this set (0: they butt and share cut lines). */
  gutter: number;
  /** `none`: fronts only; `long`/`short`: backs on the back of the sheet; `fold`: front and back side by side, folded. */
  sides: 'none' | 'long' | 'short' | 'fold';
}

export interface KitRequest {
  sets: readonly KitSet[];
  page: { width: number; height: number };
  /** Least distance from the paper's edge to any trim. */
  margin: number;
  /** How duplex sheets are flipped (for sets whose sides are long or short). */
  flip: 'long' | 'short';
  backOffset: { x: number; y: number };
  guides: GuideOptions;
}

/** One copy on a kit sheet. */
export interface KitPiece {
  set: string;
  /** Index of the copy in its set. */
  copy: number;
  /** The turned trim on the front of the sheet. */
  trim: Rect;
  rotate: Rotation;
  /** What shows past the trim, on the piece's own sides. */
  reach: Reach;
  /** Where its back is printed on the back of the sheet, when it has one. */
  back?: { trim: Rect; rotate: Rotation };
}

export interface KitSheet {
  pieces: KitPiece[];
  /** The sheet has a back page (some piece on it has a back). */
  duplex: boolean;
}

export interface KitLayout {
  sheets: KitSheet[];
  /** Front and back pages, in print order (a duplex sheet's back right after its front). */
  pages: DisplayList[];
}

/** Order of kinds in the kit, after the rulebook. */
const KIND_ORDER = ['cards', 'tiles', 'tokens', 'standees', 'sheets', 'boards'];
const FOLD_LINE = { stroke: '#888888', strokeWidth: HAIRLINE, dash: [3, 2] };

/**
 * A fold-over pair as one component: the front above, the back below it turned 180° (it reads
 * upright once folded along the line between them).
 */
export function foldPair(front: DisplayList, back: DisplayList | undefined): DisplayList {
  const { width, height, bleed } = front;
  const reach = { top: bleed, right: bleed, bottom: 0, left: bleed };
  const items: DisplayItem[] = [placeComponent({ list: front, x: 0, y: 0, rotate: 0, reach })];
  if (back) items.push(placeComponent({ list: back, x: 0, y: height, rotate: 180, reach }));
  items.push({ type: 'line', x1: 0, y1: height, x2: width, y2: height, ...FOLD_LINE });
  return { width, height: 2 * height, bleed, items, fonts: { ...front.fonts, ...(back?.fonts ?? {}) } };
}

interface Item {
  set: KitSet;
  copy: number;
  /** Turned trim size on the sheet. */
  w: number;
  h: number;
  rotate: Rotation;
  hasBack: boolean;
  order: number;
}

interface Shelf {
  y: number;
  height: number;
  x: number;
  items: { item: Item; x: number }[];
  /** Butted against the shelf above or below: takes only its own set's copies. */
  locked?: string;
}

interface Page {
  shelves: Shelf[];
}

const EPS = 0.01;

/** The footprint a set's copy takes on the sheet: turned when the set's own grid would turn it. */
function orientation(set: KitSet, page: { width: number; height: number }, margin: number): { w: number; h: number; rotate: Rotation } {
  const height = set.sides === 'fold' ? 2 * set.height : set.height;
  const grid = fitGrid({ page, item: { width: set.width, height }, gutter: set.gutter, margin, allowRotate: true });
  return grid.rotated ? { w: height, h: set.width, rotate: 90 } : { w: set.width, h: height, rotate: 0 };
}

/** The space between two neighbouring copies: the set's gutter within a set, both bleeds between sets. */
function spacing(a: KitSet, b: KitSet): number {
  return a === b ? a.gutter : a.bleed + b.bleed;
}

/**
 * Packs copies of several sets, of several sizes, onto as few sheets as a shelf packer finds
 * (first-fit decreasing height): copies sorted tallest first go into the first shelf, on any
 * sheet, with room; a new shelf opens on the first sheet with height left. Copies of one set
 * butt (or keep their set's gutter) as on the set's own sheets; copies of different sets keep
 * both bleeds apart. Each sheet's content is centred, so that fronts and backs meet through
 * the paper even when a printer shifts it.
 */
export function packKit(request: KitRequest): KitSheet[] {
  const { page, margin } = request;
  const area = { width: page.width - 2 * margin, height: page.height - 2 * margin };
  const turned = (set: KitSet, flat: boolean) => {
    const o = orientation(set, page, margin);
    const wantFlat = flat ? o.h > o.w : o.w > o.h;
    const other = { w: o.h, h: o.w, rotate: (o.rotate === 0 ? 90 : 0) as Rotation };
    return wantFlat && other.w <= area.width + EPS && other.h <= area.height + EPS ? other : o;
  };
  // Each set as its own sheets turn it; sets that fill less than a sheet laid flat; every set flat; every set upright.
  const strategies: ((set: KitSet) => { w: number; h: number; rotate: Rotation })[] = [
    (set) => orientation(set, page, margin),
    (set) => (set.copies.length < perSheetOf(set, page, margin) ? turned(set, true) : orientation(set, page, margin)),
    (set) => turned(set, true),
    (set) => turned(set, false),
  ];
  let best: KitSheet[] | undefined;
  for (const orient of strategies) {
    const sheets = packWith(request, orient);
    if (!best || sheets.length < best.length) best = sheets;
  }
  return best!;
}

/** Whether a copy of the set fits a kit sheet at all, upright or turned (a board larger than the paper does not). */
export function fitsKitSheet(set: KitSet, page: { width: number; height: number }, margin: number): boolean {
  return perSheetOf(set, page, margin) > 0;
}

function perSheetOf(set: KitSet, page: { width: number; height: number }, margin: number): number {
  const height = set.sides === 'fold' ? 2 * set.height : set.height;
  const grid = fitGrid({ page, item: { width: set.width, height }, gutter: set.gutter, margin, allowRotate: true });
  return grid.cols * grid.rows;
}

function packWith(request: KitRequest, orient: (set: KitSet) => { w: number; h: number; rotate: Rotation }): KitSheet[] {
  const { page, margin } = request;
  const area = { width: page.width - 2 * margin, height: page.height - 2 * margin };
  const maxBleed = Math.max(0, ...request.sets.map((s) => s.bleed));
  const items: Item[] = [];
  request.sets.forEach((set, index) => {
    const o = orient(set);
    if (o.w > area.width + EPS || o.h > area.height + EPS) return;
    const order = KIND_ORDER.indexOf(set.kind) * 1000 + index;
    set.copies.forEach((copy, i) => items.push({ set, copy: i, ...o, hasBack: (set.sides === 'long' || set.sides === 'short') && copy.back !== undefined, order }));
  });
  // Tallest first; among equals, in print order, so that a set's copies stay together.
  const sorted = items.map((item, i) => ({ item, i })).sort((a, b) => b.item.h - a.item.h || a.item.order - b.item.order || a.i - b.i).map((e) => e.item);
  const pages: Page[] = [];
  const fitsShelf = (shelf: Shelf, item: Item): number | undefined => {
    if (item.h > shelf.height + EPS) return undefined;
    if (shelf.locked !== undefined && shelf.locked !== item.set.id) return undefined;
    const last = shelf.items[shelf.items.length - 1];
    const x = last ? last.x + last.item.w + spacing(last.item.set, item.set) : 0;
    return x + item.w <= area.width + EPS ? x : undefined;
  };
  // A sheet on which no copy left can go (no shelf with room for the narrowest, no height for
  // the lowest) is passed over from then on: 10 000 cards fill some 1 100 sheets, and looking
  // through every one of them for each copy took 2 s of a build. Which sheet a copy goes on is
  // the same: only sheets that could not take it are skipped.
  let narrowest = Infinity;
  let lowest = Infinity;
  for (const item of items) {
    narrowest = Math.min(narrowest, item.w);
    lowest = Math.min(lowest, item.h);
  }
  const closest = Math.min(0, ...request.sets.flatMap((set) => [set.gutter, 2 * set.bleed]));
  const full = (p: Page) => {
    const last = p.shelves[p.shelves.length - 1]!;
    if (last.y + last.height + closest + lowest <= area.height + EPS) return false;
    return p.shelves.every((shelf) => {
      const end = shelf.items[shelf.items.length - 1]!;
      return end.x + end.item.w + closest + narrowest > area.width + EPS;
    });
  };
  let open: Page[] = [];
  const placedOn = (p: Page) => {
    if (full(p)) open = open.filter((o) => o !== p);
  };
  for (const item of sorted) {
    let placed = false;
    for (const p of open) {
      for (const shelf of p.shelves) {
        const x = fitsShelf(shelf, item);
        if (x === undefined) continue;
        shelf.items.push({ item, x });
        placed = true;
        break;
      }
      if (placed) {
        placedOn(p);
        break;
      }
    }
    if (placed) continue;
    // A new shelf: butted to the one above when both hold the same set alone (as a set's own grid), else both bleeds apart.
    const fresh: Page = { shelves: [] };
    for (const p of [...open, fresh]) {
      const above = p.shelves[p.shelves.length - 1];
      const sameSet = above !== undefined && above.items.every((e) => e.item.set === item.set) && Math.abs(above.height - item.h) < EPS;
      const gap = above === undefined ? 0 : sameSet ? item.set.gutter : maxBleed * 2;
      const y = above === undefined ? 0 : above.y + above.height + gap;
      if (y + item.h > area.height + EPS) continue;
      const shelf: Shelf = { y, height: item.h, x: 0, items: [{ item, x: 0 }] };
      if (sameSet) {
        shelf.locked = item.set.id;
        above!.locked = item.set.id;
      }
      if (p === fresh) {
        pages.push(p);
        open.push(p);
      }
      p.shelves.push(shelf);
      placedOn(p);
      break;
    }
  }
  // Sheets in print order: by the earliest kind on them.
  const sheets = pages.map((p) => layOut(p, request));
  const firstOrder = (s: { order: number }) => s.order;
  return sheets
    .map((sheet, i) => ({ sheet, order: Math.min(...pages[i]!.shelves.flatMap((sh) => sh.items.map((e) => e.item.order))) }))
    .sort((a, b) => firstOrder(a) - firstOrder(b))
    .map((e) => e.sheet);
}

function turn(r: number): Rotation {
  return (((r % 360) + 360) % 360) as Rotation;
}

/** Centres a packed sheet on the paper, works out each copy's reach and its back's place. */
function layOut(p: Page, request: KitRequest): KitSheet {
  const { page } = request;
  const all = p.shelves.flatMap((shelf) => shelf.items.map((e) => ({ ...e, y: shelf.y })));
  const right = Math.max(...all.map((e) => e.x + e.item.w));
  const bottom = Math.max(...all.map((e) => e.y + e.item.h));
  const dx = (page.width - right) / 2;
  const dy = (page.height - bottom) / 2;
  const trims = all.map((e) => ({ x: e.x + dx, y: e.y + dy, width: e.item.w, height: e.item.h }));
  const pieces: KitPiece[] = all.map((e, i) => {
    const trim = trims[i]!;
    const reach = reachOf(trim, e.item, all.map((o) => o.item), trims, i);
    const piece: KitPiece = { set: e.item.set.id, copy: e.item.copy, trim, rotate: e.item.rotate, reach };
    if (e.item.hasBack) {
      piece.back =
        request.flip === 'long'
          ? { trim: { ...trim, x: page.width - trim.x - trim.width }, rotate: turn(-e.item.rotate) }
          : { trim: { ...trim, y: page.height - trim.y - trim.height }, rotate: turn(180 - e.item.rotate) };
    }
    return piece;
  });
  return { pieces, duplex: pieces.some((x) => x.back) };
}

/**
 * How much of its bleed a copy shows on each of its own sides: all of it where the nearest
 * neighbour is at least both bleeds away, else half the space between them (none where they butt).
 */
function reachOf(trim: Rect, item: Item, items: Item[], trims: Rect[], self: number): Reach {
  const bleed = item.set.bleed;
  const sheet = { top: bleed, right: bleed, bottom: bleed, left: bleed };
  trims.forEach((o, i) => {
    if (i === self) return;
    const other = items[i]!.set.bleed;
    // A neighbour counts on a side when the two could meet there, diagonal neighbours included:
    // their ranges across that side overlap once both bleeds are added.
    const near = bleed + other - EPS;
    const overlapX = Math.min(o.x + o.width, trim.x + trim.width) - Math.max(o.x, trim.x) > -near;
    const overlapY = Math.min(o.y + o.height, trim.y + trim.height) - Math.max(o.y, trim.y) > -near;
    const limit = (d: number) => (d + EPS >= bleed + other ? bleed : Math.max(0, Math.min(bleed, d / 2)));
    if (overlapX && o.y + o.height <= trim.y + EPS) sheet.top = Math.min(sheet.top, limit(trim.y - (o.y + o.height)));
    if (overlapX && o.y >= trim.y + trim.height - EPS) sheet.bottom = Math.min(sheet.bottom, limit(o.y - (trim.y + trim.height)));
    if (overlapY && o.x + o.width <= trim.x + EPS) sheet.left = Math.min(sheet.left, limit(trim.x - (o.x + o.width)));
    if (overlapY && o.x >= trim.x + trim.width - EPS) sheet.right = Math.min(sheet.right, limit(o.x - (trim.x + trim.width)));
  });
  // Back to the copy's own sides: its own top faces the sheet's right when turned a quarter.
  return toOwn(sheet, item.rotate);
}

/** The turned trim's top-left and the copy as a placement. */
function placement(list: DisplayList, trim: Rect, rotate: Rotation, reach: Reach, shift = { x: 0, y: 0 }): Placement {
  return { list, x: trim.x + shift.x, y: trim.y + shift.y, rotate, reach };
}

/** The list a set's copy is drawn with on the kit: its front, or its fold-over pair. */
function frontOf(set: KitSet, copy: Copy): DisplayList {
  return set.sides === 'fold' ? foldPair(copy.front, copy.back) : copy.front;
}

/** The trim's outline for cut guides: a fold-over pair is cut as one piece, folded after. */
function guidePiece(set: KitSet, trim: Rect, reach: Reach, rotate: Rotation): GuidePiece {
  const r = toSheet(reach, rotate);
  return {
    trim,
    shows: { x: trim.x - r.left, y: trim.y - r.top, width: trim.width + r.left + r.right, height: trim.height + r.top + r.bottom },
    shape: set.sides === 'fold' && set.shape !== 'rectangle' ? 'rectangle' : set.shape,
    cornerRadius: set.cornerRadius,
    apart: set.gutter > 0 || Object.values(r).every((v) => v > 0),
  };
}

/** The kit's sheets as pages: each front page, then its back page when it has one. */
export function imposeKit(request: KitRequest, sheets: readonly KitSheet[] = packKit(request)): KitLayout {
  const byId = new Map(request.sets.map((s) => [s.id, s]));
  const pages: DisplayList[] = [];
  for (const sheet of sheets) {
    const fronts = sheet.pieces.map((p) => placement(frontOf(byId.get(p.set)!, byId.get(p.set)!.copies[p.copy]!), p.trim, p.rotate, p.reach));
    const guides = cutGuides(request.page, sheet.pieces.map((p) => guidePiece(byId.get(p.set)!, p.trim, p.reach, p.rotate)), request.guides);
    pages.push(composeSheet(request.page, fronts, guides));
    if (!sheet.duplex) continue;
    const withBacks = sheet.pieces.filter((p) => p.back);
    // The back of a copy shows what its front shows, mirrored: its left reach becomes its right.
    const backReach = (p: KitPiece): Reach => {
      const front = toSheet(p.reach, p.rotate);
      const mirrored = request.flip === 'long' ? { ...front, left: front.right, right: front.left } : { ...front, top: front.bottom, bottom: front.top };
      return toOwn(mirrored, p.back!.rotate);
    };
    const backs = withBacks.map((p) => placement(byId.get(p.set)!.copies[p.copy]!.back!, p.back!.trim, p.back!.rotate, backReach(p), request.backOffset));
    const backGuides = cutGuides(
      request.page,
      withBacks.map((p) => guidePiece(byId.get(p.set)!, { ...p.back!.trim, x: p.back!.trim.x + request.backOffset.x, y: p.back!.trim.y + request.backOffset.y }, backReach(p), p.back!.rotate)),
      request.guides,
    );
    pages.push(composeSheet(request.page, backs, backGuides));
  }
  return { sheets: [...sheets], pages };
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

/** A reach on a copy's own sides, on the sheet's sides once the copy is turned. */
function toSheet(reach: Reach, rotate: Rotation): Reach {
  const r: Reach = { top: 0, right: 0, bottom: 0, left: 0 };
  SIDES.forEach((side, k) => (r[SIDES[(k + rotate / 90) % 4]!] = reach[side]));
  return r;
}

/** A reach on the sheet's sides, on the copy's own sides. */
function toOwn(sheet: Reach, rotate: Rotation): Reach {
  const r: Reach = { top: 0, right: 0, bottom: 0, left: 0 };
  SIDES.forEach((side, k) => (r[side] = sheet[SIDES[(k + rotate / 90) % 4]!]));
  return r;
}

export const KIT_MARGIN = resolveLength('7mm');
