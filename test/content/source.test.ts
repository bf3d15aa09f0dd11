import { describe, expect, it } from 'vitest';
import { MAX_ALIAS_COUNT, parseYaml, decodeText } from '../../src/content/load-yaml.js';
import { locate } from '../../src/content/source.js';
import { fromPointer, toPointer } from '../../src/shared/json-pointer.js';

const text = [
  'id: dev', // 1
  'title:', // 2
  '  en: Oil', // 3
  '  fr: Huile', // 4
  'items:', // 5
  '  - id: oil', // 6
  '    cuont: 2', // 7
  '    slots: [{kind: item}, {kind: skeletons, n: 4}]', // 8
  'anchor: &a {x: 1}', // 9
  'alias: *a', // 10
].join('\n');

describe('source positions', () => {
  const loaded = parseYaml('/virtual/dev.yaml', text);

  it('parses without problems', () => {
    expect(loaded.diagnostics).toEqual([]);
  });

  it('finds a value, a key, and the owner of a map', () => {
    expect(locate(loaded.file, loaded.doc, '/items/0/cuont', 'key')).toEqual({ line: 7, column: 5, endLine: 7, endColumn: 10 });
    expect(locate(loaded.file, loaded.doc, '/items/0/cuont', 'value')).toEqual({ line: 7, column: 12, endLine: 7, endColumn: 13 });
    expect(locate(loaded.file, loaded.doc, '/title', 'owner')).toEqual({ line: 2, column: 1, endLine: 2, endColumn: 6 });
    expect(locate(loaded.file, loaded.doc, '/items/0', 'owner')).toEqual({ line: 6, column: 5, endLine: 6, endColumn: 12 });
  });

  it('finds values inside flow collections', () => {
    expect(locate(loaded.file, loaded.doc, '/items/0/slots/1/n')).toEqual({ line: 8, column: 48, endLine: 8, endColumn: 49 });
    expect(locate(loaded.file, loaded.doc, '/items/0/slots/1', 'owner')).toEqual({ line: 8, column: 27, endLine: 8, endColumn: 50 });
  });

  it('follows aliases to the anchored value', () => {
    expect(locate(loaded.file, loaded.doc, '/alias/x')).toEqual({ line: 9, column: 16, endLine: 9, endColumn: 17 });
  });

  it('falls back to the nearest existing parent for a missing path', () => {
    expect(locate(loaded.file, loaded.doc, '/items/0/nope')).toEqual({ line: 6, column: 5, endLine: 6, endColumn: 12 });
    expect(locate(loaded.file, loaded.doc, '/items/7')).toEqual({ line: 5, column: 1, endLine: 5, endColumn: 6 });
  });

  it('escapes JSON Pointer segments both ways', () => {
    expect(toPointer(['a/b', 'c~d', 3])).toBe('/a~1b/c~0d/3');
    expect(fromPointer('/a~1b/c~0d/3')).toEqual(['a/b', 'c~d', '3']);
  });
});

describe('parsing YAML safely', () => {
  it('reports an empty or comment-only file', () => {
    expect(parseYaml('/v/a.yaml', '').diagnostics.map((d) => d.code)).toEqual(['empty-file']);
    expect(parseYaml('/v/a.yaml', '# only a comment\n').diagnostics.map((d) => d.code)).toEqual(['empty-file']);
    expect(parseYaml('/v/a.yaml', '~\n').diagnostics.map((d) => d.code)).toEqual(['empty-file']);
  });

  it('reports the first syntax error only, counting the echoes after it', () => {
    const text = 'id: a\ndescription: {unquoted: [x, y\nitems:\n  - id: b\n    name: c\n  - id: d\n';
    const d = parseYaml('/v/a.yaml', text).diagnostics;
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ code: 'yaml-syntax', line: 3 });
    expect(d[0]!.message).toMatch(/\(\d+ more syntax errors? after this one, most likely caused by it\)$/);
  });

  it('reports each duplicate key at the second occurrence', () => {
    const d = parseYaml('/v/a.yaml', 'a: 1\nb: 2\na: 3\n').diagnostics;
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ code: 'duplicate-key', line: 3, column: 1, endColumn: 2, message: 'a appears twice in the same map; keep one' });
  });

  it('refuses more than the alias limit, allows ordinary anchors', () => {
    const fine = parseYaml('/v/a.yaml', 'base: &b {size: poker}\none: *b\ntwo: *b\n');
    expect(fine.diagnostics).toEqual([]);
    expect(fine.data).toEqual({ base: { size: 'poker' }, one: { size: 'poker' }, two: { size: 'poker' } });
    const wide = `a: &a [${Array(40).fill('1').join(',')}]\nb: &b [${Array(40).fill('*a').join(',')}]\nc: [${Array(40).fill('*b').join(',')}]\n`;
    expect(MAX_ALIAS_COUNT).toBeLessThan(40 * 40);
    expect(parseYaml('/v/a.yaml', wide).diagnostics.map((d) => d.code)).toEqual(['alias-limit']);
  });

  it('reads a byte-order mark as nothing, and refuses NUL bytes and bad UTF-8', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toEqual({ text: 'a' });
    expect(decodeText(new Uint8Array([0x61, 0x00]))).toMatchObject({ code: 'binary-file' });
    expect(decodeText(new Uint8Array([0x61, 0xe9, 0x62]))).toMatchObject({ code: 'not-utf8' });
  });
});
