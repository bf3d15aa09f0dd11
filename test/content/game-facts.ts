import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkGame } from '../../src/content/check-game.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import type { LoadedGame } from '../../src/content/model.js';
import { ROOT } from '../helpers.js';

/** An item of a set as the content holds it: id, count and its own fields. */
export type Item = { id: string; count?: number } & Record<string, unknown>;

/** One game of content/, loaded and checked as `validate` does, with what the check found. */
export interface GameFacts {
  game: LoadedGame;
  diagnostics: Diagnostic[];
  /** The items of a set (from its YAML or its spreadsheet). */
  items(set: string): Item[];
  /** One item of a set, by id. */
  item(set: string, id: string): Item;
  /** How many copies a set prints (each item `count` times). */
  copies(set: string, match?: (item: Item) => boolean): number;
  /** The text of a file of the game (a rulebook, NOTES.md). */
  file(relative: string): string;
}

export function loadGameFacts(id: string): GameFacts {
  const diagnostics: Diagnostic[] = [];
  const dir = path.join(ROOT, 'content', id);
  const game = checkGame(dir, { report: (d) => diagnostics.push(d) });
  const items = (set: string): Item[] => {
    const found = game.sets.find((s) => s.data?.id === set);
    if (!found?.data) throw new Error(`no set ${set} in ${id}`);
    return found.data.items as unknown as Item[];
  };
  return {
    game,
    diagnostics,
    items,
    item(set, itemId) {
      const found = items(set).find((i) => i.id === itemId);
      if (!found) throw new Error(`no item ${itemId} in ${id}/${set}`);
      return found;
    },
    copies: (set, match) => items(set).filter((i) => !match || match(i)).reduce((n, i) => n + (i.count ?? 1), 0),
    file: (relative) => readFileSync(path.join(dir, relative), 'utf8'),
  };
}

/** A text as a language reads it: a plain string, or the entry of a map of languages. */
export function textIn(value: unknown, lang: 'en' | 'fr'): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && lang in value) return String((value as Record<string, unknown>)[lang]);
  throw new Error(`not a text: ${JSON.stringify(value)}`);
}

/**
 * The texts of a game's own templates that are set, or may shrink, under `limit` points:
 * "template.yaml: the text size N" for each. Sizes written as numbers are points.
 */
export function textsUnder(facts: GameFacts, limit: number): string[] {
  const found: string[] = [];
  const walk = (file: string, elements: unknown[]): void => {
    for (const element of elements as Record<string, unknown>[]) {
      if (element['type'] === 'text') {
        for (const key of ['size', 'minSize']) {
          const value = element[key];
          if (typeof value === 'number' && value < limit) found.push(`${path.basename(file)}: ${JSON.stringify(element['text'])} ${key} ${value}`);
        }
      }
      if (Array.isArray(element['elements'])) walk(file, element['elements']);
    }
  };
  for (const [file, template] of facts.game.templates) {
    if (template.origin === 'game' && template.data) walk(file, (template.data as { elements?: unknown[] }).elements ?? []);
  }
  return found;
}
