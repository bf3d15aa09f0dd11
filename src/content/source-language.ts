import type { LoadedGame } from './model.js';

function gameRecord(game: LoadedGame): Record<string, unknown> {
  const data = game.source.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/** The languages game.yaml declares, as written (also when the file has other problems). */
export function declaredLanguagesOf(game: LoadedGame): string[] {
  const langs = gameRecord(game)['languages'];
  return Array.isArray(langs) ? langs.filter((l): l is string => typeof l === 'string') : [];
}

/** The language translators translate from: `sourceLanguage`, else the first of `languages`. */
export function sourceLanguageOf(game: LoadedGame): string | undefined {
  const source = gameRecord(game)['sourceLanguage'];
  return typeof source === 'string' ? source : declaredLanguagesOf(game)[0];
}

/** The game's id as written, else its folder name. */
export function gameIdOf(game: LoadedGame): string {
  const id = gameRecord(game)['id'];
  return typeof id === 'string' ? id : game.dir.split(/[\\/]/).pop() ?? '';
}
