// The facts the source of "Cadwallon in my pocket" states, read back from content/: each
// expectation quotes or names the line of the source it comes from, and fails if the content
// strays from it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutSet } from '../../src/build/build-game.js';
import { resolveGame } from '../../src/resolve/resolve-game.js';
import type { DisplayItem } from '../../src/shared/display-list.js';
import { ROOT } from '../helpers.js';
import { loadGameFacts } from './game-facts.js';

const GAME = 'cadwallon-in-my-pocket';
const DIR = path.join(ROOT, 'content', GAME);
const facts = loadGameFacts(GAME);
const game = facts.game;
const items = facts.items;

interface Slot {
  hour: number;
  kind: 'skeletons' | 'item' | 'event';
  skeletons?: number;
  health?: number;
  sanity?: number;
  event?: string;
  text?: { en: string; fr: string };
}

/** A card's three slots as the source prints them: "skeletons N", "item", "event" or "event ±1". */
function card(id: string): string[] {
  const found = items('dev-cards').find((i) => i.id === id);
  if (!found) throw new Error(`no card ${id}`);
  return (found['slots'] as Slot[]).map((s) =>
    s.kind === 'skeletons' ? `skeletons ${s.skeletons}` : s.kind === 'item' ? 'item' : s.health ? `event ${s.health > 0 ? '+' : ''}${s.health}` : 'event',
  );
}

const rules = (lang: 'en' | 'fr') => readFileSync(path.join(DIR, 'rules', `${lang}.md`), 'utf8').replace(/\u00a0|\u202f/g, ' ');

describe('Cadwallon in my pocket follows its source (seed 000)', () => {
  it('has the eight development cards of the source, slot by slot (9 pm, 10 pm, 11 pm)', () => {
    // Source, the first card: "9:00 pm skeletons 4 / 11:00 pm skeletons 6 / 10:00 pm A fat poops in your eye. -1 health".
    expect(card('dev-sword')).toEqual(['skeletons 4', 'event -1', 'skeletons 6']);
    // "9:00 pm you try hard not to wet yourself. / 11:00 pm skeletons 6 / 10:00 pm item" … "oil".
    expect(card('dev-oil')).toEqual(['event', 'item', 'skeletons 6']);
    // "9:00 pm item / 11:00 pm your soul isn't wanted here. -1 health / 10:00 pm skeletons 5" … "femur".
    expect(card('dev-femur')).toEqual(['item', 'skeletons 5', 'event -1']);
    // "9:00 pm skeletons 4 / 11:00 pm item / 10:00 pm you sense your impending doom. -1 health" … "arrows".
    expect(card('dev-arrows')).toEqual(['skeletons 4', 'event -1', 'item']);
    // "9:00 pm slip on nasty goo. -1 health / 11:00 pm the smell of blood is in the air. / 10:00 pm skeletons 4" … "cudgel".
    expect(card('dev-cudgel')).toEqual(['event -1', 'skeletons 4', 'event']);
    // "9:00 pm item / 11:00 pm something icky in your mouth. -1 health / 10:00 pm skeletons 4" … "board with nails".
    expect(card('dev-board-with-nails')).toEqual(['item', 'skeletons 4', 'event -1']);
    // "9:00 pm skeletons 3 / 11:00 pm skeletons 5 / 10:00 pm you hear terrible screams" … "crossbow".
    expect(card('dev-crossbow')).toEqual(['skeletons 3', 'event', 'skeletons 5']);
    // "9:00 pm candybar in your pocket. +1 health / 11:00 pm skeletons 4 / 10:00 pm item" … "elixir".
    expect(card('dev-elixir')).toEqual(['event +1', 'item', 'skeletons 4']);
  });

  it('reads every card at the three hours of the source, 9, 10 and 11 pm', () => {
    // Source: "The game starts at 9pm. An hour has passed each time you need to draw a dev card and there are none left";
    // the cards print "9:00 pm", "10:00 pm", "11:00 pm".
    for (const c of items('dev-cards')) expect((c['slots'] as Slot[]).map((s) => s.hour), c.id).toEqual([21, 22, 23]);
  });

  it('finds the nine items of the source, one per card', () => {
    // Source, items list: board w/ nails, elixir, femur, cudgel, candle, crossbow, sword, oil, arrows.
    const found = items('dev-cards').map((c) => (c['item'] as { id: string }).id).sort();
    expect(found).toEqual(['arrows', 'board-with-nails', 'candle', 'crossbow', 'cudgel', 'elixir', 'femur', 'oil', 'sword']);
  });

  it('uses sanity on the events the optional rules name, and nowhere else', () => {
    // Source, Sanity: "You would lose 1 sanity with the 'your impending doom' card, 'your soul isn't wanted here' card,
    // 'slipped on nasty goo' card and 'something icky in your mouth' card" and "gain 1 sanity for the 'a spark of hope' card".
    const sanity: Record<string, number> = {};
    for (const c of items('dev-cards')) for (const s of c['slots'] as Slot[]) if (s.sanity) sanity[s.event!] = s.sanity;
    expect(sanity).toEqual({ 'impending-doom': -1, 'unwelcome-soul': -1, 'nasty-goo': -1, 'icky-mouth': -1, 'spark-of-hope': 1 });
  });

  it('starts the play sheet at attack 1, health 6 and sanity 3, and lists the three hours', () => {
    // Source, Setup: "Record your starting attack (1) and health (6) scores"; Sanity: "The hero has 3 sanity".
    const sheet = items('play-sheet')[0]!;
    const starts = (sheet['tracks'] as { icon: string; start: number }[]).map((t) => [t.icon, t.start]);
    expect(starts).toEqual([['skull', 1], ['heart', 6], ['eye', 3]]);
    // Source, Setup: "Note the starting time of 9pm"; the hours run to 11 pm.
    expect((sheet['hours'] as { en: string }[]).map((h) => h.en)).toEqual(['9 pm', '10 pm', '11 pm']);
  });

  it('has 8 city and 8 manor tiles, the foyer and library in the manor and the general store in the city', () => {
    // Source, Spectral streets: "The tarot game is hidden in the general store, and you must be in the library to make it magical";
    // Moving in the manor: "When you enter, place the foyer tile"; ZIMP's 8 outdoor and 8 indoor tiles.
    expect(items('city-tiles').reduce((n, i) => n + (i.count ?? 1), 0)).toBe(8);
    expect(items('manor-tiles').reduce((n, i) => n + (i.count ?? 1), 0)).toBe(8);
    expect(items('city-tiles').map((i) => i.id)).toEqual(expect.arrayContaining(['start', 'temple', 'general-store', 'manor-gate']));
    expect(items('manor-tiles').map((i) => i.id)).toEqual(expect.arrayContaining(['foyer', 'library']));
    // "the manor tile, which is marked by a brown sphere".
    expect(items('city-tiles').find((i) => i.id === 'manor-gate')!['marker']).toBe('brown-sphere');
  });

  it('states the rules with the source numbers, in English and in French', () => {
    const en = rules('en');
    const fr = rules('fr');
    // Source, Setup: "Shuffle the dev cards, and discard the top 2 cards face-down".
    expect(en).toContain('Put the top 2 aside, unseen.');
    expect(fr).toContain('Écartez-en 2 sans les regarder.');
    // Source, Combat: "You can never lose more than 4 health points in one battle".
    expect(en).toContain('You lose **at most 4 health** per fight');
    expect(fr).toContain('Vous perdez **4 points de vie au plus** par combat');
    // Source, Covering: "You regain 3 health points, but lose time: discard the top dev card without resolving".
    expect(en).toContain('regain **3 health**, but discard the top development card unread');
    expect(fr).toContain('regagnez **3 points de vie**, mais défaussez la première carte sans la lire');
    // Source, Alley: "3 skeletons come out of an alley".
    expect(en).toContain('**3 skeletons** burst from an alley');
    expect(fr).toContain('**3 squelettes** jaillissent d’une venelle');
    // Source, Items: "You may only hold two items at once".
    expect(en).toContain('Carry at most **two**');
    expect(fr).toContain('Portez-en **deux** au plus');
    // Source, Optional rules: "Cowering gives you 2 health (instead of 3)", "Health may not go above 6".
    expect(en).toContain('Cowering gives 2 health, not 3.');
    expect(en).toContain('Health never goes above 6.');
  });

  it('lets the hero run away to any tile already explored, at the cost of 1 health', () => {
    // Source, Running away: "You can choose to avoid combat by running into any previously explored tile.
    // The skeletons swipes at you as you leave, taking away 1 health point."
    expect(rules('en')).toContain('you may flee to any tile you have already explored. A parting blow costs **1 health**');
    expect(rules('fr')).toContain('vous pouvez fuir vers n’importe quelle tuile déjà explorée. Un coup dans le dos coûte **1 point de vie**');
  });

  it('gives the items the bonuses of the source', () => {
    const en = rules('en');
    // Source: "Board w/ nails - add 1 to attack score", "Femur - add 1", "Cudgel - add 1".
    expect(en).toContain('| Board with nails, Cudgel, Femur | Weapon: +1 attack. |');
    // "Sword - add 2 attack score".
    expect(en).toContain('| Sword | Weapon: +2 attack. |');
    // "Crossbow - add 3 to attack score. Only has enough arrows for 2 battles."
    expect(en).toContain('| Crossbow | Weapon: +3 attack, for 2 fights. |');
    // "Elixir - add 2 to health points."
    expect(en).toContain('+2 health');
  });
});

describe('Cadwallon in my pocket prints what its rules need', () => {
  /** Every face of a set, laid out. */
  function faces(lang: string, set: string) {
    const resolved = resolveGame(game, lang);
    return layoutSet(resolved, resolved.sets.find((s) => s.id === set)!, () => {});
  }

  it('prints no text smaller than 6 pt on any component, in English or French', () => {
    for (const lang of ['en', 'fr']) {
      for (const set of ['dev-cards', 'city-tiles', 'manor-tiles', 'play-sheet']) {
        let smallest = Infinity;
        const walk = (list: DisplayItem[]) => {
          for (const it of list) {
            if (it.type === 'group') walk(it.items);
            else if (it.type === 'text') for (const run of it.runs) smallest = Math.min(smallest, run.size);
          }
        };
        for (const face of faces(lang, set)) walk(face.list.items);
        expect(smallest, `${lang} ${set}`).toBeGreaterThanOrEqual(6);
      }
    }
  });

  it('marks each sanity event with an eye at least 3 mm tall', () => {
    // Source, Sanity: the four "-1 health" events and "a spark of hope" change sanity instead, with the variant.
    const eye = (createRequire(import.meta.url)('@iconify-json/game-icons/icons.json') as { icons: Record<string, { body: string }> }).icons['semi-closed-eye']!.body;
    const eyePath = /d="([^"]{40})/.exec(eye)![1]!;
    const sanityEvents = items('dev-cards').flatMap((c) => (c['slots'] as Slot[]).filter((s) => s.sanity)).length;
    expect(sanityEvents).toBe(5);
    let marks = 0;
    const walk = (list: DisplayItem[]) => {
      for (const it of list) {
        if (it.type === 'group') walk(it.items);
        else if (it.type === 'image' && it.source.svg?.includes(eyePath) && it.height >= (3 * 72) / 25.4 - 0.01) marks++;
      }
    };
    for (const face of faces('en', 'dev-cards')) walk(face.list.items);
    expect(marks).toBe(sanityEvents);
  });

  it('gives the play sheet a bleed, so no white edge shows after cutting', () => {
    const sheet = faces('en', 'play-sheet')[0]!.list;
    expect(sheet.bleed).toBeCloseTo((3 * 72) / 25.4, 3);
    // The parchment of the palette fills the whole sheet, bleed included.
    expect(sheet.background).toBe('#f1e6c8');
  });

  it('keeps the gate of the manor gate and the foyer 2 mm inside the cut line', () => {
    const MM = 72 / 25.4;
    for (const [set, id] of [['city-tiles', 'manor-gate'], ['manor-tiles', 'foyer']] as const) {
      const face = faces('en', set).find((f) => f.item === id)!.list;
      const gates: { x: number; y: number; w: number; h: number }[] = [];
      const walk = (list: DisplayItem[]) => {
        for (const it of list) {
          if (it.type === 'group') walk(it.items);
          else if (it.type === 'rect' && it.dash && it.strokeWidth) gates.push({ x: it.x, y: it.y, w: it.width, h: it.height });
        }
      };
      walk(face.items);
      expect(gates, id).toHaveLength(1);
      const g = gates[0]!;
      const stroke = 0.2 * MM;
      expect(Math.min(g.x, g.y, face.width - g.x - g.w, face.height - g.y - g.h) - stroke, id).toBeGreaterThanOrEqual(1.75 * MM);
    }
  });
});
