import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { PRECOMPILED, precompiledStale } from '../../bin/compile.js';
import { createAjv, runValidator } from '../../src/content/ajv.js';
import { precompiledValidatorsCode } from '../../src/content/precompile.js';
import { FIELD_DEFS, FILE_SCHEMAS, ItemBase } from '../../src/content/schema/index.js';
import { FIXTURES, ROOT, runCli } from '../helpers.js';

/** The generated module, loaded from a file beside the checkout's node_modules (it requires ajv's runtime). */
function loadGenerated(): Record<string, unknown> {
  const dir = path.join(ROOT, '.cache', `precompiled-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'validators.cjs');
  writeFileSync(file, precompiledValidatorsCode());
  try {
    return createRequire(import.meta.url)(file) as Record<string, unknown>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A value as text, cycles cut (an ajv error holds the data, which an alias may make cyclic). */
function show(value: unknown, stack: unknown[] = []): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? String(value);
  if (stack.includes(value)) return '[cycle]';
  stack.push(value);
  const inner = Array.isArray(value)
    ? `[${value.map((v) => show(v, stack)).join(',')}]`
    : `{${Object.keys(value).map((k) => `${JSON.stringify(k)}:${show((value as Record<string, unknown>)[k], stack)}`).join(',')}}`;
  stack.pop();
  return inner;
}

/** The YAML files of the invalid fixtures, parsed, by path. */
function invalidFiles(): [string, unknown][] {
  const dir = path.join(FIXTURES, 'invalid');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.ya?ml$/.test(f));
  return files.flatMap((f): [string, unknown][] => {
    try {
      return [[f, parse(readFileSync(path.join(dir, f), 'utf8'))]];
    } catch {
      return [];
    }
  });
}

describe('validators compiled ahead of time', () => {
  const generated = loadGenerated();
  const runtime = createAjv();
  const compiled = Object.fromEntries(Object.entries(FILE_SCHEMAS).map(([name, schema]) => [name, runtime.compile(schema)]));

  it('exports a validator for every file schema, and the parts of an item schema', () => {
    expect(Object.keys(generated).sort()).toEqual(['fieldDefs', 'fieldMeta', 'game', 'itemBase', 'printers', 'project', 'set', 'template']);
    expect(generated['fieldDefs']).toEqual(JSON.parse(JSON.stringify(FIELD_DEFS)));
    expect(generated['itemBase']).toEqual(JSON.parse(JSON.stringify(ItemBase)));
  });

  it('finds the same errors, with the same schemas and data, and marks the same values as the validators compiled at run time', () => {
    let errors = 0;
    let marked = 0;
    for (const [file, data] of invalidFiles()) {
      for (const name of ['game', 'set', 'template'] as const) {
        const ahead = runValidator(generated[name] as ValidateFunction, data);
        const now = runValidator(compiled[name]!, data);
        expect(show(ahead), `${file} as ${name}`).toBe(show(now));
        errors += now.errors.length;
        marked += now.marks.localized.length + now.marks.assets.length + now.marks.lengths.length;
      }
    }
    // The comparison saw real errors and real marks.
    expect(errors).toBeGreaterThan(100);
    expect(marked).toBeGreaterThan(50);
  });

  it('check a field schema against JSON Schema as ajv does', () => {
    const fieldSchemas: unknown[] = [
      { properties: { a: { type: 'strin' } } },
      { properties: { a: { enum: 'x' } }, required: 'a' },
      { type: 'object', properties: { name: { $ref: '#/$defs/text' }, n: { type: 'integer', minimum: 'a' } } },
      { properties: { a: { anyOf: [{ type: 1 }] }, b: { items: { prefixItems: 3 } } } },
      { $defs: { x: { type: ['string', 'nope'] } }, additionalProperties: 'no' },
      ...invalidFiles().flatMap(([, data]) => ((data as Record<string, unknown> | null)?.['fields'] ? [(data as Record<string, unknown>)['fields']] : [])),
    ];
    const meta = generated['fieldMeta'] as ValidateFunction;
    let invalid = 0;
    for (const fields of fieldSchemas) {
      const valid = runtime.validateSchema(fields as object);
      expect(show([meta(fields), meta.errors]), JSON.stringify(fields)).toBe(show([valid, runtime.errors]));
      if (!valid) invalid++;
    }
    expect(invalid).toBeGreaterThanOrEqual(5);
    expect(fieldSchemas.length).toBeGreaterThan(10);
  });

  it('a broken set gives the precompiled validator the errors a user reads, at their pointers', () => {
    const data = { id: 'Bad Id', kind: 'cardz', size: 'poker', front: 'front', items: [{ id: 'a' }], extra: 1 };
    const run = runValidator(generated['set'] as ValidateFunction, data);
    expect(run.valid).toBe(false);
    expect(run.errors.map((e) => `${e.instancePath} ${e.keyword}`).sort()).toEqual(
      runValidator(compiled['set']!, data).errors.map((e) => `${e.instancePath} ${e.keyword}`).sort(),
    );
    expect(run.errors.map((e) => `${e.instancePath} ${e.keyword}`)).toEqual(expect.arrayContaining(['/id pattern', '/kind anyOf', ' additionalProperties', ' required']));
  });

  it('the compiled CLI, which loads them, prints the same diagnostics as the sources, which compile the schemas', async () => {
    expect(precompiledStale(ROOT)).toBe(false);
    expect(readFileSync(path.join(ROOT, 'dist', PRECOMPILED), 'utf8')).toContain('exports.game = ');
    for (const fixture of ['bad-value', 'unknown-key', 'wrong-type', 'bad-length', 'missing-key', 'template-errors', 'bad-field-schema', 'reserved-field']) {
      const dir = path.join(FIXTURES, 'invalid', fixture);
      const spawned = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'pocketpress.js'), 'validate', dir, '--format', 'json'], { cwd: ROOT, encoding: 'utf8' });
      const inProcess = await runCli(['validate', dir, '--format', 'json']);
      expect({ fixture, code: spawned.status, stdout: spawned.stdout }).toEqual({ fixture, code: inProcess.code, stdout: inProcess.stdout });
      expect(spawned.status, fixture).toBe(1);
    }
  });
});
