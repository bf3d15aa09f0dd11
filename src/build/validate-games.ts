import type { ContentCheck, LoadedGame } from '../content/model.js';
import { countDiagnostics, dedupeDiagnostics, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { resolveGame } from '../resolve/resolve-game.js';
import type { PaperName } from '../shared/print-options.js';
import type { LayoutProblem } from '../shared/problem.js';
import { layoutSet } from './build-game.js';
import { layOutRulebook } from './build-rulebook.js';
import type { BuildCache } from './cache.js';
import { checkGames, type CheckRequest } from './check-games.js';
import { problemsToDiagnostics } from './problems.js';

/**
 * Every problem that laying out one game in one language finds, before anything is imposed or
 * rendered. With a cache, the faces and rulebook a build laid out are taken from it, their
 * problems with them (`validate`'s cache is read-only: it keeps nothing).
 */
export function layOutGame(loaded: LoadedGame, lang: string, options: { paper: PaperName; cache?: BuildCache }): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const report = (p: LayoutProblem) => problems.push(p);
  const game = resolveGame(loaded, lang);
  for (const set of game.sets) layoutSet(game, set, report, undefined, options.cache);
  layOutRulebook(loaded, game, { paper: options.paper, cache: options.cache })?.problems.forEach(report);
  return problems;
}

/**
 * What `validate` reports: the content checks, then, for every game that passed them, every
 * problem its layout finds in every language (text that overflows, glyphs a font lacks, fonts
 * and styles that do not exist, the rulebook's style and length) — the same functions `build`
 * runs, so the two agree on everything that can be known before rendering.
 */
export function validateGames(request: CheckRequest & { paper?: PaperName; cache?: BuildCache }): ContentCheck {
  const check = checkGames(request);
  const diagnostics: Diagnostic[] = [...check.diagnostics];
  for (const game of check.games) {
    const own = check.diagnostics.filter((d) => d.file.startsWith(game.dir));
    if (countDiagnostics(own).errors > 0 || !game.data) continue;
    const languages = request.languages ? game.data.languages.filter((l) => request.languages!.includes(l)) : game.data.languages;
    // One by one: a set of thousands of faces may have more problems than a call takes arguments.
    for (const lang of languages) for (const d of problemsToDiagnostics(game, layOutGame(game, lang, { paper: request.paper ?? 'a4', cache: request.cache }))) diagnostics.push(d);
  }
  return { games: check.games, diagnostics: sortDiagnostics(dedupeDiagnostics(diagnostics)) };
}
