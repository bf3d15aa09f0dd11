import { parseDocument, isScalar } from 'yaml';
import { describe, expect, it } from 'vitest';
import { findYamlNode } from '../../src/content/find-yaml-node.js';
import { valueAt } from '../../src/shared/json-pointer.js';
import { applyTextEdits, EditError } from '../../src/translate/edit-yaml.js';
import { splitFrontMatter } from '../../src/content/front-matter.js';

const SOURCE = 'base: &b {en: Hi, fr: Salut}\nitems:\n  - id: oil\n    name: *b\n  - id: "a/b"\n    tags: [x, y]\n';

describe('findYamlNode: the one walk over a YAML document', () => {
  const doc = parseDocument(SOURCE);

  it('walks map keys and list indexes, and tells how deep the path exists', () => {
    const found = findYamlNode(doc, ['items', 1, 'tags', '1']);
    expect(found.depth).toBe(4);
    expect(isScalar(found.node) && found.node.value).toBe('y');
    expect(found.node!.range![0]).toBe(SOURCE.indexOf('y]'));
    const key = findYamlNode(doc, ['items', '0', 'name']).keyNode!;
    expect(SOURCE.slice(key.range![0], key.range![1])).toBe('name');
  });

  it('follows aliases on the way, and stops at the deepest existing part', () => {
    const through = findYamlNode(doc, ['items', '0', 'name', 'fr']);
    expect(through.depth).toBe(4);
    expect(isScalar(through.node) && through.node.value).toBe('Salut');
    expect(findYamlNode(doc, ['items', '7', 'name']).depth).toBe(1);
    expect(findYamlNode(doc, ['items', '', 'id']).depth).toBe(1);
    expect(findYamlNode(doc, ['items', '0', 'cost']).depth).toBe(2);
  });
});

describe('the callers of findYamlNode', () => {
  it('edit-yaml finds the text through an alias and refuses to edit the anchored one', () => {
    expect(() => applyTextEdits(SOURCE, [{ pointer: '/items/0/name', lang: 'de', text: 'Hallo' }])).toThrow(EditError);
    expect(() => applyTextEdits(SOURCE, [{ pointer: '/items/0/name', lang: 'de', text: 'Hallo' }])).toThrow(/anchor \(&b\)/);
    const plain = 'items:\n  - id: oil\n    name: {en: Oil}\n';
    expect(applyTextEdits(plain, [{ pointer: '/items/0/name', lang: 'fr', text: 'Huile' }])).toBe('items:\n  - id: oil\n    name: {en: Oil, fr: Huile}\n');
  });

  it('front matter lines come from the same walk, lists included', () => {
    const front = splitFrontMatter('---\nstyle:\n  size: 8\n  fonts:\n    - a\n    - b\n---\n');
    expect(front.lineOf(['style', 'size'])).toBe(3);
    expect(front.lineOf(['style', 'fonts', 1])).toBe(4);
    expect(front.lineOf(['style', 'missing'])).toBe(2);
  });
});

describe('valueAt: a value of plain data by JSON Pointer', () => {
  const data = { items: [{ id: 'oil', 'a/b': { '~x': 3 } }], n: null };
  it('reads own keys and list indexes, with ~0 and ~1 unescaped', () => {
    expect(valueAt(data, '/items/0/id')).toBe('oil');
    expect(valueAt(data, '/items/0/a~1b/~0x')).toBe(3);
    expect(valueAt(data, ['items', '0', 'a/b', '~x'])).toBe(3);
    expect(valueAt(data, '')).toBe(data);
  });
  it('is undefined past a missing step, a non-index, an inherited key or a null', () => {
    expect(valueAt(data, '/items/1/id')).toBeUndefined();
    expect(valueAt(data, '/items/first')).toBeUndefined();
    expect(valueAt(data, '/items/0/constructor')).toBeUndefined();
    expect(valueAt(data, '/n/x')).toBeUndefined();
  });
});
