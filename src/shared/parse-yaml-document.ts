import { isScalar, parseDocument, visit, YAMLParseError, type Document } from '../vendor/yaml.js';

type ParseOptions = NonNullable<Parameters<typeof parseDocument>[1]>;

/**
 * yaml's parseDocument, each map's keys told unique in one pass over it: yaml compares each key
 * with every key before it in its map (a lock file of 10 000 texts took 1.7 s to read; a 4 MB
 * file holding one map of 50 000 keys, minutes). A key that a map holds again is a
 * DUPLICATE_KEY error at that key, as yaml gives it: keys are the same when both are scalars
 * of the same value (a number and a string are not; nor are two maps).
 */
export function parseYamlDocument(text: string, options: Omit<ParseOptions, 'uniqueKeys'> = {}): Document {
  const doc = parseDocument(text, { ...options, uniqueKeys: false });
  visit(doc, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = pair.key;
        // NaN is no key's equal (yaml compares with ===).
        if (!isScalar(key) || Number.isNaN(key.value)) continue;
        if (!seen.has(key.value)) seen.add(key.value);
        else if (key.range) doc.errors.push(new YAMLParseError([key.range[0], key.range[0] + 1], 'DUPLICATE_KEY', 'Map keys must be unique'));
      }
    },
  });
  return doc;
}
