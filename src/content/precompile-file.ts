/** The module of validators compiled ahead of time (see precompile.ts), beside the compiled validators.js that loads it. */
export const PRECOMPILED_FILE = 'schema-validators.cjs';
