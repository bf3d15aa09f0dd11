import type { ResolvedSet } from '../../resolve/model.js';
import { baseObject, type Identity, type ObjectState, type Transform } from './objects.js';

/** Custom_Tile shapes: 0 box, 1 hex, 2 circle, 3 rounded. */
export function tileType(shape: ResolvedSet['shape']): number {
  return { rectangle: 0, hex: 1, circle: 2, rounded: 3 }[shape];
}

export interface PieceImages {
  front: string;
  /** The other side; empty when the set has no back (TTS then shows the front on both sides). */
  back: string;
}

/** A `Custom_Tile` in the set's shape with its top and bottom images. */
export function tileObject(id: Identity, images: PieceImages, shape: ResolvedSet['shape'], transform: Transform): ObjectState {
  return {
    ...baseObject('Custom_Tile', id, transform),
    CustomImage: {
      ImageURL: images.front,
      ImageSecondaryURL: images.back,
      ImageScalar: 1,
      WidthScale: 0,
      CustomTile: { Type: tileType(shape), Thickness: 0.1, Stackable: false, Stretch: true },
    },
  };
}

/** A `Custom_Token`: TTS cuts it along the transparency of its one image. */
export function tokenObject(id: Identity, image: string, transform: Transform): ObjectState {
  return {
    ...baseObject('Custom_Token', id, transform),
    CustomImage: {
      ImageURL: image,
      ImageSecondaryURL: '',
      ImageScalar: 1,
      WidthScale: 0,
      CustomToken: { Thickness: 0.2, MergeDistancePixels: 15, StandUp: false, Stackable: true },
    },
  };
}

/** A `Figurine_Custom` (a standee): front and back images. */
export function figurineObject(id: Identity, images: PieceImages, transform: Transform): ObjectState {
  return {
    ...baseObject('Figurine_Custom', id, transform),
    CustomImage: { ImageURL: images.front, ImageSecondaryURL: images.back, ImageScalar: 1, WidthScale: 0 },
  };
}
