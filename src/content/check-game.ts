import path from 'node:path';
import { checkBindings } from './check-bindings.js';
import { checkGameFile } from './check-game-file.js';
import { checkSetFile } from './check-set-file.js';
import { loadTemplate, type TemplateContext } from './check-templates.js';
import { GAME_FILE } from './discover.js';
import { loadYaml, type LoadedYaml } from './load-yaml.js';
import type { LoadedGame, LoadedSet, Report } from './model.js';
import { checkGamePath } from '../shared/game-paths.js';
import { checkFileAccess } from '../shared/file-access.js';
import { diagnosticAt, makeSourceFile } from './source.js';
import { checkItemElementBudget } from './check-face-budget.js';
import { BUDGETS, formatBudget } from '../shared/budgets.js';
import { engineJsonFile, GAME_FILES, setSheetsFile, tuckBoxFile } from '../shared/output-names.js';

/** Copies of a set: the sum of its items' counts; the problem at the item whose count passes the budget. */
function countCopies(source: LoadedYaml, items: readonly unknown[], report: Report): number {
  let copies = 0;
  let reported = false;
  items.forEach((item, i) => {
    const count = item && typeof item === 'object' ? (item as Record<string, unknown>)['count'] : undefined;
    copies += typeof count === 'number' && Number.isFinite(count) && count > 0 ? count : 1;
    if (copies > BUDGETS.copiesPerSet && !reported) {
      reported = true;
      report(
        diagnosticAt(source.file, source.doc, {
          code: 'out-of-range',
          message: `with this item the set has ${formatBudget(copies)} copies or more; a set may have at most ${formatBudget(BUDGETS.copiesPerSet)} (the sum of its counts): split it into several sets`,
          pointer: typeof count === 'number' ? `/items/${i}/count` : `/items/${i}`,
        }),
      );
    }
  });
  return copies;
}

export interface CheckGameOptions {
  /** Check translations only in these languages (default: all the game declares). */
  languages?: readonly string[];
  report: Report;
}

/** `sets/cards.yaml:13`: where a value is, relative to the game folder. */
function lineOf(gameDir: string, source: LoadedYaml, pointer: string): string {
  const d = diagnosticAt(source.file, source.doc, { code: '', message: '', pointer });
  return `${path.relative(gameDir, source.file.path).split(path.sep).join('/')}:${d.line}`;
}

/**
 * The files a build writes at the top of a game's output folder are named after the game and
 * its sets (see output-names.ts): an id that gives a file the name of another would make one
 * take the other's place. Reported where the later of the two is named.
 */
function checkOutputNames(gameDir: string, source: LoadedYaml, sets: readonly LoadedSet[], report: Report): void {
  // Whose each name is, said as it ends the message: the game's own names are kept, whether the game makes the file or not.
  const owners = new Map<string, string>(GAME_FILES.map(([file, what]) => [file, `a name kept for ${what}`]));
  const claim = (file: string, what: string, at: LoadedYaml, pointer: string, rename: string) => {
    const owner = owners.get(file);
    if (owner === undefined) owners.set(file, `the name taken by ${what} (${lineOf(gameDir, at, pointer)})`);
    else report(diagnosticAt(at.file, at.doc, { code: 'output-clash', message: `${what} would be written to ${file}, ${owner}; ${rename}`, pointer }));
  };
  const gameId = (source.data as Record<string, unknown> | undefined)?.['id'];
  if (typeof gameId === 'string') claim(engineJsonFile(gameId), 'the engine export', source, '/id', 'choose another game id');
  const seen = new Set<string>();
  for (const set of sets) {
    const data = set.source.data as Record<string, unknown> | undefined;
    const id = data?.['id'];
    if (typeof id !== 'string' || seen.has(id)) continue; // a duplicate id is reported as such
    seen.add(id);
    claim(setSheetsFile(id), `the sheets of set "${id}"`, set.source, '/id', 'choose another set id');
    if (data?.['box'] === 'tuck') claim(tuckBoxFile(id), `the tuck box of set "${id}"`, set.source, '/box', 'choose another id for one of the two sets');
  }
}

/** Loads one game folder and checks everything in it, reporting every problem found. */
export function checkGame(gameDir: string, options: CheckGameOptions): LoadedGame {
  const { report } = options;
  const gameFile = path.join(gameDir, GAME_FILE);
  // game.yaml itself follows the rule of every file read: inside the game folder, a regular file.
  const access = checkFileAccess(gameFile, [gameDir], GAME_FILE);
  const source = access.ok
    ? loadYaml(gameFile)
    : { file: makeSourceFile(gameFile, ''), data: undefined, diagnostics: [{ severity: 'error' as const, code: access.code, message: access.message, file: gameFile, line: 1, column: 1, endLine: 1, endColumn: 2 }] };
  source.diagnostics.forEach(report);
  const { game, languages, declared } = checkGameFile(source, gameDir, { onlyLanguages: options.languages, report });
  const result: LoadedGame = { dir: gameDir, source, data: game, sets: [], templates: new Map() };
  const raw = source.data as Record<string, unknown> | undefined;
  const written = Array.isArray(raw?.['sets']) ? (raw['sets'] as unknown[]) : [];

  const palette = raw?.['palette'] && typeof raw['palette'] === 'object' ? Object.entries(raw['palette'] as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string') : [];
  const markContext = { gameDir, languages, declared, report };
  const templateContext: TemplateContext = { gameDir, palette: new Map(palette), report, loaded: result.templates, marks: markContext };
  const setIds = new Map<string, LoadedSet>();
  const itemIds = new Map<string, { set: LoadedSet; index: number }>();

  const seenFiles = new Map<string, number>();
  let gameCopies = 0;
  let copiesReported = false;
  written.forEach((entry, index) => {
    if (typeof entry !== 'string' || !checkGamePath(gameDir, entry).ok) return; // reported by the game file's checks
    const absolute = path.resolve(gameDir, entry);
    const first = seenFiles.get(absolute);
    if (first !== undefined) {
      report(diagnosticAt(source.file, source.doc, { code: 'duplicate-value', message: `this set file is already listed (entry ${first + 1}); list each set once`, pointer: `/sets/${index}` }));
      return;
    }
    seenFiles.set(absolute, index);
    const setSource = loadYaml(path.resolve(gameDir, entry));
    setSource.diagnostics.forEach(report);
    const checked = checkSetFile(setSource, markContext);
    const loaded: LoadedSet = { written: entry, source: setSource, data: checked.set, localized: checked.localized, sheet: checked.sheet };
    result.sets.push(loaded);
    const data = setSource.data as Record<string, unknown> | undefined;
    if (!data || typeof data !== 'object') return;

    const id = data['id'];
    if (typeof id === 'string') {
      const other = setIds.get(id);
      if (other) {
        report(
          diagnosticAt(setSource.file, setSource.doc, {
            code: 'duplicate-id',
            message: `the set id "${id}" is already used by ${lineOf(gameDir, other.source, '/id')}; set ids must be unique in a game`,
            pointer: '/id',
          }),
        );
      } else setIds.set(id, loaded);
    }
    const items = Array.isArray(data['items']) ? (data['items'] as unknown[]) : [];
    gameCopies += countCopies(setSource, items, report);
    if (gameCopies > BUDGETS.copiesPerGame && !copiesReported) {
      copiesReported = true;
      report(
        diagnosticAt(source.file, source.doc, {
          code: 'out-of-range',
          message: `with this set the game has ${formatBudget(gameCopies)} copies; a game may have at most ${formatBudget(BUDGETS.copiesPerGame)} (the sum of every count in every set)`,
          pointer: `/sets/${index}`,
        }),
      );
    }
    items.forEach((item, i) => {
      const itemId = item && typeof item === 'object' ? (item as Record<string, unknown>)['id'] : undefined;
      if (typeof itemId !== 'string') return;
      const other = itemIds.get(itemId);
      if (!other) itemIds.set(itemId, { set: loaded, index: i });
      else if (other.set !== loaded) {
        report(
          diagnosticAt(setSource.file, setSource.doc, {
            code: 'duplicate-id',
            message: `the id "${itemId}" is already used by an item of another set (${lineOf(gameDir, other.set.source, `/items/${other.index}/id`)}); item ids must be unique in a game`,
            pointer: `/items/${i}/id`,
          }),
        );
      }
    });
    for (const face of ['front', 'back'] as const) {
      const name = data[face];
      if (typeof name === 'string') loaded[face] = loadTemplate(name, { source: setSource, pointer: `/${face}` }, templateContext);
      const template = loaded[face];
      if (template && typeof id === 'string' && checked.fieldsValid) {
        checkBindings(template, { id, fields: data['fields'] as Record<string, unknown> | undefined }, report);
        checkItemElementBudget(template, { source: setSource, items, data }, report);
      }
    }
  });

  checkOutputNames(gameDir, source, result.sets, report);

  const rulebook = raw?.['rulebook'] as Record<string, unknown> | undefined;
  if (rulebook && typeof rulebook === 'object' && typeof rulebook['template'] === 'string') {
    loadTemplate(rulebook['template'], { source, pointer: '/rulebook/template' }, templateContext);
  }
  return result;
}
