import path from 'node:path';
import { checkBindings } from './check-bindings.js';
import { checkGameFile } from './check-game-file.js';
import { checkSetFile } from './check-set-file.js';
import { loadTemplate, type TemplateContext } from './check-templates.js';
import { GAME_FILE } from './discover.js';
import { loadYaml, type LoadedYaml } from './load-yaml.js';
import type { LoadedGame, LoadedSet, Report } from './model.js';
import { checkGamePath } from '../shared/game-paths.js';
import { diagnosticAt } from './source.js';

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

/** Loads one game folder and checks everything in it, reporting every problem found. */
export function checkGame(gameDir: string, options: CheckGameOptions): LoadedGame {
  const { report } = options;
  const source = loadYaml(path.join(gameDir, GAME_FILE));
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
    const loaded: LoadedSet = { written: entry, source: setSource, data: checked.set, localized: checked.localized };
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
      }
    }
  });

  const rulebook = raw?.['rulebook'] as Record<string, unknown> | undefined;
  if (rulebook && typeof rulebook === 'object' && typeof rulebook['template'] === 'string') {
    loadTemplate(rulebook['template'], { source, pointer: '/rulebook/template' }, templateContext);
  }
  return result;
}
