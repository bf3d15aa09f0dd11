import path from 'node:path';
import { runValidator } from '../content/ajv.js';
import type { LoadedYaml } from '../content/load-yaml.js';
import type { ContentCheck, LoadedGame } from '../content/model.js';
import { locate } from '../content/source.js';
import { fromPointer, valueAt } from '../shared/json-pointer.js';
import { coreValidators } from '../content/validators.js';
import { declaredLanguagesOf, gameIdOf, sourceLanguageOf } from '../content/source-language.js';
import { unreadableRulebooks } from './rulebook-paragraphs.js';

/** One text a player reads, as written in the content: a plain string or a map of languages. */
export interface TextEntry {
  /** Path from the game folder, with "/" ("sets/cards.yaml"). */
  file: string;
  pointer: string;
  /** 1-based line and column of the text in its file. */
  line: number;
  column: number;
  /** The key its translations are locked under: `file#pointer`, with list items named by their id (`/items/@oil/name`). */
  key: string;
  value: string | Record<string, string>;
}

export interface GameTexts {
  game: LoadedGame;
  id: string;
  languages: string[];
  sourceLanguage: string;
  entries: TextEntry[];
  /** Files whose texts could not be read (syntax errors): listed so a command can say so. */
  unreadable: string[];
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** True for a text a translator has something to do with: a word (two letters or more) outside bindings and icons. */
export function hasWords(text: string): boolean {
  return /\p{L}{2}/u.test(text.replace(/\{\{[\s\S]*?\}\}/g, '').replace(/:[a-z][a-z0-9-]*:/g, ''));
}

function textAt(data: unknown, pointer: string): string | Record<string, string> | undefined {
  const value = valueAt(data, pointer);
  if (typeof value === 'string') return hasWords(value) ? value : undefined;
  const map = asRecord(value);
  if (!map || !Object.values(map).every((v) => typeof v === 'string')) return undefined;
  return map as Record<string, string>;
}

/** The pointer with list items that have an id named by it, so that reordering items keeps the key. */
export function stableKey(file: string, data: unknown, pointer: string): string {
  let value = data;
  const steps = fromPointer(pointer).map((segment) => {
    const next = value && typeof value === 'object' ? (value as Record<string, unknown>)[segment] : undefined;
    const id = Array.isArray(value) ? asRecord(next)?.['id'] : undefined;
    value = next;
    return typeof id === 'string' ? `@${id}` : segment.replace(/~/g, '~0').replace(/\//g, '~1');
  });
  return `${file}#${steps.map((s) => `/${s}`).join('')}`;
}

function entriesOf(game: LoadedGame, source: LoadedYaml, pointers: readonly string[]): TextEntry[] {
  const file = path.relative(game.dir, source.file.path).split(path.sep).join('/');
  return [...new Set(pointers)].flatMap((pointer) => {
    const value = textAt(source.data, pointer);
    if (value === undefined) return [];
    const { line, column } = locate(source.file, source.doc, pointer);
    return [{ file, pointer, line, column, key: stableKey(file, source.data, pointer), value }];
  });
}

function markedPointers(source: LoadedYaml, kind: 'game' | 'template'): string[] {
  if (!asRecord(source.data)) return [];
  return runValidator(coreValidators()[kind], source.data).marks.localized.map((m) => m.pointer);
}

/**
 * Every text of a game a player reads, found by the schemas' `x-localized` marks: game.yaml,
 * each set file (items included) and the game's own templates, in file order then line
 * order. Shared templates (templates/ at the top) belong to no game and are left out.
 */
export function collectGameTexts(game: LoadedGame): GameTexts {
  const files: { source: LoadedYaml; pointers: string[] }[] = [{ source: game.source, pointers: markedPointers(game.source, 'game') }];
  for (const set of game.sets) files.push({ source: set.source, pointers: set.localized });
  const templates = [...game.templates.values()].filter((t) => t.origin === 'game').sort((a, b) => (a.source.file.path < b.source.file.path ? -1 : 1));
  for (const t of templates) files.push({ source: t.source, pointers: markedPointers(t.source, 'template') });
  const entries = files.flatMap((f) => entriesOf(game, f.source, f.pointers).sort((a, b) => a.line - b.line || a.column - b.column));
  const languages = declaredLanguagesOf(game);
  const unreadable = [...files.filter((f) => f.source.data === undefined).map((f) => path.relative(game.dir, f.source.file.path).split(path.sep).join('/')), ...unreadableRulebooks(game, languages)];
  return { game, id: gameIdOf(game), languages, sourceLanguage: sourceLanguageOf(game) ?? languages[0] ?? '', entries, unreadable };
}

/** The texts of every game a content check loaded. */
export function collectTexts(check: ContentCheck): GameTexts[] {
  return check.games.map(collectGameTexts);
}
