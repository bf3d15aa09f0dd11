import { PATH_PATTERN, readPath, type Scope } from './scope.js';

/** One `{{ path | filter | filter:arg }}` in a string. */
export interface Binding {
  path: string;
  filters: { name: string; arg?: string }[];
  /** The whole `{{…}}`. */
  raw: string;
}

export const FILTERS = ['upper', 'lower', 'capitalize', 'number', 'signed', 'default', 'lookup'] as const;

const BINDING = /\{\{\s*([^}|]+?)\s*((?:\|\s*[a-z]+(?::\s*(?:"[^"]*"|'[^']*'|[^|}\s]+))?\s*)*)\}\}/g;

/** The bindings written in a string. */
export function parseBindings(text: string): Binding[] {
  const out: Binding[] = [];
  for (const match of text.matchAll(BINDING)) {
    const filters = [...(match[2] ?? '').matchAll(/\|\s*([a-z]+)(?::\s*("[^"]*"|'[^']*'|[^|}\s]+))?/g)].map((f) => ({
      name: f[1]!,
      arg: f[2]?.replace(/^["']|["']$/g, ''),
    }));
    out.push({ path: match[1]!.trim(), filters, raw: match[0] });
  }
  return out;
}

export function isValidPath(path: string): boolean {
  return PATH_PATTERN.test(path);
}

/** Number formats by language and kind, made once: making one costs far more than using it. */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: string, grouped: boolean): Intl.NumberFormat {
  const key = `${grouped ? 'grouped' : 'plain'} ${lang}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = grouped ? new Intl.NumberFormat(lang) : new Intl.NumberFormat(lang, { useGrouping: false, maximumFractionDigits: 10 });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * Languages whose numbers are written in ASCII digits (their default numbering system is
 * "latn"): a whole number from 0 up is its digits there, without making an Intl.NumberFormat
 * (the first one made loads ICU's number data: 17 ms at every start, most builds' only use of
 * it). Persian, Bengali, Marathi, Nepali, Burmese… write theirs otherwise and go through Intl.
 */
export const ASCII_DIGIT_LANGUAGES = new Set(['en', 'fr', 'de', 'es', 'it', 'pt', 'nl', 'ca', 'da', 'sv', 'nb', 'nn', 'no', 'fi', 'pl', 'cs', 'sk', 'sl', 'hr', 'ro', 'hu', 'tr', 'el', 'ru', 'uk', 'he', 'ja', 'zh', 'ko', 'vi', 'id', 'eu', 'gl', 'ga', 'cy', 'br', 'oc', 'co', 'lb', 'et', 'lv', 'lt', 'is']);

/** A number as text in `lang`, without grouping. */
function plainNumber(value: number, lang: string): string {
  if (Number.isSafeInteger(value) && value >= 0 && ASCII_DIGIT_LANGUAGES.has(lang.split('-')[0]!.toLowerCase())) return String(value);
  return numberFormat(lang, false).format(value);
}

function toText(value: unknown, lang: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return plainNumber(value, lang);
  if (Array.isArray(value)) return value.map((v) => toText(v, lang)).join(', ');
  if (typeof value === 'object') return '';
  return String(value);
}

/** Applies one filter; unknown filters are reported by the static check and leave the value. */
export function applyFilter(value: unknown, filter: { name: string; arg?: string }, lang: string, scope: Scope = {}): unknown {
  switch (filter.name) {
    case 'lookup': {
      // The game's word named by the value (with an optional prefix): "forest" → strings.forest.
      const strings = readPath(scope, 'strings') as Record<string, unknown> | undefined;
      const key = `${filter.arg ?? ''}${toText(value, lang)}`;
      return strings && Object.hasOwn(strings, key) ? strings[key] : value;
    }
    case 'upper':
      return toText(value, lang).toLocaleUpperCase(lang);
    case 'lower':
      return toText(value, lang).toLocaleLowerCase(lang);
    case 'capitalize': {
      const text = toText(value, lang);
      return text.charAt(0).toLocaleUpperCase(lang) + text.slice(1);
    }
    case 'number':
      // Grouped as the language writes numbers ("10 000" in French), with a no-break space:
      // Intl's narrow no-break space (U+202F) is missing from most fonts.
      return typeof value === 'number' ? numberFormat(lang, true).format(value).replace(/\u202f/g, '\u00a0') : value;
    case 'signed':
      // A true minus sign (U+2212) for negative numbers, a plus for positive ones.
      return typeof value === 'number' ? (value > 0 ? `+${toText(value, lang)}` : value < 0 ? `\u2212${toText(-value, lang)}` : '0') : value;
    case 'default':
      return value === undefined || value === null || value === '' ? (filter.arg ?? '') : value;
    default:
      return value;
  }
}

/** Each `{{…}}` parsed once: a template binds the same few on every card. */
const parsedBindings = new Map<string, Binding | undefined>();

function bindingOf(raw: string): Binding | undefined {
  if (!parsedBindings.has(raw)) {
    if (parsedBindings.size >= 10_000) parsedBindings.clear();
    parsedBindings.set(raw, parseBindings(raw)[0]);
  }
  return parsedBindings.get(raw);
}

/** Replaces every binding of `text` with its value in `scope`. */
export function interpolate(text: string, scope: Scope, lang: string): string {
  return text.replace(BINDING, (raw) => {
    const binding = bindingOf(raw);
    if (!binding) return raw;
    let value = readPath(scope, binding.path);
    for (const filter of binding.filters) value = applyFilter(value, filter, lang, scope);
    return toText(value, lang);
  });
}
