import { describe, expect, it } from 'vitest';
import { loadGameFacts, textIn, textsUnder, type Item } from './game-facts.js';

// The facts the source of Arcadia: King Ironheart's Madness states (shared/seeds/
// 004_6eb5702acecd2549.txt: the text of the four rules cards), read back from content/arcadia.
// The source lists no card, so what it fixes is structure, symbols and the numbers of its
// rules and examples. "seed line N" names the line of that file a fact comes from.
const g = loadGameFacts('arcadia');

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const rulesCard = (n: number, face: 'front' | 'back', lang: 'en' | 'fr' = 'en') => {
  const card = g.items('rules-cards').find((c) => c['number'] === n)!;
  return plain(textIn((card[face] as { body: unknown }).body, lang));
};
const allRules = (lang: 'en' | 'fr') => [1, 2, 3, 4].flatMap((n) => [rulesCard(n, 'front', lang), rulesCard(n, 'back', lang)]).join('\n');
const attributes = (i: Item) => Object.keys(i['attributes'] as Record<string, number>).sort();

describe('Arcadia follows its source', () => {
  it('loads without a problem', () => {
    expect(g.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('prints no text under 6 pt: its templates neither set one nor let one shrink below', () => {
    expect(textsUnder(g, 6)).toEqual([]);
  });

  it('prints the rules on four cards, card 1 in the Character Pack and 2 to 4 in the Story Pack', () => {
    // seed line 3: "(4 rules cards)"; lines 10, 171, 324, 496: the pack of each card
    expect(g.items('rules-cards').map((c) => [c['number'], c['pack']])).toEqual([[1, 'character'], [2, 'story'], [3, 'story'], [4, 'story']]);
  });

  it('uses the symbols the source names', () => {
    const icons = g.game.data!.icons!;
    // seed lines 37-44: hammer (Might), lock (Resolve), winged wheel (Savvy), helmet (Combat)
    expect(icons['might']).toMatch(/hammer/);
    expect(icons['resolve']).toMatch(/lock/);
    expect(icons['savvy']).toBe('icons/winged-wheel.svg');
    expect(icons['combat']).toMatch(/helm/);
    // seed lines 64-65: Seelie a white rose, Unseelie a black rose
    expect([icons['seelie'], icons['unseelie']]).toEqual(['icons/white-rose.svg', 'icons/black-rose.svg']);
    expect(g.file('icons/white-rose.svg')).toContain('fill="#ffffff"');
    expect(g.file('icons/black-rose.svg')).toContain('fill="#17151b"');
    // seed line 251: a key for Treasures; line 247: a "stop" hand for Waylays
    expect(icons['treasure']).toBe('game-icons:key');
    expect(icons['waylay']).toBe('game-icons:hand');
    // seed line 283: the circled "A" for any Terrain
    expect(icons['any']).toBe('icons/circled-a.svg');
    // seed line 78: the glyphs of Pyretics (a flame) and Imagery (an eye)
    expect(icons['pyretics']).toMatch(/fire|flame/);
    expect(icons['imagery']).toMatch(/eye/);
  });

  it('gives characters Might, Savvy and Resolve, and Combat only to Allies and Waylays', () => {
    // seed lines 34-35 and 44-46: "Might, Savvy and Resolve"; "characters do not" have Combat
    for (const c of g.items('characters')) expect(attributes(c), c.id).toEqual(['might', 'resolve', 'savvy']);
    // seed line 44: Allies have a Combat Attribute
    for (const a of g.items('merits').filter((m) => m['kind'] === 'ally')) expect(attributes(a), a.id).toContain('combat');
  });

  it('has the five kinds of Merits and the three kinds of Flaws, with a cost or bonus points', () => {
    // seed line 56: "Abilities, Advantages, Allies, Arts and Treasures"
    expect(new Set(g.items('merits').map((m) => m['kind']))).toEqual(new Set(['ability', 'advantage', 'ally', 'art', 'treasure']));
    // seed lines 53-54 and 125: every Merit has a cost
    for (const m of g.items('merits')) expect(m['cost'], m.id).toBeGreaterThan(0);
    // seed line 92: "Curses, Enemies and Weaknesses"; lines 127-128: bonus points
    expect(new Set(g.items('flaws').map((f) => f['kind']))).toEqual(new Set(['curse', 'enemy', 'weakness']));
    for (const f of g.items('flaws')) expect(f['points'], f.id).toBeGreaterThan(0);
    // seed lines 59-65: every Ability is tied to an Attribute and has a court
    for (const a of g.items('merits').filter((m) => m['kind'] === 'ability')) {
      expect(['might', 'savvy', 'resolve'], a.id).toContain(a['attribute']);
      expect(['seelie', 'unseelie'], a.id).toContain(a['court']);
    }
    // seed lines 153-154: "Every Ability and Weakness is labeled either Seelie or Unseelie"
    for (const w of g.items('flaws').filter((f) => f['kind'] === 'weakness')) expect(['seelie', 'unseelie'], w.id).toContain(w['court']);
  });

  it('makes every Waylay face only the Tests it has an Attribute for, as the Tornado shows', () => {
    // seed lines 269-272 and 297-300: at least one Attribute; a Test without its Attribute can never be faced
    for (const w of g.items('waylays')) {
      expect(attributes(w).length, w.id).toBeGreaterThan(0);
      for (const test of w['tests'] as string[]) expect(attributes(w), w.id).toContain(test);
    }
    // seed lines 272-275: "A Tornado, which is a Might Waylay, can never be changed to a Savvy Waylay"
    const tornado = g.item('waylays', 'tornado');
    expect(tornado['tests']).toEqual(['might']);
    expect(attributes(tornado)).not.toContain('savvy');
  });

  it('prints the Quests\' Ratings and the winner\'s 2 Experience', () => {
    // seed lines 240-256: a Quest gives its Waylay Rating, Treasure Rating and Experience;
    // line 614: "the winning character gains 2 experience point[s]"
    for (const q of g.items('quests')) expect(q['experience'], q.id).toBe(2);
    for (const q of g.items('quests')) expect([typeof q['waylays'], typeof q['treasures']], q.id).toEqual(['number', 'number']);
    expect(rulesCard(4, 'back')).toContain('the winner gains 2 Experience points');
    expect(rulesCard(4, 'back', 'fr')).toContain('le vainqueur gagne 2 points d’Expérience');
    expect(g.file('rules/en.md')).toContain('the winner gains **2 Experience**');
    // seed lines 617-620: 6 points buy a 6-point Merit or two 3-point ones; +1 Waylay Rating per 2 spent
    expect(rulesCard(4, 'back')).toContain('6 points buy a 6-point Merit or two 3-point ones');
    expect(rulesCard(4, 'back')).toContain('For every 2 Experience points a hero has spent, add 1 to the Waylay Rating');
  });

  it('keeps the numbers of the rules and of their worked examples', () => {
    const en = allRules('en');
    // seed lines 124 and 129-131: 10 points, Flaws up to 10
    expect(en).toContain('You have 10 points to spend on Merits');
    expect(en).toContain('your Flaws may total no more than 10');
    // seed lines 131-133: Esekial wants 12 points of Merits and takes a 2-point Flaw
    expect(en).toContain('Esekial wants 12 points of Merits, so he takes a 2-point Flaw: 10 + 2 = 12.');
    expect(allRules('fr')).toContain('Esekial veut 12 points d’Atouts ; il prend donc un Défaut à 2 points : 10 + 2 = 12.');
    // seed lines 352-354: a Treasure Rating of 6 buys one 6-point Treasure or three 2-point ones
    expect(en).toContain('6 buys one 6-point Treasure, three 2-point ones, or any mix making 6');
    // seed line 361: 5 Leagues per Quest
    expect(en).toContain('pick 5 Leagues each per Quest');
    // seed lines 540-541: Tests with 2 dice; lines 561-562: Trials with 1 die
    expect(en).toContain('Each side rolls two dice and adds its Attribute');
    expect(en).toContain('Roll one die and add the Attribute shown');
    // seed lines 516-517: at Base Camp, recover 1 Merit of any type
    expect(en).toContain('you may recover 1 Merit of any kind there');
  });

  it('lays Leagues with the source\'s Terrains and keeps Unique Leagues single', () => {
    // seed lines 278-376: Forest, Swamp, Fields, Road, Ocean, Border and City Wall are Terrains
    const named = g.game.data!.strings!;
    const terrains = ['forest', 'swamp', 'fields', 'road', 'ocean', 'border', 'city-wall'].map((t) => [t, (named[t] as { en: string }).en]);
    expect(terrains).toEqual([['forest', 'Forest'], ['swamp', 'Swamp'], ['fields', 'Fields'], ['road', 'Road'], ['ocean', 'Ocean'], ['border', 'Border'], ['city-wall', 'City Wall']]);
    // every side of a League names a Terrain the game has a word for (the League sides print the name)
    for (const l of g.items('leagues')) for (const side of Object.values(l['edges'] as Record<string, string[]>)) for (const t of side) expect(Object.keys(named), `${l.id} ${t}`).toContain(t);
    // seed lines 377-380: "there can only be one of that League in play"
    for (const l of g.items('leagues').filter((x) => x['unique'] === true)) expect(l.count ?? 1, l.id).toBe(1);
    // seed line 361: 5 Leagues per Quest, for two players
    expect(g.copies('leagues')).toBeGreaterThanOrEqual(10);
  });
});
