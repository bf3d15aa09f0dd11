import path from 'node:path';
import type { ContentCheck } from './model.js';
import { sourceLanguageOf } from './source-language.js';

/**
 * `--allow-missing`: every `missing-translation` error becomes a warning that says which
 * language is printed instead (the resolve stage falls back to the game's source language,
 * see `pickText` in src/resolve/localize.ts). Other diagnostics are kept as they are.
 */
export function allowMissingTranslations(check: ContentCheck): ContentCheck {
  const gameOf = (file: string) => check.games.find((g) => file === g.dir || file.startsWith(g.dir + path.sep));
  const diagnostics = check.diagnostics.map((d) => {
    if (d.code !== 'missing-translation' || d.severity !== 'error') return d;
    const game = gameOf(d.file);
    const source = game ? sourceLanguageOf(game) : undefined;
    const fallback = source ? `the "${source}" text` : "the game's source-language text";
    return { ...d, severity: 'warning' as const, message: `${d.message} (allowed by --allow-missing: ${fallback} is printed instead)` };
  });
  return { ...check, diagnostics };
}
