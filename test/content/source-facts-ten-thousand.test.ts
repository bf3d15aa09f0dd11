import { describe, expect, it } from 'vitest';
import { loadGameFacts, textIn, textsUnder, type Item } from './game-facts.js';

// The facts the source of "10 000 in my pocket" states (shared/seeds/001_c8434d0554a723f5.txt,
// the French rules v1.2 of December 2009), read back from content/ten-thousand-in-my-pocket.
// "seed line N" names the line of that file a fact comes from.
const g = loadGameFacts('ten-thousand-in-my-pocket');

type Slot = { period: string; kind: string; braves?: number; ambush?: number; event?: string };
const periods = (card: Item) => (card['periods'] as Slot[]).map((s) => (s.kind === 'braves' ? `braves ${s.braves}` : s.kind === 'ambush' ? `ambush ${s.ambush}` : s.kind === 'event' ? `event ${s.event}` : s.kind));
const battle = (card: Item) => card['battle'] as { braves: number; persians: number };
const effect = (set: string, id: string, lang: 'en' | 'fr' = 'fr') => plain(textIn(g.item(set, id)['effect'], lang));
// No-break spaces read as spaces, so a fact does not hang on typography.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const rulesFr = plain(g.file('rules/fr.md'));
const rulesEn = plain(g.file('rules/en.md'));

describe('10 000 in my pocket follows its source', () => {
  it('loads without a problem', () => {
    expect(g.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('prints no text under 6 pt: its templates neither set one nor let one shrink below', () => {
    expect(textsUnder(g, 6)).toEqual([]);
  });

  it('has the components of the MATÉRIEL list', () => {
    // seed line 140: "9 cartes d'événements"
    expect(g.copies('event-cards')).toBe(9);
    // seed line 141: "16 tuiles : 8 tuiles cité et 8 tuiles extérieur"
    expect(g.copies('city-tiles')).toBe(8);
    expect(g.copies('outside-tiles')).toBe(8);
    // seed line 142: "1 figurine représentant votre héros"
    expect(g.copies('hero')).toBe(1);
    // seed line 143 and 258: pawns mark a created passage ("un pion «passage»"); printed here as 8 markers
    expect(g.copies('passage-markers')).toBe(8);
    expect(rulesFr).toContain('**8 pions passage**');
    expect(rulesEn).toContain('**8 passage markers**');
  });

  it('prints the three periods of every event card in the source order', () => {
    // seed lines 5-64: the nine cards, a line per period (matin, après-midi, soir), then "helmet soldier"
    expect(g.items('event-cards').map(periods)).toEqual([
      ['favour', 'favour', 'ambush 90'], // seed lines 5-7
      ['favour', 'braves 40', 'ambush 120'], // seed lines 11-13
      ['ambush 25', 'braves 20', 'braves 10'], // seed lines 17-19
      ['favour', 'braves 30', 'braves 20'], // seed lines 23-25
      ['braves 50', 'favour', 'ambush 180'], // seed lines 29-31
      ['event priestess', 'ambush 60', 'ambush 150'], // seed lines 35-38
      ['braves 40', 'event volunteers', 'braves 30'], // seed lines 42-47
      ['favour', 'ambush 75', 'event centaur'], // seed lines 51-56
      ['braves 30', 'favour', 'ambush 60'], // seed lines 60-62
    ]);
    for (const card of g.items('event-cards')) expect((card['periods'] as Slot[]).map((s) => s.period)).toEqual(['morning', 'afternoon', 'evening']);
  });

  it('prints the battle numbers of every card: braves under the helmet, Persians under the soldier', () => {
    // seed lines 9, 15, 21, 27, 33, 40, 49, 58, 64: "30 1500", "20 1100", … (helmet first: seed lines 234-238)
    expect(g.items('event-cards').map(battle)).toEqual([
      { braves: 30, persians: 1500 },
      { braves: 20, persians: 1100 },
      { braves: 50, persians: 700 },
      { braves: 35, persians: 400 },
      { braves: 40, persians: 500 },
      { braves: 25, persians: 200 },
      { braves: 15, persians: 1300 },
      { braves: 10, persians: 900 },
      { braves: 45, persians: 300 },
    ]);
  });

  it('tells the three events as the source does', () => {
    const event = (card: string, name: string) => plain(textIn((g.item('event-cards', card)['periods'] as (Slot & { text: unknown })[]).find((s) => s.event === name)!.text, 'fr'));
    // seed line 35: "Une prêtresse vous bénit. Gagnez 1 Favor (pas un objet)."
    expect(event('card-6', 'priestess')).toContain('**+1** :favour: (pas d’objet)');
    // seed lines 43-45: "10 braves vous accostent : Ils vous accompagnent contre 1 faveur."
    expect(event('card-7', 'volunteers')).toMatch(/^Dix volontaires.*payez 1 :favour: pour \*\*\+10\*\*/);
    // seed lines 54-56: a centaur, "Perdez 1 point de Moral."
    expect(event('card-8', 'centaur')).toContain('**−1** :morale:');
  });

  it('starts the road sheet with the source values', () => {
    // seed line 151: "nombre de braves (10)", "moral (3)", "faveurs (1)"; line 152: "soldats perses : 10 000"
    const sheet = g.item('road-sheet', 'road-sheet');
    const start = (list: string, icon: string) => (sheet[list] as { icon: string; start: number }[]).find((x) => x.icon === icon)!.start;
    expect(start('ledgers', 'brave')).toBe(10);
    expect(start('ledgers', 'persian')).toBe(10000);
    expect(start('tracks', 'morale')).toBe(3);
    expect(start('tracks', 'favour')).toBe(1);
    expect(rulesFr).toContain('**10 braves**, **moral 3**, **1 faveur**, **10 000 Perses**');
  });

  it('gives the places the source names their effects', () => {
    // seed line 150: the Central Square is the starting tile
    expect(g.item('city-tiles', 'central-square')['start']).toBe(true);
    // seed line 188: the white sword for 3 favours at the Temple of Athena
    expect(effect('city-tiles', 'temple-of-athena')).toContain('**3** :favour:');
    // seed line 188: at the Market, one of the two items of the card just drawn, for 1 favour
    expect(effect('city-tiles', 'market')).toContain('**1** :favour:');
    // seed line 188: at the Agora, 20 braves for 1 favour
    expect(effect('city-tiles', 'agora')).toMatch(/\*\*1\*\* :favour:.*\*\*20\*\* :brave:/);
    // seed line 190: the City Gate's yellow arrow meets the one of Towards the Mountains
    expect(g.item('city-tiles', 'city-gate')['arrow']).toEqual({ side: 'north', pointing: 'out' });
    expect(g.item('outside-tiles', 'towards-the-mountains')['arrow']).toEqual({ side: 'south', pointing: 'in' });
    // seed line 192: the Enchanted Lake gives 1 morale, the Rough Pass costs 5 braves
    expect(effect('outside-tiles', 'enchanted-lake')).toContain('**+1** :morale:');
    expect(effect('outside-tiles', 'rough-pass')).toContain('**5** :brave:');
    // seed lines 194-198: at the Throne no card is drawn; flee costs 1 morale
    expect(effect('outside-tiles', 'the-throne')).toMatch(/Pas de carte.*−1/);
  });

  it('keeps the numbers of the rules: ambushes, the final battle, the items', () => {
    // seed lines 212-214: win an ambush: 1 favour; lose it: 10 braves
    expect(rulesFr).toContain('vous l’emportez, +1 faveur. **Moins :** perdez 10 braves');
    // seed line 224: 3 favours buy 1 morale before the final battle
    expect(rulesFr).toContain('3 faveurs contre 1 moral');
    // seed line 258: creating a passage costs 1 morale
    expect(rulesFr).toMatch(/marquez le passage d’un pion passage et perdez 1 moral/);
    // seed line 288: the shield saves 5 braves per attack
    expect(rulesFr).toContain('5 braves de moins');
    // seed line 294: the banner adds 5 braves
    expect(rulesFr).toContain('5 de plus');
    // seed line 298: thunderbolts: 100, 2 at once 300, 3 at once 500, +200 each
    expect(rulesFr).toContain('détruit 100 Perses ; 2 foudres à la fois, 300 ; 3 foudres, 500 ; +200 par foudre de plus');
    // seed line 300: the hand gives 2 morale
    expect(rulesFr).toContain('**Main :** +2 moral');
    // seed line 304: the Black Curse adds 500 Persians
    expect(rulesFr).toContain('ajoutez 500 Perses');
    expect(g.items('event-cards').filter((c) => c['curse'] === true).map((c) => c.id)).toEqual(['card-8']);
  });
});
