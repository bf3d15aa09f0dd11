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

  it('says where the text stops being UTF-8, and names UTF-16', () => {
    const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
    expect(decodeText(bytes('a: 1\nb: caf\u00e9\n'))).toMatchObject({ code: 'not-utf8', line: 2, column: 7 });
    expect(decodeText(bytes('a: 1\nb: \u00c3\u00a9t\u00e9\n'))).toMatchObject({ code: 'not-utf8', line: 2, column: 6 });
    expect(decodeText(bytes('a: 1\n\nbb: x\u0000y\n'))).toMatchObject({ code: 'binary-file', line: 3, column: 6 });
    const utf16 = decodeText(new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id: x\n', 'utf16le')])));
    expect(utf16).toMatchObject({ code: 'not-utf8', line: 1, column: 1 });
    expect('problem' in utf16 && utf16.problem).toMatch(/UTF-16/);
    expect(decodeText(new Uint8Array(Buffer.from('id: x\nname: y\n', 'utf16le')))).toMatchObject({ code: 'not-utf8' });
  });

  it('refuses an alias inside the node its anchor names, at the alias', () => {
    const loop = parseYaml('/v/a.yaml', 'a: 1\nextra: &x {a: *x}\n');
    expect(loop.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['alias-limit', 2, 15]]);
    const merge = parseYaml('/v/a.yaml', 'a: 1\nextra: &m\n  b: 1\n  <<: *m\n');
    expect(merge.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['alias-limit', 4, 7]]);
  });

  it('counts the values of a file before parsing it, and refuses past the budget at the value that passes it', () => {
    const text = `a: 1\nlist: [${Array.from({ length: 100_010 }, () => '0').join(', ')}]\n`;
    const loaded = parseYaml('/v/a.yaml', text);
    expect(loaded.data).toBeUndefined();
    expect(loaded.diagnostics.map((d) => [d.code, d.line])).toEqual([['out-of-range', 2]]);
    // "a", "1" and "list" come first: the 100 001st value is entry 99 998 of the list.
    expect(loaded.diagnostics[0]!.column).toBe(8 + 3 * (99_998 - 1));
  });
});
