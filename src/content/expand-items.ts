import { BUDGETS, formatBudget } from '../shared/budgets.js';
import { idFromFolder } from './ids.js';

/** How a set multiplies its items: field → values, a list or a range of whole numbers "1..13". */
export type ExpandSpec = Record<string, readonly (string | number)[] | string>;

export interface Expansion {
  items: Record<string, unknown>[];
  /** For each expanded item, the index of the item it was made from. */
  sourceOf: number[];
}

const RANGE = /^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$/;

/** The values of one field of the expansion. */
export function expandValues(spec: readonly (string | number)[] | string): (string | number)[] {
  if (typeof spec !== 'string') return [...spec];
  const range = RANGE.exec(spec);
  if (!range) return [spec];
  const [from, to] = [Number(range[1]), Number(range[2])];
  const step = from <= to ? 1 : -1;
  return Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => from + i * step);
}

/** How many items an expansion of `count` items makes, to refuse it before making them. */
export function expansionSize(spec: ExpandSpec, count: number): number {
  return Object.values(spec).reduce<number>((n, values) => n * expandValues(values).length, count);
}

/**
 * One item per combination of the expansion's values (`expand: {suit: [hearts, spades], rank: "1..13"}`
 * makes 26 items of each item written): the fields set to the values, the id followed by them
 * (`card-hearts-1`). Returns undefined past the budget of copies per set.
 */
export function expandItems(items: readonly Record<string, unknown>[], spec: ExpandSpec): Expansion | { tooMany: string } {
  const size = expansionSize(spec, items.length);
  if (size > BUDGETS.copiesPerSet) {
    return { tooMany: `this expansion makes ${formatBudget(size)} items; a set may have at most ${formatBudget(BUDGETS.copiesPerSet)}` };
  }
  let combinations: [string, string | number][][] = [[]];
  for (const [field, values] of Object.entries(spec)) {
    combinations = combinations.flatMap((c) => expandValues(values).map((v) => [...c, [field, v] as [string, string | number]]));
  }
  const out: Record<string, unknown>[] = [];
  const sourceOf: number[] = [];
  items.forEach((item, index) => {
    for (const combination of combinations) {
      const made: Record<string, unknown> = { ...item };
      for (const [field, value] of combination) made[field] = value;
      if (typeof item['id'] === 'string') made['id'] = [item['id'], ...combination.map(([, v]) => idFromFolder(String(v)))].join('-');
      out.push(made);
      sourceOf.push(index);
    }
  });
  return { items: out, sourceOf };
}
