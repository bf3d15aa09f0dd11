import { IntlMessageFormat, type Formatters } from 'intl-messageformat';

/** A text that cannot be formatted: bad ICU syntax, a missing `other`, or a value not given. */
export class MessageError extends Error {
  override name = 'MessageError';
}

/** An ICU argument with a format (`{n, plural, …}`): only such texts are read as messages. */
const ICU_ARGUMENT = /\{\s*[A-Za-z_][\w-]*(?:\.[\w-]+)*\s*,\s*(?:plural|selectordinal|select|number)\s*[,}]/;
/** An argument name with dots (`{item.count, plural, …}`), read as a path in the values. */
const DOTTED_NAME = /\{(\s*)([A-Za-z_][\w-]*(?:\.[\w-]+)+)(\s*[,}])/g;

/** Intl writes U+202F in French numbers ("1 000 000"), which fonts lack: U+00A0 instead (PITFALLS 3). */
function withNoBreakSpaces(format: Intl.NumberFormat): Intl.NumberFormat {
  const fix = (s: string) => s.replace(/\u202F/g, '\u00A0');
  const wrapped = {
    format: (n: number | bigint) => fix(format.format(n)),
    formatToParts: (n: number | bigint) => format.formatToParts(n).map((p) => ({ ...p, value: fix(p.value) })),
    resolvedOptions: () => format.resolvedOptions(),
  };
  return wrapped as unknown as Intl.NumberFormat;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
const FORMATTERS: Formatters = {
  getNumberFormat(locales, opts) {
    const key = JSON.stringify([locales, opts]);
    let f = numberFormats.get(key);
    if (!f) numberFormats.set(key, (f = withNoBreakSpaces(new Intl.NumberFormat(locales, opts as Intl.NumberFormatOptions))));
    return f;
  },
  getDateTimeFormat: (...args) => new Intl.DateTimeFormat(...args),
  getPluralRules(locales, opts) {
    const key = JSON.stringify([locales, opts]);
    let r = pluralRules.get(key);
    if (!r) pluralRules.set(key, (r = new Intl.PluralRules(locales, opts)));
    return r;
  },
};

function readPath(values: Record<string, unknown>, path: string): unknown {
  let value: unknown = values;
  for (const step of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, step)) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** True when `text` holds an ICU plural, select or number argument and is formatted as a message. */
export function isMessage(text: string): boolean {
  return ICU_ARGUMENT.test(text);
}

/** The message with dotted names renamed to plain ones, and the values under those names. */
function flattenNames(text: string, values: Record<string, unknown>): { text: string; values: Record<string, unknown>; pathOf: (name: string) => string } {
  const flat: Record<string, unknown> = { ...values };
  const names = new Map<string, string>();
  const renamed = text.replace(DOTTED_NAME, (_m, before: string, path: string, after: string) => {
    let name = names.get(path);
    if (!name) {
      name = `pp_arg_${names.size}`;
      names.set(path, name);
      const value = Object.hasOwn(values, path) ? values[path] : readPath(values, path);
      if (value !== undefined) flat[name] = value;
    }
    return `{${before}${name}${after}`;
  });
  const paths = new Map([...names].map(([path, name]) => [name, path]));
  return { text: renamed, values: flat, pathOf: (name) => paths.get(name) ?? name };
}

/**
 * Formats an ICU MessageFormat text in `lang`: `{n, plural, one {# faveur} other {# faveurs}}`
 * with the language's plural rules (French puts 0 and 1 in `one`, and 1 000 000 in `many`),
 * `#` and `{n, number}` grouped with U+00A0 rather than U+202F, no bidi isolation marks.
 * Argument names may be paths into `values` (`{item.count, plural, …}`). A text with no ICU
 * plural/select/number argument is returned as it is, so literal braces stay. Throws
 * MessageError when the message is malformed or a value it needs is missing.
 */
export function formatMessage(text: string, values: Record<string, unknown>, lang: string): string {
  if (!isMessage(text)) return text;
  const flat = flattenNames(text, values);
  try {
    const message = new IntlMessageFormat(flat.text, lang, undefined, { formatters: FORMATTERS, ignoreTag: true });
    const result = message.format(flat.values as Record<string, string | number>);
    return typeof result === 'string' ? result : String(result);
  } catch (error) {
    throw new MessageError(describeProblem(error, text, flat.pathOf));
  }
}

function describeProblem(error: unknown, text: string, pathOf: (name: string) => string = (n) => n): string {
  const code = error instanceof Error ? error.message : String(error);
  const shown = text.length > 60 ? `${text.slice(0, 57)}...` : text;
  if (/MISSING_OTHER_CLAUSE/.test(code)) return `the message "${shown}" needs an "other {…}" case`;
  const missing = /variable "([^"]+)" was not provided/.exec(code)?.[1];
  if (missing !== undefined) return `the message "${shown}" reads "${pathOf(missing)}", which has no value here`;
  return `the message "${shown}" is not valid ICU MessageFormat (${code})`;
}

/** What is wrong with the ICU syntax of `text`, or undefined (for validation, before any value is known). */
export function checkMessage(text: string, lang = 'en'): string | undefined {
  if (!isMessage(text)) return undefined;
  try {
    new IntlMessageFormat(flattenNames(text, {}).text, lang, undefined, { ignoreTag: true });
    return undefined;
  } catch (error) {
    return describeProblem(error, text);
  }
}
