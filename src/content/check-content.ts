import { UsageError } from '../shared/errors.js';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { dedupeDiagnostics, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { didYouMean } from '../diagnostics/did-you-mean.js';
import { checkGame } from './check-game.js';
import { loadYaml } from './load-yaml.js';
import { checkFileAccess } from '../shared/file-access.js';
import { discoverGames, GAME_FILE } from './discover.js';
import type { ContentCheck, LoadedGame } from './model.js';
import { diagnosticAt } from './source.js';

export interface CheckContentOptions {
  /** Only these games (by id or folder name). */
  games?: readonly string[];
  /** Only these languages. */
  languages?: readonly string[];
}


function gameId(game: LoadedGame): string {
  const id = (game.source.data as Record<string, unknown> | undefined)?.['id'];
  return typeof id === 'string' ? id : path.basename(game.dir);
}

/** The id a game folder's game.yaml gives (its folder name when it gives none or cannot be read), read through the file rules. */
function idInGameFile(gameDir: string): string {
  const file = path.join(gameDir, GAME_FILE);
  const access = checkFileAccess(file, [gameDir], GAME_FILE);
  const data = access.ok ? (loadYaml(file).data as Record<string, unknown> | undefined) : undefined;
  const id = data?.['id'];
  return typeof id === 'string' ? id : path.basename(gameDir);
}

/** Loads and checks every game under `dir`. Throws UsageError when there is nothing to check. */
export function checkContent(dir: string, options: CheckContentOptions = {}): ContentCheck {
  if (!existsSync(dir)) throw new UsageError(`there is no folder ${dir}`);
  if (!statSync(dir).isDirectory()) throw new UsageError(`${dir} is a file; give the folder of a game, or a folder of games`);
  const discovery = discoverGames(dir);
  if (discovery.games.length === 0) {
    throw new UsageError(`no game found in ${dir}: a game is a folder with a game.yaml (try "pocketpress init ${path.join(dir, 'my-game')}")`);
  }
  // Every game's id, from its game.yaml alone: --game picks among them, and a duplicate id is
  // found among all games, so that picking one cannot hide a clash; only picked games are checked.
  const heads = discovery.games.map((gameDir) => ({ dir: gameDir, id: idInGameFile(gameDir) }));
  const wanted = options.games ?? [];
  if (wanted.length > 0) {
    const ids = heads.flatMap((h) => [h.id, path.basename(h.dir)]);
    for (const w of wanted) {
      if (!ids.includes(w)) {
        throw new UsageError(`no game "${w}" in ${dir}${didYouMean(w, ids)} (the games are: ${[...new Set(heads.map((h) => h.id))].join(', ')})`);
      }
    }
  }
  const picked = wanted.length === 0 ? heads : heads.filter((h) => wanted.includes(h.id) || wanted.includes(path.basename(h.dir)));
  const checked = picked.map(({ dir: gameDir }) => {
    const diagnostics: Diagnostic[] = [];
    const game = checkGame(gameDir, { languages: options.languages, report: (d) => diagnostics.push(d) });
    return { game, diagnostics };
  });
  for (const entry of checked) {
    const id = gameId(entry.game);
    const other = heads.find((h) => h.dir !== entry.game.dir && h.id === id);
    if (!other) continue;
    entry.diagnostics.push(
      diagnosticAt(entry.game.source.file, entry.game.source.doc, {
        code: 'duplicate-id',
        message: `the game id "${id}" is also used by ${path.relative(path.resolve(dir), path.join(other.dir, GAME_FILE)).split(path.sep).join('/')}; game ids must be unique`,
        pointer: '/id',
      }),
    );
  }
  const diagnostics = checked.flatMap((c) => c.diagnostics);
  for (const stray of discovery.strayFolders) {
    const yml = path.join(stray, 'game.yml');
    if (existsSync(yml)) {
      diagnostics.push({ severity: 'error', code: 'missing-file', message: 'a game is described by game.yaml; rename game.yml to game.yaml', file: yml, line: 1, column: 1, endLine: 1, endColumn: 2 });
    }
  }
  if (options.languages) {
    const declared = new Set(checked.flatMap(({ game }) => game.data?.languages ?? []));
    const unknown = options.languages.filter((l) => declared.size > 0 && !declared.has(l));
    if (unknown.length === options.languages.length && unknown.length > 0) {
      throw new UsageError(`no game here is written in ${unknown.join(', ')}; the languages are ${[...declared].join(', ')}`);
    }
  }
  return { games: checked.map((c) => c.game), diagnostics: sortDiagnostics(dedupeDiagnostics(diagnostics)) };
}
