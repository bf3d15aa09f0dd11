import path from 'node:path';
import { allowMissingTranslations } from '../content/allow-missing.js';
import { checkContent } from '../content/check-content.js';
import type { ContentCheck, LoadedGame } from '../content/model.js';
import { diagnosticAt } from '../content/source.js';
import { dedupeDiagnostics, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { didYouMean } from '../diagnostics/did-you-mean.js';
import { UsageError } from '../shared/errors.js';
import { realAsFarAsItIs } from '../shared/file-access.js';

/** What to check: the folder (or folders) of games and which of them. */
export interface CheckRequest {
  /** Absolute folder of games (or one game folder); a project may name several. */
  root: string | readonly string[];
  games?: string[];
  languages?: string[];
  /** A missing translation prints the source language, with a warning. */
  allowMissing?: boolean;
}

function idOf(game: LoadedGame): string {
  return game.data?.id ?? path.basename(game.dir);
}

/** The games of several folders as one: a game id used in two folders is a duplicate-id. */
function checkFolders(roots: readonly string[], request: CheckRequest): ContentCheck {
  const checks = roots.map((root) => checkContent(root, { languages: request.languages }));
  // A game folder two of the folders hold (`[games, games/a]`) is one game, and its problems are said once.
  const games: LoadedGame[] = [];
  const rootOf = new Map<LoadedGame, number>();
  const folders = new Set<string>();
  checks.forEach((check, root) => {
    for (const game of check.games) {
      const folder = realAsFarAsItIs(game.dir);
      if (folders.has(folder)) continue;
      folders.add(folder);
      games.push(game);
      rootOf.set(game, root);
    }
  });
  const diagnostics = dedupeDiagnostics(checks.flatMap((c) => c.diagnostics));
  const seen = new Map<string, LoadedGame>();
  for (const game of games) {
    const other = seen.get(idOf(game));
    if (!other) seen.set(idOf(game), game);
    // Two games of one folder are told apart by checkContent; of two folders, here (their output would be one folder).
    else if (rootOf.get(other) !== rootOf.get(game)) {
      diagnostics.push(diagnosticAt(game.source.file, game.source.doc, { code: 'duplicate-id', message: `the game id "${idOf(game)}" is also used by ${other.source.file.path}; game ids must be unique`, pointer: '/id' }));
    }
  }
  const wanted = request.games ?? [];
  const ids = games.flatMap((g) => [idOf(g), path.basename(g.dir)]);
  for (const w of wanted) if (!ids.includes(w)) throw new UsageError(`no game "${w}" in ${roots.join(', ')}${didYouMean(w, ids)}`);
  const picked = wanted.length === 0 ? games : games.filter((g) => wanted.includes(idOf(g)) || wanted.includes(path.basename(g.dir)));
  const files = new Set(picked.map((g) => g.dir));
  const inPicked = (file: string) => [...files].some((dir) => file === dir || file.startsWith(dir + path.sep));
  return { games: picked, diagnostics: sortDiagnostics(diagnostics.filter((d) => wanted.length === 0 || inPicked(d.file))) };
}

/** Load → validate: what `validate` reports, and what `build` starts from. */
export function checkGames(request: CheckRequest): ContentCheck {
  const roots = typeof request.root === 'string' ? [request.root] : request.root;
  const checked = roots.length === 1 ? checkContent(roots[0]!, { games: request.games, languages: request.languages }) : checkFolders(roots, request);
  return request.allowMissing ? allowMissingTranslations(checked) : checked;
}
