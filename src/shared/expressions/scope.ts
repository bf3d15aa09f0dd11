import { valueAt } from '../json-pointer.js';
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
      value = Object.hasOwn(value, step) ? (value as Record<string, unknown>)[step] : undefined;
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

/**
 * Where a problem with the value a binding shows is written: the item field (and its entry
 * for the language, when the field holds one text per language), or nowhere when the binding
 * reads no item data.
 */
export function bindingPlace(
  paths: readonly string[],
  pointers: ScopePointers,
  raw: unknown,
  lang: string,
): string | undefined {
  for (const path of paths) {
    const pointer = pointerOf(path, pointers);
    if (pointer === undefined) continue;
    const value = valueAt(raw, pointer);
    const perLanguage = value !== null && typeof value === 'object' && !Array.isArray(value) && lang in value;
    return perLanguage ? `${pointer}/${lang}` : pointer;
  }
  return undefined;
}
