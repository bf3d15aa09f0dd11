import { shrinkImage, type Frame, type Slice } from './slice.js';

/** A slice at its place: y is its top, from the top of the page's text area. */
export interface PlacedSlice {
  slice: Slice;
  /** Its index in the flow; -1 for a repeated table header. */
  index: number;
  y: number;
  /** True for a table header repeated at the top of a page. */
  repeated?: boolean;
}

/** The part of a sidebar's box on one page. */
export interface PlacedFrame {
  frame: Frame;
  top: number;
  bottom: number;
}

export interface FlowPage {
  placed: PlacedSlice[];
  frames: PlacedFrame[];
  /** Index of the first slice of the page in the flow. */
  start: number;
}

const EPSILON = 1e-6;

/** The height of the slices that must stay on the same page after slice `k` (an image's caption). */
function keptAfter(slices: readonly Slice[], k: number): number {
  let total = 0;
  for (let j = k + 1; j < slices.length && slices[j - 1]!.keepWithNext; j++) total += slices[j]!.spaceBefore + slices[j]!.height;
  return total;
}

/** Places slices from `start` on one page as long as they fit; returns the positions and the first slice that did not fit. */
function fill(slices: readonly Slice[], start: number, height: number): { placed: PlacedSlice[]; frames: PlacedFrame[]; stop: number } {
  const placed: PlacedSlice[] = [];
  const frames: PlacedFrame[] = [];
  let y = 0;
  let open: PlacedFrame | undefined;
  const first = slices[start]!;
  if (first.repeatHeader && first.repeatHeader !== first) {
    placed.push({ slice: first.repeatHeader, index: -1, y: 0, repeated: true });
    y = first.repeatHeader.height;
  }
  let k = start;
  for (; k < slices.length; k++) {
    let slice = slices[k]!;
    if (k > start && slice.breakBefore) break;
    let top = y + (k > start ? slice.spaceBefore : 0);
    const closes = open !== undefined && open.frame !== slice.frame;
    if (closes) top += open!.frame.pad;
    const opens = slice.frame !== undefined && (closes || open === undefined);
    if (opens) top += slice.frame!.pad;
    const room = height - top - (slice.frame?.pad ?? 0);
    if (slice.height > room + EPSILON && k > start) {
      const shrunk = shrinkImage(slice, room - keptAfter(slices, k));
      if (!shrunk) break;
      slice = shrunk;
    }
    const bottom = top + slice.height;
    if (closes) open = undefined;
    if (opens) frames.push((open = { frame: slice.frame!, top: top - slice.frame!.pad, bottom: 0 }));
    if (open) open.bottom = bottom + open.frame.pad;
    placed.push({ slice, index: k, y: top });
    y = bottom;
  }
  return { placed, frames, stop: k };
}

/**
 * Cuts the flow into pages of `height`. A page ends before the first slice that does not fit,
 * or earlier, after the last slice that allows a break after it (no `keepWithNext`): so a
 * heading moves with the lines that follow, and a paragraph leaves no widow or orphan. When
 * a whole page is one unbreakable run, it breaks where the page is full anyway. An image that
 * does not fit may shrink (down to its minScale) to use the end of the page.
 */
export function paginate(slices: readonly Slice[], height: number): FlowPage[] {
  const pages: FlowPage[] = [];
  let start = 0;
  while (start < slices.length) {
    const { placed, frames, stop } = fill(slices, start, height);
    let end = stop;
    if (stop < slices.length && !slices[stop]!.breakBefore) {
      while (end > start && slices[end - 1]!.keepWithNext) end--;
      if (end === start) end = stop;
    }
    const kept = placed.filter((p) => p.index < end);
    const keptFrames = frames
      .map((f) => {
        const inFrame = kept.filter((p) => p.slice.frame === f.frame && !p.repeated);
        if (inFrame.length === 0) return undefined;
        const last = inFrame[inFrame.length - 1]!;
        return { ...f, bottom: last.y + last.slice.height + f.frame.pad };
      })
      .filter((f): f is PlacedFrame => f !== undefined);
    pages.push({ placed: kept, frames: keptFrames, start });
    start = end;
  }
  return pages;
}
