import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check-content.js';
import type { LoadedGame } from '../../src/content/model.js';
import { ROOT } from '../helpers.js';

const check = checkContent(path.join(ROOT, 'content'));

function game(id: string): LoadedGame {
  const found = check.games.find((g) => g.data?.id === id);
  if (!found) throw new Error(`no game ${id}`);
  return found;
}

/** Copies in a set (each item counted `count` times), or of the items whose ids match. */
function copies(id: string, set: string, match?: RegExp): number {
  const s = game(id).sets.find((x) => x.data?.id === set);
  if (!s?.data) throw new Error(`no set ${set} in ${id}`);
  return s.data.items.filter((i) => !match || match.test(i.id)).reduce((n, i) => n + (i.count ?? 1), 0);
}

function countOf(id: string, set: string, item: string): number {
  const s = game(id).sets.find((x) => x.data?.id === set)!;
  return s.data!.items.find((i) => i.id === item)?.count ?? 1;
}

describe('the games in content/ have the components their rules count', () => {
  it('every game validates and builds in French and English', () => {
    expect(check.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    for (const g of check.games) expect([...g.data!.languages].sort(), g.data!.id).toEqual(['en', 'fr']);
  });

  it('Cadwallon in my pocket: 9 development cards (one per item), 8 city and 8 manor tiles, a play sheet', () => {
    expect(copies('cadwallon-in-my-pocket', 'dev-cards')).toBe(9);
    const items = game('cadwallon-in-my-pocket').sets.find((s) => s.data?.id === 'dev-cards')!.data!.items.map((i) => ((i as Record<string, unknown>)['item'] as { id: string }).id);
    expect(new Set(items)).toEqual(new Set(['oil', 'arrows', 'femur', 'cudgel', 'board-with-nails', 'crossbow', 'elixir', 'candle', 'sword']));
    expect(copies('cadwallon-in-my-pocket', 'city-tiles')).toBe(8);
    expect(copies('cadwallon-in-my-pocket', 'manor-tiles')).toBe(8);
    expect(copies('cadwallon-in-my-pocket', 'play-sheet')).toBeGreaterThanOrEqual(1);
  });

  it('10 000 in my pocket: 9 event cards, 8 city and 8 outside tiles, the hero standee, the road sheet, 8 passage markers', () => {
    expect(copies('ten-thousand-in-my-pocket', 'event-cards')).toBe(9);
    expect(copies('ten-thousand-in-my-pocket', 'city-tiles')).toBe(8);
    expect(copies('ten-thousand-in-my-pocket', 'outside-tiles')).toBe(8);
    expect(copies('ten-thousand-in-my-pocket', 'hero')).toBe(1);
    expect(copies('ten-thousand-in-my-pocket', 'road-sheet')).toBeGreaterThanOrEqual(1);
    expect(copies('ten-thousand-in-my-pocket', 'passage-markers')).toBe(8);
  });

  it('Pocket-Dungeons: 6 delvers and 10 dwellers, 60 tiles and the start, 13 counters, 6 doors', () => {
    expect(copies('pocket-dungeons', 'characters')).toBe(16);
    expect(['warrior', 'elf', 'priestess', 'thief', 'dwarf', 'mage'].map((d) => countOf('pocket-dungeons', 'characters', d))).toEqual([1, 1, 1, 1, 1, 1]);
    expect(['shambling-corpse', 'goblin-warrior', 'goblin-hunter', 'lizardman', 'shroud-ghost', 'troll'].map((d) => countOf('pocket-dungeons', 'characters', d))).toEqual([2, 2, 2, 2, 1, 1]);
    expect(copies('pocket-dungeons', 'tiles')).toBe(61);
    expect(copies('pocket-dungeons', 'counters', /^treasure/)).toBe(6);
    expect(copies('pocket-dungeons', 'counters', /^hazard/)).toBe(6);
    expect(copies('pocket-dungeons', 'counters', /^stairs/)).toBe(1);
    expect(copies('pocket-dungeons', 'doors')).toBe(6);
  });

  it('Cadwallon: City of Thieves: 20 characters, 15 missions, 60 arcana, 24 chests with the rules\' counts, 8 adventure boards', () => {
    expect(copies('cadwallon-city-of-thieves', 'characters')).toBe(20);
    expect(copies('cadwallon-city-of-thieves', 'missions')).toBe(15);
    expect(copies('cadwallon-city-of-thieves', 'arcana')).toBe(60);
    expect(copies('cadwallon-city-of-thieves', 'chests')).toBe(24);
    expect(copies('cadwallon-city-of-thieves', 'adventures')).toBe(8);
    const chests = game('cadwallon-city-of-thieves').sets.find((s) => s.data?.id === 'chests')!.data!.items.map((i) => i.count ?? 1).sort((a, b) => b - a);
    expect(chests).toEqual([6, 3, 3, 3, 3, 3, 3]);
    expect(game('cadwallon-city-of-thieves').data!.rulebook!.imposition).toBe('booklet');
  });

  it('Arcadia: 4 double-sided rules cards, and the character, merit, flaw, league, waylay and quest cards', () => {
    expect(copies('arcadia', 'rules-cards')).toBe(4);
    for (const set of ['characters', 'merits', 'flaws', 'leagues', 'waylays', 'quests']) expect(copies('arcadia', set), set).toBeGreaterThan(0);
  });
});
