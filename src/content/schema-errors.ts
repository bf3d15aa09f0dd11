import type { ErrorObject } from 'ajv';
import { closestMatch } from '../diagnostics/did-you-mean.js';
import type { Target } from './source.js';

/** A schema problem, ready to be placed in its file. */
export interface SchemaProblem {
  code: string;
  message: string;
  /** JSON Pointer relative to the validated data. */
  pointer: string;
  target: Target;
}

type AjvError = ErrorObject & { parentSchema?: Record<string, unknown>; data?: unknown };

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a map of keys',
  null: 'nothing (null)',
};

/** How a value found in the content reads in a message. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 37)}...` : value;
    return `the text "${shown}"`;
  }
  if (typeof value === 'number') return Number.isInteger(value) ? `the number ${value}` : `the number ${value}`;
  if (typeof value === 'boolean') return `${value}`;
  if (Array.isArray(value)) return `a list of ${value.length}`;
  return 'a map of keys';
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(expected: string, value: unknown): boolean {
  const actual = jsonType(value);
  return expected === actual || (expected === 'number' && actual === 'integer');
}

function expectedFromTypes(types: unknown): string {
  const list = Array.isArray(types) ? types : [types];
  return list.map((t) => TYPE_WORDS[String(t)] ?? String(t)).join(' or ');
}

function descriptionOf(schema: Record<string, unknown> | undefined): string | undefined {
  const d = schema?.['description'];
  return typeof d === 'string' ? d : undefined;
}

function quoteList(values: readonly unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ');
}

function suggestion(value: unknown, candidates: readonly unknown[]): string {
  if (typeof value !== 'string') return '';
  const match = closestMatch(
    value,
    candidates.filter((c): c is string => typeof c === 'string'),
  );
  return match === undefined ? '' : `; did you mean "${match}"?`;
}

function isUnion(e: AjvError): boolean {
  return e.keyword === 'anyOf' || e.keyword === 'oneOf';
}

function branchOf(union: AjvError, e: AjvError): number | undefined {
  if (e === union) return undefined;
  const prefix = `${union.schemaPath}/`;
  if (!e.schemaPath.startsWith(prefix)) return undefined;
  if (e.instancePath !== union.instancePath && !e.instancePath.startsWith(`${union.instancePath}/`)) return undefined;
  const index = Number(e.schemaPath.slice(prefix.length).split('/')[0]);
  return Number.isInteger(index) ? index : undefined;
}

const VALUE_KEYWORDS = new Set(['pattern', 'const', 'enum', 'format', 'anyOf', 'oneOf', 'minLength', 'maxLength']);

/** A branch the value cannot be meant for: its type, or its constants, are of another type. */
function incompatible(branchErrors: AjvError[], at: string, value: unknown): boolean {
  return branchErrors.some((e) => {
    if (e.instancePath !== at) return false;
    if (e.keyword === 'type') return true;
    if (e.keyword === 'const') return jsonType((e.params as { allowedValue: unknown }).allowedValue) !== jsonType(value);
    if (e.keyword === 'enum') {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
      return !allowed.some((a) => jsonType(a) === jsonType(value));
    }
    return false;
  });
}

function allowedConstants(errors: AjvError[]): unknown[] {
  const out: unknown[] = [];
  for (const e of errors) {
    if (e.keyword === 'const') out.push((e.params as { allowedValue: unknown }).allowedValue);
    if (e.keyword === 'enum') out.push(...(e.params as { allowedValues: unknown[] }).allowedValues);
  }
  return out;
}

/**
 * Replaces each failed anyOf/oneOf and its branches' errors with what the user meant: the
 * errors of the branch whose type fits the value, or one message naming what was expected.
 */
function collapseUnions(errors: AjvError[]): AjvError[] {
  const removed = new Set<AjvError>();
  const replaced = new Map<AjvError, AjvError>();
  const unions = errors.filter(isUnion).sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  for (const union of unions) {
    if (removed.has(union)) continue;
    const branches = new Map<number, AjvError[]>();
    for (const e of errors) {
      const index = branchOf(union, e);
      if (index === undefined || removed.has(e)) continue;
      const list = branches.get(index) ?? [];
      list.push(e);
      branches.set(index, list);
    }
    const all = [...branches.values()].flat();
    const compatible = [...branches.values()].filter((list) => !incompatible(list, union.instancePath, union.data));
    compatible.sort((a, b) => a.length - b.length);
    const chosen = compatible[0];
    const description = descriptionOf(union.parentSchema);
    if (!chosen) {
      for (const e of all) removed.add(e);
      const types = [...new Set(all.filter((e) => e.keyword === 'type').map((e) => (e.params as { type: string }).type))];
      replaced.set(union, {
        ...union,
        keyword: 'type',
        params: { type: types },
        message: `expected ${description ?? expectedFromTypes(types)}, found ${describeValue(union.data)}`,
      });
      continue;
    }
    for (const e of all) if (!chosen.includes(e)) removed.add(e);
    const shallow = chosen.every((e) => e.instancePath === union.instancePath && VALUE_KEYWORDS.has(e.keyword));
    if (shallow) {
      for (const e of chosen) removed.add(e);
      const constants = allowedConstants(all);
      const onlyConstants = [...branches.values()].every((list) => list.every((e) => e.keyword === 'const' || e.keyword === 'enum'));
      const list = constants.length > 0 && (onlyConstants || !description) ? `one of ${quoteList(constants)}` : (description ?? 'another value');
      replaced.set(union, {
        ...union,
        keyword: 'enum',
        message: `expected ${list}, found ${describeValue(union.data)}${suggestion(union.data, constants)}`,
      });
    } else {
      removed.add(union);
    }
  }
  return errors.filter((e) => !removed.has(e)).map((e) => replaced.get(e) ?? e);
}

function problemFor(e: AjvError): SchemaProblem {
  const at = e.instancePath;
  const parent = e.parentSchema;
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = (e.params as { additionalProperty: string }).additionalProperty;
      const properties = parent?.['properties'];
      const allowed = properties && typeof properties === 'object' ? Object.keys(properties) : [];
      const hint = suggestion(key, allowed) || (allowed.length > 0 ? `; allowed here: ${allowed.join(', ')}` : '');
      return { code: 'unknown-key', message: `"${key}" is not allowed here${hint}`, pointer: `${at}/${escape(key)}`, target: 'key' };
    }
    case 'unevaluatedProperties': {
      const key = (e.params as { unevaluatedProperty: string }).unevaluatedProperty;
      return { code: 'unknown-key', message: `"${key}" is not allowed here`, pointer: `${at}/${escape(key)}`, target: 'key' };
    }
    case 'required': {
      const key = (e.params as { missingProperty: string }).missingProperty;
      const properties = parent?.['properties'] as Record<string, Record<string, unknown>> | undefined;
      const what = descriptionOf(properties?.[key]);
      return { code: 'missing-key', message: `missing "${key}"${what ? `: ${what}` : ''}`, pointer: at, target: 'owner' };
    }
    case 'type': {
      if (e.message?.startsWith('expected ')) return { code: 'wrong-type', message: e.message, pointer: at, target: 'value' };
      const expected = (e.params as { type: unknown }).type;
      const description = descriptionOf(parent);
      const wanted = expectedFromTypes(expected);
      return {
        code: 'wrong-type',
        message: `expected ${wanted}${description ? ` (${description})` : ''}, found ${describeValue(e.data)}`,
        pointer: at,
        target: 'value',
      };
    }
    case 'enum':
    case 'const': {
      if (e.message?.startsWith('expected ')) return { code: 'bad-value', message: e.message, pointer: at, target: 'value' };
      const allowed = e.keyword === 'enum' ? (e.params as { allowedValues: unknown[] }).allowedValues : [(e.params as { allowedValue: unknown }).allowedValue];
      return {
        code: 'bad-value',
        message: `expected ${allowed.length === 1 ? JSON.stringify(allowed[0]) : `one of ${quoteList(allowed)}`}, found ${describeValue(e.data)}${suggestion(e.data, allowed)}`,
        pointer: at,
        target: 'value',
      };
    }
    case 'pattern':
    case 'format': {
      const description = descriptionOf(parent);
      return {
        code: 'bad-value',
        message: `expected ${description ?? `text matching ${(e.params as { pattern?: string }).pattern ?? 'the format'}`}, found ${describeValue(e.data)}`,
        pointer: at,
        target: 'value',
      };
    }
    case 'discriminator': {
      const params = e.params as { tag: string; tagValue: unknown; error: string };
      const mapping = (parent?.['oneOf'] as Record<string, unknown>[] | undefined) ?? [];
      const tags = mapping.map((s) => (s['properties'] as Record<string, { const?: unknown }> | undefined)?.[params.tag]?.const);
      const tagPointer = `${at}/${escape(params.tag)}`;
      if (params.error === 'tag') {
        return { code: 'missing-key', message: `missing "${params.tag}": one of ${quoteList(tags)}`, pointer: at, target: 'owner' };
      }
      return {
        code: 'bad-value',
        message: `expected "${params.tag}" to be one of ${quoteList(tags)}, found ${describeValue(params.tagValue)}${suggestion(params.tagValue, tags)}`,
        pointer: tagPointer,
        target: 'value',
      };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const p = e.params as { comparison: string; limit: number };
      const words: Record<string, string> = { '>=': 'at least', '<=': 'at most', '>': 'more than', '<': 'less than' };
      return {
        code: 'out-of-range',
        message: `expected a number ${words[p.comparison] ?? p.comparison} ${p.limit}, found ${describeValue(e.data)}`,
        pointer: at,
        target: 'value',
      };
    }
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
    case 'minLength':
    case 'maxLength': {
      const limit = (e.params as { limit: number }).limit;
      const least = e.keyword.startsWith('min');
      const unit = e.keyword.endsWith('Items') ? 'entries' : e.keyword.endsWith('Properties') ? 'keys' : 'characters';
      const found =
        Array.isArray(e.data) ? e.data.length : typeof e.data === 'string' ? e.data.length : e.data && typeof e.data === 'object' ? Object.keys(e.data).length : 0;
      const noun = limit === 1 ? unit.replace(/ies$/, 'y').replace(/s$/, '') : unit;
      return {
        code: 'out-of-range',
        message: `expected ${least ? 'at least' : 'at most'} ${limit} ${noun}, found ${found}`,
        pointer: at,
        target: 'value',
      };
    }
    case 'uniqueItems': {
      const p = e.params as { i: number; j: number };
      return { code: 'duplicate-value', message: `entries ${p.j + 1} and ${p.i + 1} of this list are the same; each may appear once`, pointer: `${at}/${p.i}`, target: 'value' };
    }
    case 'multipleOf':
      return { code: 'bad-value', message: `expected a multiple of ${(e.params as { multipleOf: number }).multipleOf}, found ${describeValue(e.data)}`, pointer: at, target: 'value' };
    case 'not':
      return { code: 'bad-value', message: `${describeValue(e.data)} is not allowed here`, pointer: at, target: 'value' };
    case 'contains':
      return { code: 'bad-value', message: `this list needs ${describeContains(e)} that matches its field schema`, pointer: at, target: 'value' };
    case 'dependentRequired': {
      const p = e.params as { property: string; missingProperty: string };
      return { code: 'missing-key', message: `"${p.property}" needs "${p.missingProperty}" beside it`, pointer: at, target: 'owner' };
    }
    default:
      return { code: 'bad-value', message: `${describeValue(e.data)} does not match the field schema (${e.keyword})`, pointer: at, target: 'value' };
  }
}

function describeContains(e: AjvError): string {
  const p = e.params as { minContains?: number };
  return p.minContains && p.minContains > 1 ? `at least ${p.minContains} entries` : 'an entry';
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Turns ajv's errors into one readable problem per real mistake. */
export function schemaProblems(errors: readonly ErrorObject[]): SchemaProblem[] {
  const all = errors as AjvError[];
  // An if/then failure is told by the errors of its "then"; the errors inside a failed
  // "contains" are its attempts on each entry, not mistakes of their own.
  const containsPaths = all.filter((e) => e.keyword === 'contains').map((e) => e.schemaPath + '/');
  const kept = all.filter((e) => e.keyword !== 'if' && !containsPaths.some((p) => e.schemaPath.startsWith(p)));
  return collapseUnions(kept).map(problemFor);
}
