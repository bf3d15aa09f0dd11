/** The module of validators compiled ahead of time (see precompile.ts), beside the compiled validators.js that loads it. */
export const PRECOMPILED_FILE = 'schema-validators.cjs';

/** The export of that module that validates a schema against JSON Schema's own (draft 2020-12). */
export const FIELD_META = 'fieldMeta';
