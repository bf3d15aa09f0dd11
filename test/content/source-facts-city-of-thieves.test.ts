// The facts the rulebook of "Cadwallon: City of Thieves" states, read back from content/: each
// expectation quotes or names the line of the source it comes from, and fails if the content
// strays from it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutSet } from '../../src/build/build-game.js';
import { resolveGame } from '../../src/resolve/resolve-game.js';
import type { DisplayItem, Matrix } from '../../src/shared/display-list.js';
import { ROOT } from '../helpers.js';
import { loadGameFacts, type Item } from './game-facts.js';

const GAME = 'cadwallon-city-of-thieves';
const DIR = path.join(ROOT, 'content', GAME);
const facts = loadGameFacts(GAME);
const game = facts.game;
const { items, copies } = facts;

interface Character extends Item {
  name: string;
  gang: { id: string; name: { en: string; fr: string } };
  combat: number;
  movement: number | 'die';
  mind?: number;
}
const character = (id: string) => items('characters').find((c) => c.id === id) as Character;
const rules = (lang: 'en' | 'fr') => readFileSync(path.join(DIR, 'rules', `${lang}.md`), 'utf8').replace(/\u00a0|\u202f/g, ' ');

describe('Cadwallon: City of Thieves follows its rulebook (seed 003)', () => {
  it('has the components the rulebook counts', () => {
    // "20 CHARACTER CARDS"
    expect(copies('characters')).toBe(20);
    // "24 CHEST TOKENS"
    expect(copies('chests')).toBe(24);
    // "28 ACTION POINT TOKENS": "Each player receives 7 plastic Action Point tokens" (4 gangs).
    expect(copies('action-points')).toBe(28);
    expect(items('action-points').map((i) => i.count)).toEqual([7, 7, 7, 7]);
    // "60 ARCANA CARDS"
    expect(copies('arcana')).toBe(60);
    // "15 MISSION CARDS"
    expect(copies('missions')).toBe(15);
    // "8 ADVENTURE BOARDS"
    expect(copies('adventures')).toBe(8);
    expect(items('adventures').map((a) => a['number'])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // "40 Bronze coins worth 1 ducat", "20 Silver coins worth 5 ducats", "20 Gold coins worth 10 ducats"
    expect(items('ducats').map((d) => [d['value'], d['metal'], d.count])).toEqual([[1, 'bronze', 40], [5, 'silver', 20], [10, 'gold', 20]]);
    // "1 ROUND COUNTER"; "There are 10 Zombie tokens and 15 Civilian tokens"
    expect(items('tokens').map((t) => [t.id, t.count ?? 1])).toEqual([['round-counter', 1], ['zombie', 10], ['civilian', 15]]);
    // "9 PORTCULLIS TOKENS"
    expect(copies('portcullises')).toBe(9);
  });

  it('splits the characters as the rulebook does: 4 gangs of 4, 2 militiamen, Isabeau and Sienne', () => {
    // "The characters are split into 4 gangs": Executioners, Nocturnis Gang, Kaldern's Gang, Cursed Ones,
    // with the members named in "Welcome to Cadwallon"; "There are also 2 militiamen and 2 heroes, Isabeau and Sienna".
    const byGang: Record<string, string[]> = {};
    for (const c of items('characters') as Character[]) (byGang[c.gang.id] ??= []).push(c.name);
    expect(byGang).toEqual({
      executioners: ['Leona', 'Harid', 'Iris', 'Davitto'],
      nocturnis: ['Sanaris', 'Faras', 'Drokan', 'Valdur'],
      kaldern: ['Kaldern', 'Sarys', 'Elise', 'Tortok'],
      cursed: ['Jehlan', 'Anays', 'Dorak', 'Torham'],
      militia: ['Kornak', 'Valrut'],
      incarnates: ['Isabeau', 'Sienne'],
    });
  });

  it('gives the thieves values that agree with every worked example', () => {
    const davitto = character('davitto');
    // "He rolls one die and gets a 4. Because that is higher than his Mind value, his attempt fails."
    expect(davitto.mind).toBeLessThan(4);
    // "Davitto bashes open a chest (2 A.P.) then moves 3 spaces (1 A.P.)."
    expect(davitto.movement).toBeGreaterThanOrEqual(3);
    // "Leona spends 1 Action Point to move: she moves 3 spaces."
    expect(character('leona').movement).toBeGreaterThanOrEqual(3);
    // "Tortok rolls 2 dice" and "Faras also rolls 2 dice": "Combat value. This is the number of dice the player rolls".
    expect(character('tortok').combat).toBe(2);
    expect(character('faras').combat).toBe(2);
    // Tortok's "Rage skill allows him to re-roll the [1]".
    expect((character('tortok')['skill'] as { name: { en: string } }).name.en).toBe('Rage');
    // "Each character ... lists all of his (or her) abilities": the thieves are not all alike.
    const thieves = (items('characters') as Character[]).filter((c) => !['militia', 'incarnates'].includes(c.gang.id));
    expect(new Set(thieves.map((c) => `${c.combat}/${c.movement}/${c.mind}`)).size).toBeGreaterThan(8);
  });

  it('prices the treasures as the rulebook does', () => {
    // "There are 9 gems and 15 other items": 6 red gems, 3 green gems, 3 keys, 3 scrolls, 3 bracelets, 3 purses, 3 chests.
    expect(items('chests').map((c) => [c['treasure'], c.count])).toEqual([
      ['red-gem', 6], ['green-gem', 3], ['keys', 3], ['scroll', 3], ['bracelet', 3], ['purse', 3], ['ducat-chest', 3],
    ]);
    const values = (id: string) => (items('missions').find((m) => (m['treasure'] as { id: string }).id === id)!['treasure'] as { values: { ducats: number }[] }).values.map((v) => v.ducats);
    // "Each red gem is worth 2 ducats."
    expect(values('red-gem')).toEqual([2, 4, 6]);
    // "One green gem is worth 2 ducats, two gems are worth 5, and three are worth 8" (and so for keys, scrolls, bracelets).
    for (const kind of ['green-gem', 'keys', 'scroll', 'bracelet']) expect(values(kind), kind).toEqual([2, 5, 8]);
    // "A +0 bonus", "A +1 bonus", "A +2 bonus": 15 cards, each treasure with each bonus.
    const missions = items('missions').map((m) => `${(m['treasure'] as { id: string }).id}+${m['bonus']}`);
    expect(new Set(missions).size).toBe(15);
  });

  it('keeps the first adventure of the rulebook: 7 rounds, the alarm on 5, 4 ducats in the Treasury', () => {
    const duke = items('adventures').find((a) => a['number'] === 1)!;
    expect((duke['title'] as { en: string }).en).toBe('The Treasure of the Duke');
    // The track: "1 2 3 4 5 6 7 End of the Game", "5 Alarm!".
    expect((duke['track'] as { kind: string }[]).map((s) => s.kind)).toEqual(['round', 'round', 'round', 'round', 'alarm', 'round', 'round', 'end']);
    // "SETUP: Place 4 ducats in the Treasury at the beginning of the game."; "After each theft, place 4 ducats in the Treasury."
    expect((duke['setup'] as { en: string }).en).toBe('Put 4 ducats from the bank in the Treasury.');
    expect((duke['rules'] as { en: string }).en).toContain('Put 4 ducats from the bank in the Treasury: it can be robbed again.');
  });

  it('states the costs of the rulebook: 7 AP, move 1, attack 1, pick 1, bash 2, mission 3', () => {
    const en = rules('en');
    // "Each gang has 7 Action Points"
    expect(en).toContain('each gang has **7 action points**');
    // The table "Movement ... 1 Action point / Attack 1 / Pick the lock 1 / Bash a chest open 2 Action points".
    expect(en).toContain('| Movement | move up to his Movement value | 1 :ap: |');
    expect(en).toContain('| Action | attack another character | 1 :ap: |');
    expect(en).toContain('| Action | pick the lock of a chest | 1 :ap: |');
    expect(en).toContain('| Action | bash a chest open | 2 :ap: |');
    // "a player may also spend 3 Action Point tokens to use a Mission card"
    expect(en).toContain('you may spend 3 :ap: to fulfil one mission');
    // "Each player loses 3 ducats for each of his characters that failed to leave the district"
    expect(en).toContain('minus **3 ducats for each of his characters** who did not get out');
  });

  it('tells the worked examples with the rulebook’s numbers, in English and French', () => {
    const en = rules('en');
    const fr = rules('fr');
    // "For 3 Action Points, Davitto bashes open a chest (2 A.P.) then moves 3 spaces (1 A.P.). ... 4 Action Point tokens left"
    expect(en).toContain('For 3 :ap:, he bashes open the chest in his room (2 :ap:), then moves 3 spaces (1 :ap:).');
    expect(en).toContain('The player has 4 :ap: left');
    expect(fr).toContain('Pour 3 :ap:, il fracasse le coffre de sa pièce (2 :ap:), puis avance de 3 cases (1 :ap:).');
    expect(fr).toContain('Il reste 4 :ap: au joueur');
    // "Leona spends 1 Action Point to move: she moves 3 spaces."
    expect(en).toContain('Leona spends 1 :ap: to move: she moves 3 spaces.');
    expect(fr).toContain('Leona dépense 1 :ap: pour se déplacer : elle avance de 3 cases.');
    // "Paul spends 3 Action Points and takes the "Scrolls +2" Mission card. ... 2 scrolls are worth 5 ducats. ... Paul takes 9 ducats"
    expect(en).toContain('Paul spends 3 :ap: and takes the mission *Scrolls +2*');
    expect(en).toContain('2 scrolls are worth 5 ducats, and the mission adds 2 ducats per scroll, so Paul takes 9 ducats from the bank.');
    expect(fr).toContain('Paul prend 9 ducats à la banque.');
    // "Faras has the highest roll (6 is greater than 5), so he wins the fight. He steals a Red Gem from Tortok,
    // and forces him to run away 3 spaces."
    expect(en).toContain('Faras wins, 6 against 5: he steals a red gem from Tortok and makes him run away 3 spaces.');
    expect(fr).toContain('Faras gagne, 6 contre 5 : il vole une gemme rouge à Tortok et le fait fuir de 3 cases.');
    // "Tortok spent 1 Action Point to move and another Action Point to attack Faras."
    expect(en).toContain('Tortok spends 1 :ap: to move into Faras’s space and 1 :ap: to attack him.');
    // "The Powerful Blow card adds +1 to his highest roll"
    expect((items('arcana').find((a) => a.id === 'powerful-blow')!['text'] as { en: string }).en).toBe('Add 1 to your highest die.');
  });

  it('calls a gang « bande » in French, everywhere', () => {
    // The rulebook's one word, "gang", has one French word.
    for (const c of items('characters') as Character[]) expect(c.gang.name.fr, c.id).not.toMatch(/\bgang\b/i);
    expect(rules('fr')).not.toMatch(/\bgangs?\b/i);
  });
});

describe('Cadwallon: City of Thieves prints what its rulebook asks for', () => {
  const resolved = resolveGame(game, 'en');
  const MM = 72 / 25.4;

  /** Every rect of a face with the box it covers on the face, in mm. */
  function rects(list: DisplayItem[], m: Matrix = [1, 0, 0, 1, 0, 0], out: { x: number; y: number; w: number; h: number }[] = []) {
    for (const it of list) {
      if (it.type === 'group') {
        const t = it.transform ?? [1, 0, 0, 1, 0, 0];
        rects(it.items, [m[0] * t[0] + m[2] * t[1], m[1] * t[0] + m[3] * t[1], m[0] * t[2] + m[2] * t[3], m[1] * t[2] + m[3] * t[3], m[0] * t[4] + m[2] * t[5] + m[4], m[1] * t[4] + m[3] * t[5] + m[5]], out);
      } else if (it.type === 'rect') out.push({ x: (m[0] * it.x + m[4]) / MM, y: (m[3] * it.y + m[5]) / MM, w: (m[0] * it.width) / MM, h: (m[3] * it.height) / MM });
    }
    return out;
  }

  it('gives every adventure board three mission spaces that hold a 63 × 88 mm mission card', () => {
    // "The Adventure Board shows ... spaces for three Mission cards"; the mission cards are poker size, 63 × 88 mm.
    const set = resolved.sets.find((s) => s.id === 'adventures')!;
    const faces = layoutSet(resolved, set, () => {});
    expect(faces).toHaveLength(8);
    for (const face of faces) {
      const spaces = rects(face.list.items).filter((r) => r.w > 60 && r.w < 100 && r.h > 80 && r.h < 120);
      expect(spaces, face.item).toHaveLength(3);
      for (const s of spaces) {
        expect(s.w).toBeGreaterThanOrEqual(63 + 2);
        expect(s.h).toBeGreaterThanOrEqual(88 + 2);
        // Inside the trim, clear of the cut line.
        expect(s.x).toBeGreaterThanOrEqual(3);
        expect(s.y + s.h).toBeLessThanOrEqual(face.list.height / MM - 3);
      }
      const xs = spaces.map((s) => s.x).sort((a, b) => a - b);
      expect(xs[1]! - xs[0]!).toBeGreaterThanOrEqual(spaces[0]!.w);
      expect(xs[2]! - xs[1]!).toBeGreaterThanOrEqual(spaces[0]!.w);
    }
  });

  it('prints no text smaller than 6 pt on any component, in English or French', () => {
    for (const lang of ['en', 'fr']) {
      const game_ = resolveGame(game, lang);
      for (const set of game_.sets) {
        let smallest = Infinity;
        const walk = (list: DisplayItem[]) => {
          for (const it of list) {
            if (it.type === 'group') walk(it.items);
            else if (it.type === 'text') for (const run of it.runs) smallest = Math.min(smallest, run.size);
          }
        };
        for (const face of layoutSet(game_, set, () => {})) walk(face.list.items);
        expect(smallest, `${lang} ${set.id}`).toBeGreaterThanOrEqual(6);
      }
    }
  });

  it('prints the skill titles in gang colours, and secondary text in a grey, that read at 4.5:1 or more', () => {
    const palette = game.data!.palette as Record<string, string>;
    const lum = (hex: string) => {
      const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    };
    const contrast = (a: string, b: string) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
    for (const gang of ['executioners', 'nocturnis', 'kaldern', 'cursed', 'militia', 'incarnates']) {
      expect(contrast(palette[gang]!, palette['parchment']!), gang).toBeGreaterThanOrEqual(4.5);
    }
    // The grey of secondary text (treasure slots' caption, mission costs, card footers) on the three light papers.
    for (const under of ['paper', 'parchment', 'bone']) expect(contrast(palette['ash']!, palette[under]!), `ash on ${under}`).toBeGreaterThanOrEqual(4.5);
    // Event squares of the adventure board: their number and name are printed in paper on them.
    expect(palette['event-gold']).toBe('#896c1f');
    expect(contrast(palette['paper']!, palette['event-gold']!)).toBeCloseTo(4.61, 2);
  });

  it('tells the action point tokens of the four gangs apart by emblem as well as by colour', () => {
    const tokens = items('action-points') as (Item & { icon: string; color: string })[];
    expect(tokens.map((t) => [t.id, t.icon, t.color])).toEqual([
      ['ap-executioners', 'executioners', 'executioners'],
      ['ap-nocturnis', 'nocturnis', 'nocturnis'],
      ['ap-kaldern', 'kaldern', 'kaldern'],
      ['ap-cursed', 'cursed', 'cursed'],
    ]);
    const icons = game.data!.icons as Record<string, string>;
    expect(tokens.map((t) => icons[t.icon])).toEqual(['game-icons:executioner-hood', 'game-icons:wolf-howl', 'game-icons:lockpicks', 'game-icons:daemon-skull']);
  });
});
