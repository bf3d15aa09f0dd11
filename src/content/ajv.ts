import type { AnySchema, KeywordCxt, ValidateFunction } from 'ajv';
// The code builders come from ajv's codegen module: its main module would load the draft-07 ajv too.
import { _, Ajv2020, Name, strConcat } from '../vendor/ajv.js';
import { LANG_PATTERN } from '../shared/language-code.js';
import { ASSET_KEYWORD, LENGTH_KEYWORD, LOCALIZED_KEYWORD } from './schema/keywords.js';

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

const LANG = new RegExp(LANG_PATTERN);

function looksLocalized(data: unknown): boolean {
  if (typeof data === 'string') return true;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return false;
  const entries = Object.entries(data);
  return entries.length > 0 && entries.every(([k, v]) => LANG.test(k) && typeof v === 'string');
}

/** The validator's `this`: a run's Marks (see runValidator), undefined when it is called without one. */
const THIS = new Name('this');
const INSTANCE_PATH = new Name('instancePath');

/**
 * The code a marking keyword adds to a validator: the value and where it is, pushed onto a list of
 * the Marks the validator is called with. Written as code (not as a function the validator
 * calls) so that a validator compiled ahead of time, as standalone JavaScript, marks the same.
 */
function markCode(list: keyof Marks, extra?: (cxt: KeywordCxt) => ReturnType<typeof _>) {
  return (cxt: KeywordCxt): void => {
    const { gen, data, it } = cxt;
    const pointer = strConcat(INSTANCE_PATH, it.errorPath);
    const entry = extra ? _`{pointer: ${pointer}, value: ${data}, ${extra(cxt)}}` : _`{pointer: ${pointer}, value: ${data}}`;
    gen.if(THIS, () => gen.code(_`${THIS}.${new Name(list)}.push(${entry})`));
  };
}

/**
 * One ajv for every schema: draft 2020-12, every error at once, strict about the schemas
 * themselves, and the annotation keywords that feed the cross-checks. `source` keeps the code
 * of what it compiles, to write validators as a module ahead of time (see precompile.ts).
 * `checked`: what it compiles was checked against JSON Schema's meta-schema already, so ajv
 * does not check it again (which would compile the meta-schema at run time: 33 ms a build).
 */
export function createAjv(options: { source?: boolean; checked?: boolean } = {}): Ajv2020 {
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
    // The marking keywords push onto the Marks a validator is called with (runValidator).
    passContext: true,
    // The schemas of the content files are compiled ahead of time; what is compiled at run time
    // (the schema of a set's items) is small, and skipping the optimizing passes halves its compile time.
    code: options.source ? { source: true } : { optimize: false },
    validateSchema: !options.checked,
  });
  ajv.addKeyword({
    keyword: LOCALIZED_KEYWORD,
    schemaType: 'boolean',
    errors: false,
    // Keywords run inside every branch of a union, even one the value does not match:
    // runValidator keeps only values shaped like a text.
    code: markCode('localized'),
  });
  ajv.addKeyword({
    keyword: ASSET_KEYWORD,
    schemaType: ['boolean', 'array'],
    errors: false,
    code: markCode('assets', (cxt) => _`kinds: ${cxt.schemaValue}`),
  });
  ajv.addKeyword({
    keyword: LENGTH_KEYWORD,
    schemaType: 'boolean',
    errors: false,
    code: markCode('lengths'),
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
  const valid = validate.call(marks, data) as boolean;
  marks.localized = marks.localized.filter((m) => looksLocalized(m.value));
  marks.lengths = marks.lengths.filter((m) => typeof m.value === 'number' || typeof m.value === 'string');
  return { valid, errors: validate.errors ? [...validate.errors] : [], marks };
}

export type { AnySchema };
