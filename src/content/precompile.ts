// Writes the validators of the content files as a CommonJS module, compiled ahead of time (at
// install, and by bin/compile.js whenever a schema changes), so that a run loads generated code
// instead of loading the schema definitions and compiling them.
import { standaloneCode } from '../vendor/ajv.js';
import { createAjv } from './ajv.js';
import { FIELD_DEFS, FILE_SCHEMAS, ItemBase } from './schema/index.js';

import { FIELD_META } from './precompile-file.js';

export { FIELD_META, PRECOMPILED_FILE } from './precompile-file.js';

/**
 * The source of the module: one export per file schema (a validator, the same as
 * `createAjv().compile(schema)` gives), the validator of JSON Schema itself (FIELD_META), and,
 * as JSON, the parts a set's item schema is made of at run time.
 */
export function precompiledValidatorsCode(): string {
  const ajv = createAjv({ source: true });
  const ids: Record<string, string> = {};
  for (const [name, schema] of Object.entries(FILE_SCHEMAS)) {
    ajv.addSchema(schema, name);
    ids[name] = name;
  }
  // And the meta-schema a set's field schema is checked against (ajv's validateSchema).
  ids[FIELD_META] = String(ajv.defaultMeta());
  // A CommonJS module: its default export is found under `default` of what is imported.
  const validators = standaloneCode.default(ajv, ids);
  const parts = `exports.fieldDefs = ${JSON.stringify(FIELD_DEFS)};\nexports.itemBase = ${JSON.stringify(ItemBase)};\n`;
  return `// Generated from src/content/schema by src/content/precompile.ts: do not edit.\n${validators}\n${parts}`;
}
