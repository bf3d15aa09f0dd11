import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../src/content/load-yaml.js';
import { BUDGETS } from '../../src/shared/budgets.js';

describe('the budget of values a YAML file may hold', () => {
  it('stops a file of more values than the budget at the first value past it, with its line and column, before parsing it', () => {
    // `ids: [a,a,a,…]` on line 2: each value a character and a comma.
    const count = BUDGETS.yamlScalars + 5;
    const text = `# a pasted column\nids: [${Array.from({ length: count }, () => 'a').join(',')}]\n`;
    const loaded = parseYaml('/game/sets/ids.yaml', text);
    expect(loaded.data).toBeUndefined();
    expect(loaded.diagnostics).toHaveLength(1);
    // Scalars counted: the key "ids", then the values; the first past the budget is value number yamlScalars.
    const column = 'ids: ['.length + 2 * (BUDGETS.yamlScalars - 1) + 1;
    expect(loaded.diagnostics[0]).toMatchObject({ severity: 'error', code: 'out-of-range', file: '/game/sets/ids.yaml', line: 2, column });
    expect(loaded.diagnostics[0]!.message).toMatch(/more than 100 000 values/);
  });

  it('parses a file that cannot hold more values than the budget (one character a value at least) without counting them', () => {
    const values = Math.floor((BUDGETS.yamlScalars - 'ids: []\n'.length) / 2);
    const text = `ids: [${Array.from({ length: values }, () => 'a').join(',')}]\n`;
    expect(text.length).toBeLessThanOrEqual(BUDGETS.yamlScalars);
    const loaded = parseYaml('/game/sets/ids.yaml', text);
    expect(loaded.diagnostics).toEqual([]);
    expect((loaded.data as { ids: string[] }).ids).toHaveLength(values);
  });
});
