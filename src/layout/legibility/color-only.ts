import { createHash } from 'node:crypto';
import { colorDifference, DEFICIENCIES, simulateDeficiency, type Deficiency } from '../../shared/colors.js';
import type { DisplayList } from '../../shared/display-list.js';

/**
 * Items of one set that look the same but for their colours: a player with a colour-vision
 * deficiency tells them apart only if the colours that differ stay apart once simulated.
 */

const COLOR_KEYS = new Set(['fill', 'stroke', 'color', 'tint', 'background']);
const isColorKey = (key: string) => COLOR_KEYS.has(key);

/**
 * The face with every colour blanked, as a digest: two faces with the same shape differ only by
 * colour. A run's glyphs are left out (its text, font, size and spacing place them: most of a
 * face's JSON, 5.6 of 9.6 KB on the bench card), and a set of 5 000 cards holds 5 000 digests
 * while it groups its faces, not 48 MB of text.
 */
function shapeOf(list: DisplayList): string {
  const text = JSON.stringify(list, (key, value: unknown) => (key === 'glyphs' ? undefined : isColorKey(key) && typeof value === 'string' ? '#' : value));
  return createHash('sha256').update(text).digest('base64');
}

/** The colours that differ between two faces of the same shape, as distinct pairs. */
function differingColors(a: unknown, b: unknown, out: Map<string, [string, string]>, key = ''): void {
  if (isColorKey(key) && typeof a === 'string' && typeof b === 'string') {
    const x = a.slice(0, 7).toLowerCase();
    const y = b.slice(0, 7).toLowerCase();
    if (x !== y) out.set(x < y ? `${x} ${y}` : `${y} ${x}`, x < y ? [x, y] : [y, x]);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    a.forEach((v, i) => differingColors(v, b[i], out));
    return;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const [k, v] of Object.entries(a)) differingColors(v, (b as Record<string, unknown>)[k], out, k);
  }
}

export interface ColorOnlyPair {
  /** Indexes of the two faces in the list given. */
  first: number;
  second: number;
  /** The colour pairs that tell them apart. */
  colors: [string, string][];
  /** The deficiencies under which every such pair falls closer than the threshold, with the largest difference left. */
  confused: { deficiency: Deficiency; difference: number }[];
}

/**
 * Pairs of faces that differ only by colour and whose colours fall closer than `threshold`
 * (CIEDE2000) for protanopia, deuteranopia or tritanopia.
 */
export function findColorOnlyPairs(faces: readonly DisplayList[], threshold: number): ColorOnlyPair[] {
  const groups = new Map<string, number[]>();
  faces.forEach((face, i) => {
    const shape = shapeOf(face);
    groups.set(shape, [...(groups.get(shape) ?? []), i]);
  });
  const pairs: ColorOnlyPair[] = [];
  for (const members of groups.values()) {
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const diff = new Map<string, [string, string]>();
        differingColors(faces[members[i]!], faces[members[j]!], diff);
        if (diff.size === 0) continue;
        const colors = [...diff.values()];
        const confused = DEFICIENCIES.flatMap((deficiency) => {
          const difference = Math.max(...colors.map(([x, y]) => colorDifference(simulateDeficiency(x, deficiency), simulateDeficiency(y, deficiency))));
          return difference < threshold ? [{ deficiency, difference }] : [];
        });
        if (confused.length > 0) pairs.push({ first: members[i]!, second: members[j]!, colors, confused });
      }
    }
  }
  return pairs;
}
