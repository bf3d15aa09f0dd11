import { describe, expect, it } from 'vitest';
import { loadGameFacts, textIn, textsUnder, type Item } from './game-facts.js';

// The facts the source of Pocket-Dungeons states (shared/seeds/002_dc1fea702ce5712d.txt: the
// 16 character cards, the rules and the five 2D6 tables), read back from content/pocket-dungeons.
// "seed line N" names the line of that file a fact comes from.
const g = loadGameFacts('pocket-dungeons');

type Stat = number | { dice: number; kicker: number };
const show = (s: Stat) => (typeof s === 'number' ? String(s) : `${s.dice}(${s.kicker})`);
/** A character as its card prints it: type, Melee, Ranged, Magic as OFF/DEF, ACTION, ability names. */
function card(id: string): string {
  const c = g.item('characters', id);
  const stats = c['stats'] as Record<'melee' | 'ranged' | 'magic', { off: Stat; def: Stat }>;
  const rows = (['melee', 'ranged', 'magic'] as const).map((r) => `${show(stats[r].off)}/${show(stats[r].def)}`).join(' ');
  const abilities = (c['abilities'] as { name: unknown }[]).map((a) => textIn(a.name, 'en')).join(', ');
  return `${textIn(c['type'], 'en')} ${rows} action ${c['action']} ${abilities}`;
}
type Row = { roll: string; name?: unknown; text: unknown };
const table = (name: string) => (g.item('reference', 'reference-sheet')[name] as { rows: Row[] }).rows;
/** The rows of a table as "roll NAME" (the result's name as the source writes it: upper case, plain apostrophe). */
const named = (name: string) => table(name).map((r) => `${r.roll} ${r.name === undefined ? '' : textIn(r.name, 'en').toUpperCase().replace(/’/g, "'")}`.trim());
const rulesEn = g.file('rules/en.md');
const rulesFr = g.file('rules/fr.md');

describe('Pocket-Dungeons follows its source', () => {
  it('loads without a problem', () => {
    expect(g.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('prints no text under 6 pt: its templates neither set one nor let one shrink below', () => {
    expect(textsUnder(g, 6)).toEqual([]);
  });

  it('has the pieces the set lists', () => {
    // seed line 69: "6 delvers (Warrior, Mage, Elf, Dwarf, Thief, and Priestess.)"
    expect(g.items('characters').filter((c) => c['side'] === 'delver').map((c) => c.id).sort()).toEqual(['dwarf', 'elf', 'mage', 'priestess', 'thief', 'warrior']);
    expect(g.copies('characters', (c) => c['side'] === 'delver')).toBe(6);
    // seed line 70: "10 dwellers (2 Shambling Corpses, 2 Goblin Warriors, 2 Goblin Hunters, 2 Lizardmen, 1 Shroud Ghost, and 1 Troll)"
    const dwellers = Object.fromEntries(g.items('characters').filter((c) => c['side'] === 'dweller').map((c) => [c.id, c.count ?? 1]));
    expect(dwellers).toEqual({ 'shambling-corpse': 2, 'goblin-warrior': 2, 'goblin-hunter': 2, lizardman: 2, 'shroud-ghost': 1, troll: 1 });
    // seed lines 71-72: "60 dungeon tiles", "1 Start tile"
    expect(g.copies('tiles', (t) => t['floor'] !== 'start')).toBe(60);
    expect(g.copies('tiles', (t) => t['floor'] === 'start')).toBe(1);
    // seed line 73: "6 door markers"
    expect(g.copies('doors')).toBe(6);
    // seed line 74: "13 counters (6 Treasure counters, 6 Hazard counters, and 1 Stairs counter)"
    expect(g.copies('counters')).toBe(13);
    expect(['treasure', 'hazard', 'stairs'].map((k) => g.copies('counters', (c) => c['counter'] === k))).toEqual([6, 6, 1]);
  });

  it('prints every character card with the stats, ACTION and abilities of the source', () => {
    expect(card('warrior')).toBe('Human 3/3 0/3 0/1 action 2 Swordplay, Bull’s Rush'); // seed lines 1-9
    expect(card('elf')).toBe('Elf 1/1 2/2 1/1 action 3 Nimble Archer, Swift'); // seed lines 11-19
    expect(card('priestess')).toBe('Human 2/2 0/2 2/2 action 2 Healing Spells, Blessings of the Goddess'); // seed lines 21-29
    expect(card('thief')).toBe('Human 2/2 1/3 0/2 action 3 Sneak, Pilfer'); // seed lines 31-39 (the 3 printed on the Pilfer line)
    expect(card('dwarf')).toBe('Dwarf 3/3 0/3 0/3 action 1 Resilient, Goldlust'); // seed lines 41-49
    expect(card('mage')).toBe('Human 0/1 0/1 3/3 action 1 Phase, Gust'); // seed lines 51-59
    expect(card('goblin-warrior')).toBe('Goblin 2/1 0/2 0/1 action 3 Craven, Ambush'); // seed lines 222-230
    expect(card('lizardman')).toBe('Lizardman 2/2 0/3 0/2 action 2 Amphibious, Aquatic Superiority'); // seed lines 232-240
    expect(card('goblin-hunter')).toBe('Goblin 0/1 2/2 0/1 action 3 Craven, Sneak'); // seed lines 242-250
    expect(card('shroud-ghost')).toBe('Undead 0/3 0/3 2/3 action 2 Undying, Incorporeal'); // seed lines 252-260
    expect(card('shambling-corpse')).toBe('Undead 1/3 0/3 0/1 action 1 Undying, Aura of Fear'); // seed lines 262-270
    expect(card('troll')).toBe('Troll 3(4)/3(5) 0/3(5) 0/2 action 1 Tough Hide, Angry'); // seed lines 272-280 (kickers)
  });

  it('keeps the numbers and the reach of the abilities', () => {
    const ability = (id: string, n: number, lang: 'en' | 'fr' = 'en') => textIn((g.item('characters', id)['abilities'] as { text: unknown }[])[n]!.text, lang);
    // seed line 27: Healing Spells, "on a 4,5, or 6 they survive"
    expect(ability('priestess', 0)).toContain('on 4, 5 or 6');
    expect(ability('priestess', 0, 'fr')).toMatch(/^Si vous ou un pilleur voisin deviez être vaincu/);
    // seed line 57: Phase, "a Magic test (5+)"
    expect(ability('mage', 0)).toContain('(5+)');
    // seed line 59: Gust, "If a Magic assault with the Mage ends in a draw": attacking or defending
    expect(ability('mage', 1)).toMatch(/^If a Magic assault with you in it, attacking or defending, ends in a stalemate/);
    // seed lines 228 and 248: Craven, "on a 1-2, no action occurs"
    expect(ability('goblin-warrior', 0)).toContain('on 1 or 2');
    expect(ability('goblin-hunter', 0)).toContain('on 1 or 2');
    // seed lines 258 and 268: Undying, "on a 4+ it is not removed"
    expect(ability('shroud-ghost', 0)).toContain('on 4+');
    expect(ability('shambling-corpse', 0)).toContain('on 4+');
    // seed line 270: Aura of Fear, "a Magic DEF test (4+)"
    expect(ability('shambling-corpse', 1)).toContain('Magic DEF test (4+)');
  });

  it('prints the five 2D6 tables with the source rolls and result names', () => {
    // seed lines 183-186: TREASURE
    expect(named('treasure')).toEqual(['2–10 LOOT!', "11 IT'S A TRAP!", "12 SQUATTER'S RIGHTS!"]);
    // seed lines 188-193: DOOR
    expect(named('door')).toEqual(['2–5 OPEN SESAME!', "6–7 DARN, IT'S LOCKED!", "8 DARN, IT'S REALLY LOCKED!", '9–10 SURPRISE!', '11–12 BOO!']);
    // seed lines 195-198: HAZARD
    expect(named('hazard')).toEqual(['2–6 ROLL FOR A TRAP!', '7–11 ROLL FOR AN ENCOUNTER!', '12 ROLL FOR AN ENCOUNTER, THEN FOR A TRAP!']);
    // seed lines 200-207: ENCOUNTER, 12 "Re-roll and roll once more!"
    expect(named('encounter')).toEqual(['2–3', '4–5', '6–7', '8–9', '10', '11', '12 RE-ROLL AND ROLL ONCE MORE!']);
    expect(table('encounter').slice(0, 6).map((r) => textIn(r.text, 'en'))).toEqual(['A Goblin Warrior', 'A Goblin Hunter', 'A Shambling Corpse', 'A Lizardman', 'The Shroud Ghost', 'The Troll']);
    // seed lines 209-220: TRAP
    expect(named('trap')).toEqual([
      '2 POISON DART!', '3 BOTTOMLESS PIT!', '4 TELEPORTATION!', '5 MIND CONTROL!', '6 FIREBALL!', '7 SHIFTING CORRIDORS!',
      '8 CAVE-IN!', '9 PARALYZATION!', '10 AMBUSH!', '11 MIND SWAP!', '12 GAS CLOUD!',
    ]);
  });

  it('keeps the tests of the tables', () => {
    const text = (name: string, roll: string) => textIn(table(name).find((r) => r.roll === roll)!.text, 'en');
    // seed lines 190-191: the locked doors, "(4+)" and "(6+)"
    expect(text('door', '6–7')).toContain('Action or Melee OFF test (4+)');
    expect(text('door', '8')).toContain('6+');
    // seed lines 210-220: the trap tests
    expect(['2', '3', '4', '5', '6', '8', '9', '12'].map((roll) => /\((\d)\+\)/.exec(text('trap', roll))?.[1])).toEqual(['4', '5', '5', '4', '3', '5', '6', '2']);
    expect(text('trap', '2')).toContain('Ranged DEF');
    expect(text('trap', '6')).toContain('two tiles');
  });

  it('writes the same tables in the rulebook, and its French grammar', () => {
    // seed lines 190-198 and 207: the names of the source, in the rulebook too
    for (const name of ['**Darn, it’s locked!**', '**Darn, it’s really locked!**', '**Roll for a trap!**', '**Roll for an encounter!**', '**Roll for an encounter, then for a trap!**', '**Re-roll and roll once more!**', '**Paralyzation!**']) expect(rulesEn).toContain(name);
    // seed line 79: a tile that "would result in a dead end" is redrawn (French: the imperfect after « si »)
    expect(rulesFr).toContain('si une tuile formait un cul-de-sac');
    expect(rulesFr).not.toMatch(/si une tuile formerait/);
    // seed lines 141-147: the example of combat keeps its values and dice
    expect(rulesEn).toContain('The attacker (OFF 2, DEF 2) rolls 6 and 1 for Offense and 3 and 1 for Defense. The defender (OFF 1, DEF 2) rolls 3 for Offense and 4 and 2 for Defense.');
    expect(rulesEn).toContain('The strike: 6 and 1 against 4 and 2.');
    expect(rulesEn).toContain('The counter-strike: 3 against 3 and 1.');
  });
});
