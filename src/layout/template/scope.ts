/** The names a template can read: item, game, set, lang, and each repeat's entry. */
export type Scope = Record<string, unknown>;

/** Where each scope name's data is written in the set file, so problems can point at it. */
export type ScopePointers = Record<string, string>;

/** `item.slots.0.kind` → the value, or undefined when any step is missing. */
export function readPath(scope: Scope, path: string): unknown {
  let value: unknown = scope;
  for (const step of path.split('.')) {
    if (value === null || value === undefined) return undefined;
    if (Array.isArray(value)) {
      if (step === 'length') value = value.length;
      else value = /^\d+$/.test(step) ? value[Number(step)] : undefined;
    } else if (typeof value === 'object') {
      value = Object.prototype.hasOwnProperty.call(value, step) ? (value as Record<string, unknown>)[step] : undefined;
    } else return undefined;
  }
  return value;
}

/** The JSON Pointer in the set file of a path such as `slot.text`, when its root is item data. */
export function pointerOf(path: string, pointers: ScopePointers): string | undefined {
  const [root, ...rest] = path.split('.');
  const base = root === undefined ? undefined : pointers[root];
  if (base === undefined) return undefined;
  return [base, ...rest.filter((s) => s !== 'length')].join('/');
}

export const PATH_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;
