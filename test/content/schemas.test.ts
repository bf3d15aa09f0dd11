import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { publishedSchemas } from '../../src/build/published-schemas.js';
import { describeReference } from '../../src/build/reference.js';
import { ROOT } from '../helpers.js';

const published = publishedSchemas();

/** Every property, at any depth, with the JSON path that leads to it. */
function properties(schema: unknown, trail = '#'): [string, Record<string, unknown>][] {
  if (!schema || typeof schema !== 'object') return [];
  const out: [string, Record<string, unknown>][] = [];
  const s = schema as Record<string, unknown>;
  const props = s['properties'] as Record<string, Record<string, unknown>> | undefined;
  for (const [k, v] of Object.entries(props ?? {})) out.push([`${trail}/properties/${k}`, v]);
  for (const [k, v] of Object.entries(s)) {
    if (k === 'properties') for (const [pk, pv] of Object.entries(v as object)) out.push(...properties(pv, `${trail}/properties/${pk}`));
    else if (v && typeof v === 'object') out.push(...properties(v, `${trail}/${k}`));
  }
  return out;
}

describe('published schemas', () => {
  it.each(Object.keys(published))('schemas/%s is up to date (npm run schemas writes it)', (name) => {
    expect(readFileSync(path.join(ROOT, 'schemas', name), 'utf8')).toBe(published[name]);
  });

  it.each(Object.keys(published))('%s compiles with a plain draft 2020-12 validator, without pocketpress keywords', (name) => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    expect(() => ajv.compile(JSON.parse(published[name]!))).not.toThrow();
  });

  it('a plain validator accepts a good set and rejects a mistyped key', () => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(JSON.parse(published['set.schema.json']!));
    const good = { id: 'a', kind: 'cards', name: { en: 'A', fr: 'A' }, size: 'poker', front: 'f', items: [{ id: 'x' }] };
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, sise: 'poker' })).toBe(false);
    expect(validate({ ...good, size: { width: '63mm', height: 88 } })).toBe(true);
    expect(validate({ ...good, size: { width: '63 furlongs', height: 88 } })).toBe(false);
  });

  it.each(Object.keys(published))('every property of %s is documented', (name) => {
    const undocumented = properties(JSON.parse(published[name]!))
      .filter(([, p]) => typeof p['description'] !== 'string' && !('$ref' in p) && !('const' in p))
      .map(([where]) => where);
    expect(undocumented).toEqual([]);
  });
});

describe('the reference', () => {
  it('docs/reference.md is up to date (npm run schemas writes it)', () => {
    expect(readFileSync(path.join(ROOT, 'docs', 'reference.md'), 'utf8')).toBe(describeReference());
  });

  it('lists every template element, every set kind and every named size with its millimetres', () => {
    const text = describeReference();
    for (const type of ['rect', 'ellipse', 'line', 'polygon', 'path', 'image', 'text', 'group']) expect(text).toContain(`#### \`${type}\``);
    expect(text).toContain('| `poker` | 63 × 88 |');
    expect(text).toContain('| `tarot` | 70 × 120 |');
    expect(text).toMatch(/Set kinds: `cards`, `tiles`, `tokens`, `boards`, `standees`, `sheets`/);
    expect(text).toMatch(/\| `align` \| `left` \\\| `center` \\\| `right` \\\| `justify` \|/);
    expect(text).toContain('npx pocketpress icons search');
  });
});
