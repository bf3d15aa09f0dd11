import { describe, expect, it } from 'vitest';
import { conditionPaths, evaluateCondition, parseCondition } from '../../../src/shared/expressions/conditions.js';

const scope = {
  item: { kind: 'event', health: -1, exits: ['north', 'east'], art: '', name: 'Oil', count: 2 },
  slot: { kind: 'skeletons', skeletons: 4 },
};

describe('when: conditions', () => {
  it.each([
    ['item.name', true],
    ['item.art', false],
    ['item.missing', false],
    ['!item.art', true],
    ['not item.missing', true],
    ["item.kind == 'event'", true],
    ['item.kind == "item"', false],
    ["item.kind != 'event'", false],
    ['item.health == -1', true],
    ['item.health < 0', true],
    ['slot.skeletons >= 4 and slot.skeletons <= 5', true],
    ['slot.skeletons > 4 || item.count == 2', true],
    ["'north' in item.exits", true],
    ["'south' in item.exits", false],
    ["item.exits", true],
    ["item.exits.length == 2", true],
    ["item.exits.0 == 'north'", true],
    ["(item.art or item.name) and not item.missing", true],
    ['true', true],
    ['null', false],
    ["item.name > 3", false],
  ])('%s → %s', (source, expected) => {
    expect(evaluateCondition(parseCondition(source), scope)).toBe(expected);
  });

  it.each([
    ['item.name ==', /ends too early/],
    ['(item.name', /not closed/],
    ['item.name item.kind', /unexpected "item.kind"/],
    ['item.name === 3', /cannot read "= 3"/],
    ['@', /cannot read "@"/],
  ])('%s cannot be read', (source, message) => {
    expect(() => parseCondition(source)).toThrow(message);
  });

  it('lists the paths it reads', () => {
    expect(conditionPaths(parseCondition("slot.kind == 'event' and not (item.art or 'x' in item.tags)"))).toEqual([
      'slot.kind',
      'item.art',
      'item.tags',
    ]);
  });

  it('reads and evaluates a chain of 20 000 "or" terms, and as many "and"', () => {
    const terms = Array.from({ length: 20_000 }, (_, i) => `item.count == ${i + 3}`);
    expect(evaluateCondition(parseCondition(terms.join(' or ')), scope)).toBe(false);
    expect(evaluateCondition(parseCondition([...terms, 'item.count == 2'].join(' || ')), scope)).toBe(true);
    expect(evaluateCondition(parseCondition(['item.name', ...terms].join(' and ')), scope)).toBe(false);
    expect(conditionPaths(parseCondition(terms.join(' && ')))).toHaveLength(20_000);
  });

  it('refuses a condition nested more than 100 deep, saying so', () => {
    const nested = (n: number, open: string, close: string) => `${open.repeat(n)}item.name${close.repeat(n)}`;
    expect(evaluateCondition(parseCondition(nested(100, '(', ')')), scope)).toBe(true);
    expect(evaluateCondition(parseCondition(nested(100, '!', '')), scope)).toBe(true);
    expect(() => parseCondition(nested(101, '(', ')'))).toThrow('this condition nests "(", "not" or "!" more than 100 deep; write it flatter');
    expect(() => parseCondition(nested(5000, 'not ', ''))).toThrow('more than 100 deep');
  });
});
