import type { ValidateFunction } from 'ajv';
import { valueAt } from '../shared/json-pointer.js';
import { didYouMean } from '../diagnostics/did-you-mean.js';
import { createAjv } from './ajv.js';
import { AssetPath, Color, Id, Length, LocalizedText } from './schema/common.js';
import { GameSchema } from './schema/game.js';
import { ItemBase, SetSchema } from './schema/set.js';
import { TemplateSchema } from './schema/template.js';

const ajv = createAjv();

let compiled: { game: ValidateFunction; set: ValidateFunction; template: ValidateFunction } | undefined;

/** The validators of game.yaml, set files and templates, compiled once. */
export function coreValidators() {
  compiled ??= {
    game: ajv.compile(GameSchema),
    set: ajv.compile(SetSchema),
    template: ajv.compile(TemplateSchema),
  };
  return compiled;
}

/** Definitions a set's field schema can reference as "#/$defs/<name>". */
export const FIELD_DEFS = {
  text: LocalizedText,
  length: Length,
  color: Color,
  asset: AssetPath('a file in the game folder, such as "art/skull.svg"'),
  id: Id,
} as const;

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
      description: typeof fields['description'] === 'string' ? fields['description'] : ItemBase.description,
      properties: { ...ItemBase.properties, ...properties },
      required: ['id', ...required],
      additionalProperties: fields['additionalProperties'] ?? false,
    },
  };
}

/** What is wrong with a field schema as JSON Schema (draft 2020-12), at pointers inside it. */
export function fieldSchemaProblems(fields: Record<string, unknown>): { pointer: string; message: string }[] {
  if ('$id' in fields) return [{ pointer: '/$id', message: 'a field schema may not set "$id"; leave it out' }];
  if (ajv.validateSchema(fields)) return [];
  const seen = new Set<string>();
  return (ajv.errors ?? [])
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

/** Compiles the validator of a set's items; a broken field schema gives the reason instead. */
export function compileItemsValidator(fields: Record<string, unknown>): { validate: ValidateFunction } | { problem: string } {
  try {
    return { validate: ajv.compile(itemSchemaFor(fields)) };
  } catch (error) {
    return { problem: (error as Error).message.replace(/^strict mode: /, '') };
  }
}
