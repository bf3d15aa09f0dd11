import { fromPointer, valueAt } from '../shared/json-pointer.js';

/** The text of a language: a plain string is the same in every language; else the entry, or the fallback's. */
export function pickText(value: unknown, lang: string, fallback: string, finish: (text: string) => string = (t) => t): string {
  if (typeof value === 'string') return finish(value);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const map = value as Record<string, unknown>;
    const text = map[lang] ?? map[fallback] ?? Object.values(map)[0];
    return typeof text === 'string' ? finish(text) : '';
  }
  return value === undefined || value === null ? '' : String(value);
}

/**
 * A copy of `data` in which the maps of languages at `pointers` (relative to `base`) are
 * replaced by the text of `lang`.
 */
export function localizeData<T>(data: T, pointers: readonly string[], lang: string, fallback: string, base = '', finish?: (text: string) => string): T {
  const copy = structuredClone(data) as unknown;
  for (const pointer of pointers) {
    if (!pointer.startsWith(base)) continue;
    const segments = fromPointer(pointer.slice(base.length));
    if (segments.length === 0) continue;
    const parent = valueAt(copy, segments.slice(0, -1));
    const last = segments[segments.length - 1]!;
    if (parent && typeof parent === 'object' && last in parent) {
      const holder = parent as Record<string, unknown>;
      holder[last] = pickText(holder[last], lang, fallback, finish);
    }
  }
  return copy as T;
}
