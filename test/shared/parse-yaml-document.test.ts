import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseYamlDocument } from '../../src/shared/parse-yaml-document.js';

const duplicates = (errors: readonly { code: string; pos: [number, number] }[]) => errors.filter((e) => e.code === 'DUPLICATE_KEY').map((e) => e.pos[0]);

describe('parseYamlDocument', () => {
  it('finds the keys a map holds again where yaml does', () => {
    const texts = [
      'a: 1\nb: 2\na: 3\n',
      '{a: 1, b: 2, a: 3}',
      'a: 1\n"a": 2\n\'a\': 3\n',
      '1: x\n"1": y\n1: z\n',
      'x:\n  y: 1\n  y: 2\nz:\n  y: 3\n',
      '- {k: 1, k: 2}\n- k: 1\n  k: 2\n  k: 3\n',
      '? [a]\n: 1\n? [a]\n: 2\n',
      'base: &b {a: 1}\nother:\n  <<: *b\n  <<: *b\n',
      '&anchor a: 1\na: 2\n',
      ': 1\n: 2\n',
      '.nan: 1\n.nan: 2\ntrue: 1\nTrue: 2\nnull: 1\n~: 2\n',
      'a: 1\nb: [\nc: 2\nc: 3\n',
    ];
    for (const text of texts) {
      const theirs = parseDocument(text, { uniqueKeys: true, prettyErrors: false, strict: true, merge: true });
      const ours = parseYamlDocument(text, { prettyErrors: false, strict: true, merge: true });
      expect(duplicates(ours.errors), text).toEqual(duplicates(theirs.errors));
      expect(ours.errors.filter((e) => e.code !== 'DUPLICATE_KEY').map((e) => e.code), text).toEqual(theirs.errors.filter((e) => e.code !== 'DUPLICATE_KEY').map((e) => e.code));
    }
    expect(duplicates(parseYamlDocument('a: 1\nb: 2\na: 3\n').errors)).toEqual([10]);
  });

  it('reads a map of 50 000 keys, one of them twice', () => {
    const keys = Array.from({ length: 50_000 }, (_, i) => `key-${i}: ${i}`);
    keys.push('key-49990: again');
    const text = keys.join('\n') + '\n';
    const doc = parseYamlDocument(text);
    expect(duplicates(doc.errors)).toEqual([text.lastIndexOf('key-49990')]);
    expect(Object.keys(doc.toJS() as object)).toHaveLength(50_000);
  });
});
