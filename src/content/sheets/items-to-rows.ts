/** The items of a set as a table: a header row of field paths, then one row per item. */
export function itemsToRows(items: readonly Record<string, unknown>[]): (string | number | boolean | null)[][] {
  const rows = items.map((item) => {
    const row = new Map<string, string | number | boolean>();
    const walk = (value: unknown, prefix: string) => {
      if (value === undefined || value === null) return;
      if (Array.isArray(value)) {
        // A list of plain words fits one cell (`tags[]`); a list of maps gets a column per place.
        if (value.every((v) => typeof v === 'string' && !/[;|]/.test(v))) row.set(`${prefix}[]`, value.join('; '));
        else value.forEach((v, i) => walk(v, `${prefix}.${i}`));
      } else if (typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
      } else row.set(prefix, value as string | number | boolean);
    };
    walk(item, '');
    return row;
  });
  const headers: string[] = [];
  for (const row of rows) for (const key of row.keys()) if (!headers.includes(key)) headers.push(key);
  // id and count first, as a designer reads them.
  const order = (h: string) => (h === 'id' ? 0 : h === 'count' ? 1 : 2);
  headers.sort((a, b) => order(a) - order(b));
  return [headers, ...rows.map((row) => headers.map((h) => row.get(h) ?? null))];
}
