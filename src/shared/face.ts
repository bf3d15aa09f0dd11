import type { DisplayList } from './display-list.js';

/** One face of a component set as layout made it: what the build renders and the exports read. */
export interface Face {
  /** The item id, or undefined for the back every item of the set shares. */
  item?: string;
  back: boolean;
  list: DisplayList;
}

/** A face's picture: a PNG of its trim and bleed, and its size in pixels. */
export interface FacePicture {
  png: Buffer;
  widthPx: number;
  heightPx: number;
}

/**
 * Gives a face's picture with at least `trim` pixels across its trim (fewer only if the build's
 * pictures are already that large): the component PNG the build made, or one rendered at a
 * higher resolution when an export needs more pixels than the build's --dpi gives.
 */
export type PictureFace = (face: Face, trim: { widthPx: number; heightPx: number }) => Promise<FacePicture>;

/** Raw pixels, row by row: RGB, or RGBA when `channels` is 4. */
export interface Raster {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/**
 * Gives a face's trim (no bleed) at exactly `size` pixels, as RGB on white: cut and scaled from
 * the pixels the build drew the face's picture with.
 */
export type TrimFace = (face: Face, size: { width: number; height: number }) => Promise<Raster>;

/**
 * Where the trim lies in a picture of trim + bleed `widthPx` × `heightPx`, in pixels (the
 * bleed's share of each side).
 */
export function trimRegion(list: Pick<DisplayList, 'width' | 'height' | 'bleed'>, picture: { widthPx: number; heightPx: number }): { left: number; top: number; width: number; height: number } {
  const { width, height, bleed } = list;
  const left = Math.round((picture.widthPx * bleed) / (width + 2 * bleed));
  const top = Math.round((picture.heightPx * bleed) / (height + 2 * bleed));
  return { left, top, width: Math.max(1, picture.widthPx - 2 * left), height: Math.max(1, picture.heightPx - 2 * top) };
}
