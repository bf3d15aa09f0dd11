import type { ValidateFunction } from 'ajv';
import { fileURLToPath } from 'node:url';
import { valueAt } from '../shared/json-pointer.js';
import { stableJson } from '../shared/stable-json.js';
import { didYouMean } from '../diagnostics/did-you-mean.js';
import { loadCommonJs } from '../shared/code-cache.js';
import { createAjv } from './ajv.js';
import { FIELD_META, PRECOMPILED_FILE } from './precompile-file.js';

/** The file schemas that have a validator of their own. */
export type FileSchemaName = 'game' | 'set' | 'template' | 'project' | 'printers';

interface SchemaValidators {
  validators: Record<FileSchemaName, ValidateFunction>;
  fieldDefs: Record<string, unknown>;
  /** JSON Schema's meta-schema, compiled ahead of time (else the run-time ajv's validateSchema is used). */
  fieldMeta?: ValidateFunction;
  itemBase: { description?: string; properties: Record<string, unknown> };
}

/**
 * The validators compiled ahead of time (see precompile.ts), with the code V8 compiled for them
 * (see code-cache.ts), or undefined where there are none: the sources run as they are (tests),
 * before the first compilation.
 */
function loadPrecompiled(): SchemaValidators | undefined {
  const loaded = loadCommonJs(fileURLToPath(new URL(`./${PRECOMPILED_FILE}`, import.meta.url)));
  if (!loaded) return undefined;
  const module = loaded.exports;
  const { fieldDefs, itemBase, [FIELD_META]: fieldMeta, ...validators } = module;
  return {
    validators: validators as SchemaValidators['validators'],
    fieldDefs: fieldDefs as SchemaValidators['fieldDefs'],
    fieldMeta: fieldMeta as ValidateFunction,
    itemBase: itemBase as SchemaValidators['itemBase'],
  };
}

/** The same validators compiled now, from the schema definitions. */
async function compileNow(): Promise<SchemaValidators> {
  const { FILE_SCHEMAS, FIELD_DEFS, ItemBase } = await import('./schema/index.js');
  const compiler = createAjv();
  const validators = Object.fromEntries(Object.entries(FILE_SCHEMAS).map(([name, schema]) => [name, compiler.compile(schema)]));
  return { validators: validators as SchemaValidators['validators'], fieldDefs: FIELD_DEFS, itemBase: ItemBase };
}

const schemas = loadPrecompiled() ?? (await compileNow());

/** The validator of one kind of content file. */
export function fileValidator(name: FileSchemaName): ValidateFunction {
  return schemas.validators[name];
}

/** The validators of game.yaml, set files and templates. */
export function coreValidators(): { game: ValidateFunction; set: ValidateFunction; template: ValidateFunction } {
  return { game: schemas.validators.game, set: schemas.validators.set, template: schemas.validators.template };
}

/** Definitions a set's field schema can reference as "#/$defs/<name>". */
export const FIELD_DEFS: Readonly<Record<string, unknown>> = schemas.fieldDefs;

/** Keys of a field schema that describe the item as a whole and are merged into the item schema. */
const OBJECT_LEVEL = new Set(['properties', 'required', '$defs', 'additionalProperties', 'type', '$schema', 'description', 'title']);

/**
 * The schema of one item of a set: id and count, plus the set's own fields. Unknown keys are
 * errors unless the field schema says otherwise.
 */
export function itemSchemaFor(fields: Record<string, unknown>): Record<string, unknown> {
  const properties = (fields['properties'] as Record<string, unknown> | undefined) ?? {};
  const required = Array.isArray(fields['required']) ? (fields['required'] as unknown[]) : [];
  const defs = (fields['$defs'] as Record<string, unknown> | undefined) ?? {};
  const extra = Object.fromEntries(Object.entries(fields).filter(([k]) => !OBJECT_LEVEL.has(k)));
  return {
    type: 'array',
    $defs: { ...FIELD_DEFS, ...defs },
    items: {
      ...extra,
      type: 'object',
      description: typeof fields['description'] === 'string' ? fields['description'] : schemas.itemBase.description,
      properties: { ...schemas.itemBase.properties, ...properties },
      required: ['id', ...required],
      additionalProperties: fields['additionalProperties'] ?? false,
    },
  };
}

let ajv: ReturnType<typeof createAjv> | undefined;

/**
 * The ajv that compiles item schemas at run time (made on first use). A field schema is
 * compiled only once fieldSchemaProblems found nothing wrong with it as JSON Schema, and the
 * rest of an item schema is ours: ajv does not check them again.
 */
function runtimeAjv(): ReturnType<typeof createAjv> {
  ajv ??= createAjv({ checked: true });
  return ajv;
}

/** What is wrong with a field schema as JSON Schema (draft 2020-12), at pointers inside it. */
export function fieldSchemaProblems(fields: Record<string, unknown>): { pointer: string; message: string }[] {
  if ('$id' in fields) return [{ pointer: '/$id', message: 'a field schema may not set "$id"; leave it out' }];
  // A schema naming its own dialect ($schema) is checked by ajv itself, as it says.
  const meta = '$schema' in fields ? undefined : schemas.fieldMeta;
  const compiler = meta ? undefined : runtimeAjv();
  if (meta ? meta(fields) : compiler!.validateSchema(fields)) return [];
  const seen = new Set<string>();
  return ((meta ? meta.errors : compiler!.errors) ?? [])
    .filter((e) => !['anyOf', 'oneOf', 'if', 'then'].includes(e.keyword))
    .map((e) => {
      const where = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'the field schema';
      const allowed = e.keyword === 'enum' ? (e.params as { allowedValues: unknown[] }).allowedValues.filter((v) => typeof v === 'string') as string[] : [];
      const found = valueAt(fields, e.instancePath);
      const message = allowed.length > 0 ? `${where} must be one of ${allowed.join(', ')}${typeof found === 'string' ? didYouMean(found, allowed) : ''}` : `${where} ${e.message ?? 'is not valid'}`;
      return { pointer: e.instancePath, message };
    })
    .filter((p) => !seen.has(p.pointer) && seen.add(p.pointer) !== undefined);
}

/**
 * Each item schema compiled so far, by its JSON: ajv keeps every schema it compiles (by the
 * schema object, new at each check), so a process that checks again and again (`build
 * --watch`, the preview) compiled each set's schema again after every save (City of Thieves:
 * 11 sets, 85 ms a save) and held every copy.
 */
const compiledItems = new Map<string, { validate: ValidateFunction } | { problem: string }>();
const MAX_COMPILED_ITEMS = 256;

/** Compiles the validator of a set's items, once fieldSchemaProblems found none; a field schema ajv cannot compile gives the reason instead. */
export function compileItemsValidator(fields: Record<string, unknown>): { validate: ValidateFunction } | { problem: string } {
  const schema = itemSchemaFor(fields);
  const key = stableJson(schema);
  let compiled = compiledItems.get(key);
  if (!compiled) {
    try {
      compiled = { validate: runtimeAjv().compile(schema) };
    } catch (error) {
      compiled = { problem: (error as Error).message.replace(/^strict mode: /, '') };
    }
    if (compiledItems.size >= MAX_COMPILED_ITEMS) compiledItems.delete(compiledItems.keys().next().value!);
    compiledItems.set(key, compiled);
  }
  return compiled;
}
