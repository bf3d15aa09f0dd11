import { describe, expect, it } from 'vitest';
import { stableJson, stringifyStable } from '../../src/shared/stable-json.js';

describe('stable JSON', () => {
  it('sorts every object\'s keys as strings sort, integer-like keys too', () => {
    expect(stableJson({ b: 1, a: { '10': 1, '2': 2, '1': 3, z: [{ y: 1, x: 2 }] } })).toBe('{"a":{"1":3,"10":1,"2":2,"z":[{"x":2,"y":1}]},"b":1}');
    expect(stableJson({ é: 1, Z: 2, a: 3, _: 4 })).toBe('{"Z":2,"_":4,"a":3,"é":1}');
  });

  it('writes what JSON.stringify writes otherwise: toJSON, left-out and null values, numbers, escapes', () => {
    const value = { a: [1, undefined, () => 1, Symbol('s'), null, NaN, -0, 1e21, 1.5, Infinity], skipped: undefined, f: () => 1, date: new Date(0), buffer: Buffer.from('hi'), map: new Map([[1, 2]]), text: 'é\u2028"\\\n\u0001' };
    expect(stableJson(value)).toBe('{"a":[1,null,null,null,null,null,0,1e+21,1.5,null],"buffer":{"data":[104,105],"type":"Buffer"},"date":"1970-01-01T00:00:00.000Z","map":{},"text":"é\u2028\\"\\\\\\n\\u0001"}');
    expect(JSON.parse(stableJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
    expect(stableJson([undefined, { a: undefined }, {}, [], ''])).toBe('[null,{},{},[],""]');
    expect(stableJson({ toJSON: (key: string) => `key "${key}"` })).toBe('"key \\"\\""');
    expect(stableJson([{ toJSON: (key: string) => key }])).toBe('["0"]');
  });

  it('indents two spaces like JSON.stringify, with a final newline, empty containers on one line', () => {
    const value = { b: [1, [], {}, { d: null, c: [true] }], a: 'x' };
    expect(stringifyStable(value)).toBe('{\n  "a": "x",\n  "b": [\n    1,\n    [],\n    {},\n    {\n      "c": [\n        true\n      ],\n      "d": null\n    }\n  ]\n}\n');
    expect(stringifyStable(value)).toBe(`${JSON.stringify({ a: 'x', b: [1, [], {}, { c: [true], d: null }] }, null, 2)}\n`);
  });

  it('writes a value of millions of pieces whole, equal to JSON.stringify of the sorted value', () => {
    const cards = Array.from({ length: 20_000 }, (_, i) => ({ Nickname: `Card ${i}`, GUID: i.toString(16).padStart(6, '0'), Transform: { scaleX: 1, posY: i / 7, posX: -i }, CardID: i * 100 + 1, Tags: [], Flags: { Locked: i % 2 === 0 } }));
    const sortedCards = cards.map((c) => ({ CardID: c.CardID, Flags: c.Flags, GUID: c.GUID, Nickname: c.Nickname, Tags: c.Tags, Transform: { posX: c.Transform.posX, posY: c.Transform.posY, scaleX: 1 } }));
    const text = stringifyStable({ ObjectStates: cards, SaveName: 'Big' });
    expect(text).toBe(`${JSON.stringify({ ObjectStates: sortedCards, SaveName: 'Big' }, null, 2)}\n`);
    expect(text.length).toBeGreaterThan(5_000_000);
  });

  it('refuses a value that holds itself, a bigint, and a value with no JSON form', () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop['self'] = { back: loop };
    expect(() => stableJson(loop)).toThrow(/holds itself/);
    expect(() => stableJson({ n: 1n })).toThrow(/bigint/);
    expect(() => stableJson(undefined)).toThrow(/no JSON form/);
    // The same object twice, side by side, is not a loop.
    const shared = { x: 1 };
    expect(stableJson([shared, shared])).toBe('[{"x":1},{"x":1}]');
  });
});
