import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { dedupeDiagnostics, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { didYouMean } from '../diagnostics/did-you-mean.js';
import { checkGame } from './check-game.js';
import { discoverGames } from './discover.js';
import type { ContentCheck, LoadedGame } from './model.js';
import { diagnosticAt } from './source.js';

export interface CheckContentOptions {
  /** Only these games (by id or folder name). */
  games?: readonly string[];
  /** Only these languages. */
  languages?: readonly string[];
}

/** A mistake in how pocketpress was called (exit code 2), not in the content. */
export class UsageError extends Error {}

function gameId(game: LoadedGame): string {
  const id = (game.source.data as Record<string, unknown> | undefined)?.['id'];
  return typeof id === 'string' ? id : path.basename(game.dir);
}

/** Loads and checks every game under `dir`. Throws UsageError when there is nothing to check. */
export function checkContent(dir: string, options: CheckContentOptions = {}): ContentCheck {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new UsageError(`there is no folder ${dir}`);
  }
  const discovery = discoverGames(dir);
  if (discovery.games.length === 0) {
    throw new UsageError(`no game found in ${dir}: a game is a folder with a game.yaml (try "pocketpress init ${path.join(dir, 'my-game')}")`);
  }
  let checked = discovery.games.map((gameDir) => {
    const diagnostics: Diagnostic[] = [];
    const game = checkGame(gameDir, { languages: options.languages, report: (d) => diagnostics.push(d) });
    return { game, diagnostics };
  });
  const wanted = options.games ?? [];
  if (wanted.length > 0) {
    const ids = checked.flatMap(({ game }) => [gameId(game), path.basename(game.dir)]);
    for (const w of wanted) {
      if (!ids.includes(w)) {
        throw new UsageError(`no game "${w}" in ${dir}${didYouMean(w, ids)} (the games are: ${[...new Set(checked.map(({ game }) => gameId(game)))].join(', ')})`);
      }
    }
    checked = checked.filter(({ game }) => wanted.includes(gameId(game)) || wanted.includes(path.basename(game.dir)));
  }
  const diagnostics = checked.flatMap((c) => c.diagnostics);
  const byId = new Map<string, LoadedGame>();
  for (const { game } of checked) {
    const id = gameId(game);
    const other = byId.get(id);
    if (other) {
      diagnostics.push(
        diagnosticAt(game.source.file, game.source.doc, {
          code: 'duplicate-id',
          message: `the game id "${id}" is also used by ${path.relative(path.resolve(dir), other.source.file.path).split(path.sep).join('/')}; game ids must be unique`,
          pointer: '/id',
        }),
      );
    } else byId.set(id, game);
  }
  return { games: checked.map((c) => c.game), diagnostics: sortDiagnostics(dedupeDiagnostics(diagnostics)) };
}
