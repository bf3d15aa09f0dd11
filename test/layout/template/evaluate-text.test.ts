import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TextItem } from '../../../src/shared/display-list.js';
import { tempDir } from '../../helpers.js';
import { layOut } from './lay-out.js';

const LONG = 'A rule far too long for the little box it was given, which no size can make fit';

/** Cards whose texts repeat: the same cost on three, a rule too long for its box on two. */
function gameWithTexts(): string {
  const game = path.join(tempDir('pocketpress-texts-'), 'text-game');
  for (const sub of ['sets', 'templates']) mkdirSync(path.join(game, sub), { recursive: true });
  writeFileSync(path.join(game, 'game.yaml'), 'id: text-game\ntitle: Texts\nlanguages: [en]\nplayers: {min: 1, max: 4}\nplayTime: {min: 10, max: 20}\nsets: [sets/cards.yaml]\n');
  writeFileSync(
    path.join(game, 'sets', 'cards.yaml'),
    'id: cards\nkind: cards\nname: Cards\nsize: poker\nfront: face\nfields:\n  type: object\n  properties:\n    cost: {type: string}\n    rule: {type: string}\nitems:\n' +
      `  - id: one\n    cost: "3"\n    rule: "${LONG}"\n  - id: two\n    cost: "3"\n    rule: Draw one.\n  - id: three\n    cost: "5"\n    rule: "${LONG}"\n  - id: four\n    cost: "3"\n    rule: Draw one.\n`,
  );
  writeFileSync(
    path.join(game, 'templates', 'face.yaml'),
    'elements:\n' +
      '  - {type: text, text: "{{item.cost}}", x: 5mm, y: 5mm, width: 10mm, height: 10mm, size: 14, color: "#202020"}\n' +
      '  - {type: text, text: "{{item.rule}}", x: 5mm, y: 20mm, width: 20mm, height: 6mm, size: 10, minSize: 9, color: "#202020"}\n' +
      '  - {type: text, text: "{{item.cost}}", x: 40mm, y: 5mm, width: 10mm, height: 10mm, size: 14, color: "#202020"}\n',
  );
  return game;
}


const textsOf = (items: readonly unknown[]) => items as TextItem[];

describe('texts repeated across the cards of a set', () => {
  it('gives every card the same layout of the same text, as objects of its own', () => {
    const { faces } = layOut(gameWithTexts());
    const [one, two, three, four] = faces.map((f) => textsOf(f.list.items));
    // The cost "3" of cards one, two and four: equal runs, at the same place, not shared objects.
    expect(two![0]).toEqual(one![0]);
    expect(four![0]).toEqual(one![0]);
    expect(two![0]).not.toBe(one![0]);
    expect(two![0]!.runs[0]).not.toBe(one![0]!.runs[0]);
    expect(one![0]!.runs).toHaveLength(1);
    expect(one![0]!.runs[0]).toMatchObject({ text: '3', size: 14, color: '#202020' });
    expect(one![0]!.runs[0]!.x).toBeCloseTo((5 * 72) / 25.4, 3);
    // The same text in another box is laid out there.
    expect(one![2]!.runs[0]!.text).toBe('3');
    expect(one![2]!.runs[0]!.x).toBeCloseTo(one![0]!.runs[0]!.x + (35 * 72) / 25.4, 3);
    // Another cost is another layout.
    expect(three![0]!.runs[0]!.text).toBe('5');
    expect(two![1]!.runs.map((r) => r.text).join('')).toBe('Draw one.');
  });

  it('reports a text that does not fit on every card that has it, each at its own item', () => {
    const { problems } = layOut(gameWithTexts());
    const overflows = problems.filter((p) => p.code === 'text-overflow');
    expect(overflows.map((p) => [path.basename(p.file), p.pointer])).toEqual([
      ['cards.yaml', '/items/0/rule'],
      ['cards.yaml', '/items/2/rule'],
    ]);
    expect(overflows[1]!.message).toBe(overflows[0]!.message);
    expect(overflows[0]!.message).toMatch(/does not fit its 20 × 6 mm box in the set "cards" even at 9 pt/);
  });
});
