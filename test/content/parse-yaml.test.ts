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

describe('the parses a watching process keeps', () => {
  it('gives a file saved again with the same text the same parse, with data of its own; another text is parsed afresh', async () => {
    const { rememberParsedYaml } = await import('../../src/content/load-yaml.js');
    rememberParsedYaml();
    const text = 'id: cards\nitems:\n  - {id: a, power: 1}\n  - {id: a, power: 2}\nunknown key: [\n';
    const first = parseYaml('/game/sets/kept.yaml', text);
    const again = parseYaml('/game/sets/kept.yaml', text);
    expect(again.doc).toBe(first.doc);
    expect(again.diagnostics).toEqual(first.diagnostics);
    expect(again.diagnostics.length).toBeGreaterThan(0);
    const good = 'id: cards\nitems:\n  - {id: a, power: 1}\n';
    const used = parseYaml('/game/sets/kept.yaml', good);
    expect(used.doc).not.toBe(first.doc);
    // What a build does to its data (a default filled in) does not reach the next build.
    (used.data as { items: { power: number; added?: boolean }[] }).items[0]!.added = true;
    const next = parseYaml('/game/sets/kept.yaml', good);
    expect(next.doc).toBe(used.doc);
    expect(next.data).toEqual({ id: 'cards', items: [{ id: 'a', power: 1 }] });
    expect(next.data).not.toBe(used.data);
    // Nor what it does to a diagnostic.
    next.diagnostics.push({ severity: 'warning', code: 'x', message: 'x', file: 'x', line: 1, column: 1, endLine: 1, endColumn: 2 });
    expect(parseYaml('/game/sets/kept.yaml', good).diagnostics).toEqual([]);
  });
});
