/** Where the build writes a face's PNG, relative to `out/<game>/<lang>/` (and to the engine JSON). */
export function componentPngPath(setId: string, face: { item?: string; back: boolean }): string {
  if (face.item === undefined) return `png/${setId}/_back.png`;
  return `png/${setId}/${face.item}${face.back ? '.back' : ''}.png`;
}

/** The faces an item shows: its front and, when the set has one, its own back or the shared back. */
export interface ItemFaces<F> {
  front: F;
  back?: F;
}

/** The front and back face of every item of a set, by item id. */
export function facesByItem<F extends { item?: string; back: boolean }>(faces: readonly F[]): Map<string, ItemFaces<F>> {
  const shared = faces.find((f) => f.item === undefined);
  const byItem = new Map<string, ItemFaces<F>>();
  for (const face of faces) {
    if (face.item === undefined) continue;
    const entry = byItem.get(face.item);
    if (face.back) {
      if (entry) entry.back = face;
    } else {
      byItem.set(face.item, { front: face, back: entry?.back ?? shared });
    }
  }
  return byItem;
}
