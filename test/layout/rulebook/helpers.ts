import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkContent } from '../../../src/content/check-content.js';
import type { DisplayItem, DisplayList, GlyphRun } from '../../../src/shared/display-list.js';
import { layoutRulebook } from '../../../src/layout/rulebook/layout-rulebook.js';
import type { RulebookRequest } from '../../../src/layout/rulebook/types.js';
import { createIconResolver } from '../../../src/shared/icons.js';
import { resolveGame } from '../../../src/resolve/resolve-game.js';
import { FIXTURES } from '../../helpers.js';

export const MM = 72 / 25.4;
export const GAME_DIR = path.join(FIXTURES, 'rulebook', 'guild-of-thieves');
/** A PocketMod panel on A4: 74.25 × 105 mm. */
export const POCKETMOD = { width: 74.25 * MM, height: 105 * MM };
/** A booklet page on A4: A5. */
export const A5 = { width: 148.5 * MM, height: 210 * MM };

const check = checkContent(path.join(FIXTURES, 'rulebook'));
if (check.diagnostics.length > 0) throw new Error(`the rulebook fixture does not validate: ${JSON.stringify(check.diagnostics, null, 2)}`);

export function game(lang: string) {
  return resolveGame(check.games[0]!, lang);
}

export function rulesFile(lang: string): string {
  return path.join(GAME_DIR, 'rules', `${lang}.md`);
}

/** Lays out Markdown (the fixture's rules by default) for the fixture game. */
export function rulebook(options: Partial<RulebookRequest> & { lang?: string } = {}) {
  const lang = options.lang ?? 'en';
  const g = options.game ?? game(lang);
  const file = options.file ?? rulesFile(lang);
  return layoutRulebook({
    game: g,
    markdown: options.markdown ?? readFileSync(file, 'utf8'),
    file,
    page: options.page ?? POCKETMOD,
    imposition: options.imposition ?? 'pocketmod',
    cover: options.cover,
    maxPages: options.maxPages,
    icons: options.icons ?? createIconResolver({ gameDir: g.dir, aliases: g.icons }),
    hyphenate: options.hyphenate,
  });
}

export function runsOf(items: readonly DisplayItem[]): GlyphRun[] {
  return items.flatMap((i) => (i.type === 'text' ? i.runs : i.type === 'group' ? runsOf(i.items) : []));
}

/** The lines of a page, top to bottom: runs on one baseline joined (left to right). */
export function linesOf(page: DisplayList): { text: string; baseline: number; x: number; size: number }[] {
  const byBaseline = new Map<number, GlyphRun[]>();
  for (const run of runsOf(page.items)) {
    const key = Math.round(run.baseline * 100) / 100;
    byBaseline.set(key, [...(byBaseline.get(key) ?? []), run]);
  }
  return [...byBaseline.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([baseline, runs]) => {
      runs.sort((a, b) => a.x - b.x);
      return { text: runs.map((r) => r.text).join(''), baseline, x: runs[0]!.x, size: runs[0]!.size };
    });
}

/** All the text of a page, in reading order, one line per baseline. */
export function textOf(page: DisplayList): string {
  return linesOf(page).map((l) => l.text).join('\n');
}

/** The items of a page with the groups that only carry structure (no transform, clip or opacity) opened. */
export function flat(items: readonly DisplayItem[]): DisplayItem[] {
  return items.flatMap((i) => (i.type === 'group' && i.structure && !i.transform && !i.clip && i.opacity === undefined ? flat(i.items) : [i]));
}
