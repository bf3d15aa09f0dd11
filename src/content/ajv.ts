import { Ajv2020 } from 'ajv/dist/2020.js';
import type { AnySchema, ValidateFunction } from 'ajv';
import { ASSET_KEYWORD, LANG_PATTERN, LENGTH_KEYWORD, LOCALIZED_KEYWORD } from './schema/common.js';

/** A value that the schema marks for a check after validation. */
export interface MarkedValue {
  /** JSON Pointer relative to the validated data. */
  pointer: string;
  value: unknown;
}

/** What one validation run found marked as localized text or as a path to a file. */
export interface Marks {
  localized: MarkedValue[];
  assets: (MarkedValue & { kinds: true | string[] })[];
  lengths: MarkedValue[];
}

let collecting: Marks | undefined;

const LANG = new RegExp(LANG_PATTERN);

function looksLocalized(data: unknown): boolean {
  if (typeof data === 'string') return true;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return false;
  const entries = Object.entries(data);
  return entries.length > 0 && entries.every(([k, v]) => LANG.test(k) && typeof v === 'string');
}

/**
 * One ajv for every schema: draft 2020-12, every error at once, strict about the schemas
 * themselves, and the annotation keywords that feed the cross-checks.
 */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allowUnionTypes: true,
    discriminator: true,
    verbose: true,
    logger: false,
    // The schemas are compiled at every start and the files they check are small: skipping the
    // optimizing passes halves the compile time, and validation stays far below a millisecond per file.
    code: { optimize: false },
  });
  ajv.addKeyword({
    keyword: LOCALIZED_KEYWORD,
    schemaType: 'boolean',
    errors: false,
    validate(_schema: boolean, data: unknown, _parent: unknown, cxt?: { instancePath: string }) {
      // Keywords run inside every branch of a union, even one the value does not match: keep
      // only values shaped like a text (a string, or a map of language codes to strings).
      if (looksLocalized(data)) collecting?.localized.push({ pointer: cxt?.instancePath ?? '', value: data });
      return true;
    },
  });
  ajv.addKeyword({
    keyword: ASSET_KEYWORD,
    schemaType: ['boolean', 'array'],
    errors: false,
    validate(schema: true | string[], data: unknown, _parent: unknown, cxt?: { instancePath: string }) {
      collecting?.assets.push({ pointer: cxt?.instancePath ?? '', value: data, kinds: schema });
      return true;
    },
  });
  ajv.addKeyword({
    keyword: LENGTH_KEYWORD,
    schemaType: 'boolean',
    errors: false,
    validate(_schema: boolean, data: unknown, _parent: unknown, cxt?: { instancePath: string }) {
      if (typeof data === 'number' || typeof data === 'string') collecting?.lengths.push({ pointer: cxt?.instancePath ?? '', value: data });
      return true;
    },
  });
  return ajv;
}

export interface ValidationRun {
  valid: boolean;
  errors: NonNullable<ValidateFunction['errors']>;
  marks: Marks;
}

/** Runs a compiled validator and collects the marked values it passed. */
export function runValidator(validate: ValidateFunction, data: unknown): ValidationRun {
  const marks: Marks = { localized: [], assets: [], lengths: [] };
  const previous = collecting;
  collecting = marks;
  try {
    const valid = validate(data) as boolean;
    return { valid, errors: validate.errors ? [...validate.errors] : [], marks };
  } finally {
    collecting = previous;
  }
}

export type { AnySchema };
