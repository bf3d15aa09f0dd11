import type { DisplayItem, FontFace, Hex, StructureStep } from '../../shared/display-list.js';
import type { Block } from './blocks.js';

/** A shaded box around the slices of one sidebar, drawn per page around those on it. */
export interface Frame {
  x: number;
  width: number;
  /** Room between the box and its text, above and below (the sides are inset already). */
  pad: number;
  fill: Hex;
  stroke: Hex;
}

/**
 * The unit of pagination: a line of text, a table row, an image… Its items are placed with
 * y = 0 at the slice's top and x = 0 at the column's left edge.
 */
export interface Slice {
  kind: 'line' | 'heading' | 'row' | 'image' | 'rule';
  height: number;
  /** Room above it, dropped at the top of a page. */
  spaceBefore: number;
  items: DisplayItem[];
  fonts: Record<string, FontFace>;
  /** No page break between this slice and the next. */
  keepWithNext: boolean;
  /** Starts a new page (an explicit page break before it). */
  breakBefore?: boolean;
  /** For table rows: the header row, repeated at the top of a page that starts inside the table. */
  repeatHeader?: Slice;
  frame?: Frame;
  /** The top-level block it comes from (for the page of each section). */
  block?: Block;
  /** For text lines: the baseline, from the slice's top (list markers align on it). */
  baseline?: number;
  /** For images: the smallest share of its height it may shrink to, to stay on a page that has some room left. */
  minScale?: number;
  /** The plain text it shows, for tests and debugging. */
  text: string;
  /** Where it sits in the document's logical structure, outermost first (a paragraph in a list item: L, LI, LBody, P). */
  structure?: StructureStep[];
}

/** Puts `steps` around the structure each slice already has. */
export function wrapStructure(slices: readonly Slice[], ...steps: StructureStep[]): void {
  for (const slice of slices) slice.structure = [...steps, ...(slice.structure ?? [])];
}

/** An image slice shrunk to `height` (if its minScale allows), centred where it was; undefined if it may not shrink that far. */
export function shrinkImage(slice: Slice, height: number): Slice | undefined {
  const image = slice.items[0];
  const scale = height / slice.height;
  if (slice.minScale === undefined || scale < slice.minScale || scale >= 1 || image?.type !== 'image') return undefined;
  const width = image.width * scale;
  return { ...slice, height, items: [{ ...image, x: image.x + (image.width - width) / 2, width, height }] };
}

/** The items moved by (dx, dy). Paths and groups are wrapped in a translating group. */
export function moveItems(items: readonly DisplayItem[], dx: number, dy: number): DisplayItem[] {
  if (dx === 0 && dy === 0) return [...items];
  return items.map((item): DisplayItem => {
    switch (item.type) {
      case 'text':
        return { ...item, runs: item.runs.map((run) => ({ ...run, x: run.x + dx, baseline: run.baseline + dy })) };
      case 'image':
        return { ...item, x: item.x + dx, y: item.y + dy, ...(item.clip ? { clip: { ...item.clip, x: item.clip.x + dx, y: item.clip.y + dy } } : {}) };
      case 'rect':
        return { ...item, x: item.x + dx, y: item.y + dy };
      case 'ellipse':
        return { ...item, cx: item.cx + dx, cy: item.cy + dy };
      case 'line':
        return { ...item, x1: item.x1 + dx, y1: item.y1 + dy, x2: item.x2 + dx, y2: item.y2 + dy };
      case 'group':
        // A group that only says what its items are (no transform or clip) moves its items.
        if (!item.transform && !item.clip) return { ...item, items: moveItems(item.items, dx, dy) };
        return { type: 'group', transform: [1, 0, 0, 1, dx, dy], items: [item] };
      case 'path':
        return { type: 'group', transform: [1, 0, 0, 1, dx, dy], items: [item] };
    }
  });
}

/** Slices stacked from y = 0 (spaces between them kept): their items, fonts and total height. */
export function stackSlices(slices: readonly Slice[]): { items: DisplayItem[]; fonts: Record<string, FontFace>; height: number } {
  const items: DisplayItem[] = [];
  const fonts: Record<string, FontFace> = {};
  let y = 0;
  slices.forEach((slice, i) => {
    if (i > 0) y += slice.spaceBefore;
    items.push(...moveItems(slice.items, 0, y));
    Object.assign(fonts, slice.fonts);
    y += slice.height;
  });
  return { items, fonts, height: y };
}
