/** A copy of `value` whose objects have their keys in code-point order, at every depth. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
}

/** JSON with sorted keys, two-space indent and a final newline: the same value gives the same bytes. */
export function stringifyStable(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2) + '\n';
}
