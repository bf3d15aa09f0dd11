import type { ObjectState } from './objects.js';
import type { Piece } from './part.js';

/** A TTS unit is about an inch. */
const UNIT_MM = 25.4;
/** Objects of a set flow left to right and wrap past this width, in TTS units. */
const ROW_UNITS = 36;
/** Room between objects and between sets, in TTS units. */
const GAP = 1;
/** Objects are spaced as if this much larger than their trim, in case TTS draws them larger. */
const SLACK = 1.25;

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Places the objects on the table so none overlap: each set (group) starts a new band,
 * further down the table (towards −z); its objects flow left to right from x = −ROW_UNITS/2 and
 * wrap. Returns the objects with their Transform positions set, in order.
 */
export function arrangePieces(groups: readonly (readonly Piece[])[]): ObjectState[] {
  const placed: ObjectState[] = [];
  let top = 0;
  for (const group of groups) {
    let x = -ROW_UNITS / 2;
    let rowTop = top;
    let rowDepth = 0;
    for (const piece of group) {
      const w = (piece.widthMm / UNIT_MM) * SLACK;
      const d = (piece.heightMm / UNIT_MM) * SLACK;
      if (x > -ROW_UNITS / 2 && x + w > ROW_UNITS / 2) {
        x = -ROW_UNITS / 2;
        rowTop -= rowDepth + GAP;
        rowDepth = 0;
      }
      const transform = { ...piece.object.Transform, posX: round(x + w / 2), posZ: round(rowTop - d / 2) };
      placed.push({ ...piece.object, Transform: transform });
      x += w + GAP;
      rowDepth = Math.max(rowDepth, d);
    }
    if (group.length > 0) top = rowTop - rowDepth - GAP * 2;
  }
  return placed;
}
