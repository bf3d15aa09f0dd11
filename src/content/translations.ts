import type { MarkedValue } from './ajv.js';

export interface TranslationProblem {
  code: 'missing-translation' | 'unknown-language' | 'empty-translation';
  severity: 'error' | 'warning';
  message: string;
  pointer: string;
  target: 'value' | 'key' | 'owner';
}

/**
 * Every map of languages must have each language the game declares. A plain string is the
 * same in every language and is always complete.
 */
export function checkTranslations(
  marks: readonly MarkedValue[],
  languages: readonly string[],
  declared: readonly string[] = languages,
): TranslationProblem[] {
  const problems: TranslationProblem[] = [];
  for (const mark of marks) {
    const value = mark.value;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    const map = value as Record<string, unknown>;
    const present = Object.keys(map);
    const missing = languages.filter((lang) => !(lang in map));
    if (missing.length > 0) {
      const sample = typeof map[present[0] ?? ''] === 'string' ? ` (the ${present[0]} text is "${String(map[present[0] ?? '']).slice(0, 40)}")` : '';
      problems.push({
        code: 'missing-translation',
        severity: 'error',
        message: `no ${missing.map((l) => `"${l}"`).join(' or ')} text here${sample}; add ${missing.map((l) => `${l}: …`).join(', ')}`,
        pointer: mark.pointer,
        target: 'owner',
      });
    }
    for (const lang of present) {
      const key = `${mark.pointer}/${lang}`;
      if (!declared.includes(lang)) {
        problems.push({
          code: 'unknown-language',
          severity: 'warning',
          message: `"${lang}" is not one of this game's languages (${declared.join(', ')}); it is never printed`,
          pointer: key,
          target: 'key',
        });
      } else if (languages.includes(lang) && typeof map[lang] === 'string' && (map[lang] as string).trim() === '') {
        problems.push({ code: 'empty-translation', severity: 'warning', message: `the "${lang}" text is empty`, pointer: key, target: 'value' });
      }
    }
  }
  return problems;
}
