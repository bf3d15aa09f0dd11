import { maskProtectedSpans } from './protect-spans.js';
import { findLocaleRules, type LocaleRules, type SpaceKind } from './typography-rules.js';

export interface TypesetOptions {
  /**
   * The narrow no-break space to write (default U+202F). Pass "\u00A0" to avoid it: most
   * fonts lack U+202F, and the text layout then draws U+00A0 instead with a
   * "glyph-substituted" warning. Never U+2009, which allows a line break.
   */
  narrowSpace?: string;
  /** Group whole numbers of at least `minGroupDigits` digits as the language writes them ("10 000", "10,000"). */
  groupNumbers?: boolean;
  /** Shortest number grouped (default 5: "2024" and "1000" stay as written). */
  minGroupDigits?: number;
  /** Replaces some of the locale's rules. */
  rules?: Partial<LocaleRules>;
}

/** Characters that open something: a quote after them opens too. */
const OPENERS = '([{«“‘—–-/';
const SPACE = /\s/u;
const WORD = /[\p{L}\p{N}\uE000-\uF8FF]/u;
/**
 * Where one part of a text ends and the next begins (see typesetParts). The rules treat it as
 * they treat an emphasis marker `*` of card text, so a Markdown paragraph and the same card
 * text come out alike. U+0000 never reaches a text: markdown-it and YAML replace or refuse it.
 */
const PART = '\u0000';

function spaceOf(kind: SpaceKind, narrow: string): string {
  return kind === 'nbsp' ? '\u00A0' : kind === 'narrow' ? narrow : '';
}

/** Straight quotes and apostrophes made typographic; ICU quoting ('{', '#', '') is left alone. */
function curlQuotes(text: string, rules: LocaleRules): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const before = text[i - 1];
    const after = text[i + 1];
    const opening = before === undefined || SPACE.test(before) || OPENERS.includes(before);
    if (ch === '"' && rules.quotes) out += opening ? rules.quotes[0] : rules.quotes[1];
    else if (ch !== "'" || after === "'" || before === "'" || /[{}#|]/.test(after ?? '')) out += ch;
    else if (before !== undefined && WORD.test(before) && after !== undefined && WORD.test(after)) out += rules.apostrophe ? '’' : ch;
    else if (!rules.quotes) out += ch;
    else if (opening && after !== undefined && !SPACE.test(after) && !/\d/.test(after)) out += rules.quotes[2];
    else out += rules.quotes[3];
  }
  return out;
}

/** No-break spaces inside « », before ; ! ? and before a colon that ends a clause. */
function spacePunctuation(text: string, rules: LocaleRules, narrow: string): string {
  let out = text;
  const guillemet = spaceOf(rules.guillemets, narrow);
  if (guillemet) {
    out = out.replace(/«[ \t]*(?=\S)/gu, `«${guillemet}`).replace(/(?<=\S)[ \t]*»/gu, `${guillemet}»`);
  }
  const high = spaceOf(rules.highPunctuation, narrow);
  if (high) {
    out = out.replace(/(?<=[^\s([{«;!?])[ \t]*([;!?])(?=\s|$|[!?;:.,»)\]*_’”"…\u0000])/gu, (_m, mark: string) => high + mark);
  }
  const colon = spaceOf(rules.colon, narrow);
  if (colon) out = out.replace(/(?<=[^\s:([{«])[ \t]*:(?=\s|$|[*_»”’"\u0000])/gu, `${colon}:`);
  return out;
}

/** Long whole numbers grouped by the locale, with no-break spaces where it groups with spaces. */
function groupNumbers(text: string, lang: string, narrow: string, minDigits: number): string {
  const format = new Intl.NumberFormat(lang, { useGrouping: true, maximumFractionDigits: 0 });
  const number = new RegExp(`(?<![\\p{L}\\p{N}.,:/\\-\\u00A0\\u202F'’])[1-9]\\d{${Math.max(minDigits, 2) - 1},}(?![\\p{L}\\p{N}]|[.,:/]\\d)`, 'gu');
  return text.replace(number, (digits) => format.format(BigInt(digits)).replace(/\u202F/g, narrow).replace(/ /g, '\u00A0'));
}

/**
 * A text as a typographer of `lang` would set it. French: a no-break space before ":", a
 * narrow no-break space before ";", "!", "?" and inside « » (an ordinary space there is
 * replaced, a missing one added), straight quotes → « », "l'heure" → "l’heure". English:
 * curly apostrophes and quotes. Never touched: spaces already right, bindings `{{…}}`, icons
 * `:skull:`, URLs, e-mail addresses, times (21:00), ratios (3:1), emoticons, Markdown markers.
 * Running it twice changes nothing more.
 */
export function typeset(text: string, lang: string, options: TypesetOptions = {}): string {
  const rules: LocaleRules = { ...findLocaleRules(lang), ...options.rules };
  const narrow = options.narrowSpace ?? '\u202F';
  const masked = maskProtectedSpans(text);
  if (!masked) return text;
  let out = curlQuotes(masked.text, rules);
  out = spacePunctuation(out, rules, narrow);
  if (options.groupNumbers) out = groupNumbers(out, lang, narrow, options.minGroupDigits ?? 5);
  return masked.restore(out);
}

/**
 * Several texts that are read as one (the text runs of a Markdown paragraph, between its
 * emphasis markers and code spans) set together, so that a rule sees across the seams: the
 * space before "!" in `**Attention** !` is found although "!" starts a run of its own. Each
 * part comes back in its place; a seam counts as an emphasis marker of card text does.
 */
export function typesetParts(parts: readonly string[], lang: string, options: TypesetOptions = {}): string[] {
  if (parts.length < 2 || parts.some((part) => part.includes(PART))) return parts.map((part) => typeset(part, lang, options));
  const set = typeset(parts.join(PART), lang, options).split(PART);
  return set.length === parts.length ? set : parts.map((part) => typeset(part, lang, options));
}
