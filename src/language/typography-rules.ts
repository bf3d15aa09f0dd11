/** Which space a rule puts in: none, a no-break space (U+00A0), or a narrow no-break space (U+202F by default). */
export type SpaceKind = 'none' | 'nbsp' | 'narrow';

/** The typographic conventions of one locale, applied to every text printed in it. */
export interface LocaleRules {
  /** Before ":" (French: a no-break space). */
  colon: SpaceKind;
  /** Before ";", "!" and "?" (French: a narrow no-break space). */
  highPunctuation: SpaceKind;
  /** After "«" and before "»". */
  guillemets: SpaceKind;
  /** What straight quotes become: [open double, close double, open single, close single]; none to keep them. */
  quotes?: readonly [string, string, string, string];
  /** `'` between letters becomes `’`. */
  apostrophe: boolean;
}

/** Leaves every text as written (languages without rules). */
export const NO_RULES: LocaleRules = { colon: 'none', highPunctuation: 'none', guillemets: 'none', apostrophe: false };

/**
 * Rules by BCP 47 tag; a tag not listed falls back to its language ("fr-BE" → "fr").
 * French follows the Imprimerie nationale's Lexique: a no-break space before ":", a narrow
 * one before ";", "!", "?" and inside « »; straight double quotes become « ». Canadian French
 * (OQLF) puts no space before ";", "!", "?" and a full no-break space inside guillemets.
 * English only curls apostrophes and quotes.
 */
export const LOCALE_RULES: Record<string, LocaleRules> = {
  en: { colon: 'none', highPunctuation: 'none', guillemets: 'none', quotes: ['“', '”', '‘', '’'], apostrophe: true },
  fr: { colon: 'nbsp', highPunctuation: 'narrow', guillemets: 'narrow', quotes: ['«', '»', '“', '”'], apostrophe: true },
  'fr-CA': { colon: 'nbsp', highPunctuation: 'none', guillemets: 'nbsp', quotes: ['«', '»', '“', '”'], apostrophe: true },
};

/** The rules of `lang`: its own, else its language's, else none. */
export function findLocaleRules(lang: string): LocaleRules {
  return LOCALE_RULES[lang] ?? LOCALE_RULES[lang.split('-')[0] ?? ''] ?? NO_RULES;
}
