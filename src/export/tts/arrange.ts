import type { ObjectState } from './objects.js';
import type { Piece } from './part.js';

/** A TTS unit is about an inch. */
const UNIT_MM = 25.4;
/** Objects flow left to right and wrap past this width, in TTS units. */
const ROW_UNITS = 60;
/** Room between objects and between rows, in TTS units. */
const GAP = 1;
/** Objects are spaced as if this much larger than their trim, in case TTS draws them larger. */
const SLACK = 1.25;

const round = (n: number) => Math.round(n * 1000) / 1000;

interface Spot {
  piece: Piece;
  x: number;
  z: number;
}

/** Left-to-right rows, top to bottom (towards −z): a set of one object (a deck) shares its row, a set of many starts and ends one. */
function flow(groups: readonly (readonly Piece[])[]): Spot[] {
  const spots: Spot[] = [];
  let x = 0;
  let rowTop = 0;
  let rowDepth = 0;
  const newRow = () => {
    if (x === 0) return;
    rowTop -= rowDepth + GAP;
    x = 0;
    rowDepth = 0;
  };
  for (const group of groups) {
    if (group.length > 1) newRow();
    for (const piece of group) {
      const w = (piece.widthMm / UNIT_MM) * SLACK;
      const d = (piece.heightMm / UNIT_MM) * SLACK;
      if (x > 0 && x + w > ROW_UNITS) newRow();
      spots.push({ piece, x: x + w / 2, z: rowTop - d / 2 });
      x += w + GAP;
      rowDepth = Math.max(rowDepth, d);
    }
    if (group.length > 1) newRow();
  }
  return spots;
}

/**
 * Places the objects on the table so none overlap: rows of objects in the order of the sets,
 * the whole centred on the table's middle. Returns the objects with their Transform positions set.
 */
export function arrangePieces(groups: readonly (readonly Piece[])[]): ObjectState[] {
  const spots = flow(groups);
  if (spots.length === 0) return [];
  const extent = (values: number[]) => (Math.min(...values) + Math.max(...values)) / 2;
  const cx = extent(spots.map((s) => s.x));
  const cz = extent(spots.map((s) => s.z));
  return spots.map(({ piece, x, z }) => ({ ...piece.object, Transform: { ...piece.object.Transform, posX: round(x - cx), posZ: round(z - cz) } }));
}
