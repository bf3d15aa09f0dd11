import { createHash } from 'node:crypto';
import { colorDifference, DEFICIENCIES, simulateDeficiency, type Deficiency } from '../../shared/colors.js';
import type { DisplayList } from '../../shared/display-list.js';
import { BUDGETS } from '../../shared/budgets.js';

/**
 * Items of one set that look the same but for their colours: a player with a colour-vision
 * deficiency tells them apart only if the colours that differ stay apart once simulated.
 */

const COLOR_KEYS = new Set(['fill', 'stroke', 'color', 'tint', 'background']);
const isColorKey = (key: string) => COLOR_KEYS.has(key);

/** A colour as the check compares it: its first 7 characters (#rrggbb, alpha left out), lower-cased. */
const normal = (color: string) => color.slice(0, 7).toLowerCase();

/**
 * The face with every colour blanked, as a digest, and its colours in the order its JSON holds
 * them: two faces with the same digest differ only by colour, place for place. A run's glyphs
 * are left out (its text, font, size and spacing place them: most of a face's JSON, 5.6 of
 * 9.6 KB on the bench card), and a set of 5 000 cards holds 5 000 digests while it groups its
 * faces, not 48 MB of text.
 */
function shapeOf(list: DisplayList): { shape: string; colors: string[] } {
  const colors: string[] = [];
  const text = JSON.stringify(list, (key, value: unknown) => {
    if (key === 'glyphs') return undefined;
    if (isColorKey(key) && typeof value === 'string') {
      colors.push(normal(value));
      return '#';
    }
    return value;
  });
  return { shape: createHash('sha256').update(text).digest('base64'), colors };
}

export interface ColorOnlyPair {
  /** Indexes of the two faces in the list given: the first face of each colouring. */
  first: number;
  second: number;
  /** How many other faces are coloured as one of the two (a set of 2 000 tokens in two colours: 1 998). */
  alike: number;
  /** The colour pairs that tell them apart. */
  colors: [string, string][];
  /** The deficiencies under which every such pair falls closer than the threshold, with the largest difference left. */
  confused: { deficiency: Deficiency; difference: number }[];
}

export interface ColorOnlyCheck {
  /** The first LISTED_PAIRS pairs found. */
  pairs: ColorOnlyPair[];
  /** Pairs found past those. */
  more: number;
  /** Pairs of colourings of one shape left unchecked past the budget (BUDGETS.colourOnlyPairs); 0 when all were. */
  unchecked: number;
}

/** Pairs a set lists at most: past them, a count (a set of 5 000 faces in as many colours could have millions). */
export const LISTED_PAIRS = 10;

/** Faces of one shape that share their colours too: one colouring, compared once. */
interface Colouring {
  colors: string[];
  faces: number[];
}

/**
 * Pairs of faces that differ only by colour and whose colours fall closer than `threshold`
 * (CIEDE2000) for protanopia, deuteranopia or tritanopia. Faces are grouped by shape, then by
 * colouring: each two colourings of a shape are compared once, whatever the number of faces
 * coloured so (a set of identical tokens in four colours: six comparisons), at most `budget`
 * comparisons in all.
 */
export function findColorOnlyPairs(faces: readonly DisplayList[], threshold: number, budget: number = BUDGETS.colourOnlyPairs): ColorOnlyCheck {
  const shapes = new Map<string, Map<string, Colouring>>();
  faces.forEach((face, i) => {
    const { shape, colors } = shapeOf(face);
    let colourings = shapes.get(shape);
    if (!colourings) shapes.set(shape, (colourings = new Map()));
    const key = colors.join(' ');
    const colouring = colourings.get(key);
    if (colouring) colouring.faces.push(i);
    else colourings.set(key, { colors, faces: [i] });
  });
  // Each colour simulated once for each deficiency.
  const simulated = new Map<string, string>();
  const simulate = (color: string, deficiency: Deficiency) => {
    const key = `${color} ${deficiency}`;
    let seen = simulated.get(key);
    if (seen === undefined) simulated.set(key, (seen = simulateDeficiency(color, deficiency)));
    return seen;
  };
  const pairs: ColorOnlyPair[] = [];
  let more = 0;
  let compared = 0;
  let unchecked = 0;
  for (const group of shapes.values()) {
    const colourings = [...group.values()];
    for (let i = 0; i < colourings.length; i++) {
      for (let j = i + 1; j < colourings.length; j++) {
        if (compared >= budget) {
          unchecked += colourings.length - j;
          break;
        }
        compared++;
        const a = colourings[i]!;
        const b = colourings[j]!;
        const diff = new Map<string, [string, string]>();
        a.colors.forEach((x, k) => {
          const y = b.colors[k]!;
          if (x !== y) diff.set(x < y ? `${x} ${y}` : `${y} ${x}`, x < y ? [x, y] : [y, x]);
        });
        if (diff.size === 0) continue;
        const colors = [...diff.values()];
        const confused = DEFICIENCIES.flatMap((deficiency) => {
          const difference = Math.max(...colors.map(([x, y]) => colorDifference(simulate(x, deficiency), simulate(y, deficiency))));
          return difference < threshold ? [{ deficiency, difference }] : [];
        });
        if (confused.length === 0) continue;
        if (pairs.length < LISTED_PAIRS) pairs.push({ first: a.faces[0]!, second: b.faces[0]!, alike: a.faces.length + b.faces.length - 2, colors, confused });
        else more++;
      }
    }
  }
  return { pairs, more, unchecked };
}
