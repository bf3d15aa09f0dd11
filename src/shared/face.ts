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
