/** A JSON Pointer (RFC 6901) from path segments. */
export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

export function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The value at a JSON Pointer (or its segments) in plain data: own keys of objects, indexes
 * of arrays; undefined when any step is missing.
 */
export function valueAt(data: unknown, pointer: string | readonly string[]): unknown {
  let value = data;
  for (const segment of typeof pointer === 'string' ? fromPointer(pointer) : pointer) {
    if (Array.isArray(value)) value = /^\d+$/.test(segment) ? value[Number(segment)] : undefined;
    else if (value !== null && typeof value === 'object' && Object.hasOwn(value, segment)) value = (value as Record<string, unknown>)[segment];
    else return undefined;
  }
  return value;
}
