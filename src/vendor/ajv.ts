// ajv as the CLI loads it: one file in dist/ instead of its 80-odd modules (see VENDOR in bin/compile.js).
// A set's `fields:` is the designer's own JSON Schema, compiled at run time; the content files'
// schemas are compiled ahead of time (standaloneCode), by the same copy of ajv.
export { Ajv2020 } from 'ajv/dist/2020.js';
export { _, Name, strConcat } from 'ajv/dist/compile/codegen/index.js';
export { default as standaloneCode } from 'ajv/dist/standalone/index.js';
export type { AnySchema, ErrorObject, KeywordCxt, ValidateFunction } from 'ajv';
