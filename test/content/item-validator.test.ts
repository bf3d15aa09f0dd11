import { describe, expect, it } from 'vitest';
import { runValidator } from '../../src/content/ajv.js';
import { compileItemsValidator, fieldSchemaProblems } from '../../src/content/validators.js';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

describe('the validator of a set\'s items, compiled at run time', () => {
  const fields = { type: 'object', properties: { name: { type: 'string' }, power: { type: 'integer', minimum: 0 } }, required: ['name'] };

  it('is compiled from a field schema JSON Schema accepts, and finds each wrong item at its pointer', () => {
    expect(fieldSchemaProblems(fields)).toEqual([]);
    const compiled = compileItemsValidator(fields);
    if (!('validate' in compiled)) throw new Error(compiled.problem);
    const run = runValidator(compiled.validate, [{ id: 'a', name: 'Lantern', power: 2 }, { id: 'b', power: -1 }, { id: 'c', name: 'Key', power: 'x' }, { id: 'd', name: 'Moon', colour: 'red' }]);
    expect(run.errors.map((e) => `${e.instancePath} ${e.keyword}`).sort()).toEqual(['/1 required', '/1/power minimum', '/2/power type', '/3 additionalProperties']);
    expect(runValidator(compiled.validate, [{ id: 'a', name: 'Lantern' }]).valid).toBe(true);
  });

  it('checks a field schema naming its own dialect against that dialect at run time', () => {
    expect(fieldSchemaProblems({ $schema: DIALECT, properties: { power: { type: 'integr' } } }).map((p) => p.pointer)).toEqual(['/properties/power/type']);
    expect(fieldSchemaProblems({ $schema: DIALECT, properties: { power: { type: 'integer' } } })).toEqual([]);
    const compiled = compileItemsValidator({ $schema: DIALECT, properties: { power: { type: 'integer' } } });
    if (!('validate' in compiled)) throw new Error(compiled.problem);
    expect(runValidator(compiled.validate, [{ id: 'a', power: 1.5 }]).errors.map((e) => e.instancePath)).toEqual(['/0/power']);
  });

  it('gives a keyword ajv does not know as the reason it cannot compile, not a crash', () => {
    const compiled = compileItemsValidator({ properties: { power: { type: 'integer', minimumm: 0 } } });
    expect(compiled).toEqual({ problem: expect.stringMatching(/unknown keyword: "minimumm"/) });
  });

  it('is compiled once for a schema checked again (a save in a watching process), whatever object holds it, and again for another', () => {
    const first = compileItemsValidator({ properties: { title: { type: 'string' }, cost: { type: 'integer' } }, required: ['title'] });
    // The same schema written in another order, in new objects: the same validator.
    const again = compileItemsValidator({ required: ['title'], properties: { cost: { type: 'integer' }, title: { type: 'string' } } });
    if (!('validate' in first) || !('validate' in again)) throw new Error('not compiled');
    expect(again.validate).toBe(first.validate);
    const other = compileItemsValidator({ properties: { title: { type: 'string' }, cost: { type: 'number' } }, required: ['title'] });
    if (!('validate' in other)) throw new Error(other.problem);
    expect(other.validate).not.toBe(first.validate);
    expect(runValidator(first.validate, [{ id: 'a', title: 'T', cost: 1.5 }]).valid).toBe(false);
    expect(runValidator(other.validate, [{ id: 'a', title: 'T', cost: 1.5 }]).valid).toBe(true);
  });
});
