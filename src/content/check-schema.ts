import type { ValidateFunction } from 'ajv';
import { runValidator, type Marks } from './ajv.js';
import type { LoadedYaml } from './load-yaml.js';
import type { Report } from './model.js';
import { schemaProblems } from './schema-errors.js';
import { diagnosticAt } from './source.js';

/**
 * Validates data (at `prefix` inside its file) against a compiled schema, reports every
 * problem at its line, and returns what the schema marked for later checks (pointers made
 * absolute within the file).
 */
export function checkAgainstSchema(
  loaded: LoadedYaml,
  validate: ValidateFunction,
  data: unknown,
  report: Report,
  prefix = '',
): { valid: boolean; marks: Marks } {
  const run = runValidator(validate, data);
  for (const problem of schemaProblems(run.errors)) {
    report(diagnosticAt(loaded.file, loaded.doc, { ...problem, pointer: prefix + problem.pointer }));
  }
  const marks: Marks = {
    localized: run.marks.localized.map((m) => ({ ...m, pointer: prefix + m.pointer })),
    assets: run.marks.assets.map((m) => ({ ...m, pointer: prefix + m.pointer })),
    lengths: run.marks.lengths.map((m) => ({ ...m, pointer: prefix + m.pointer })),
  };
  return { valid: run.valid, marks };
}
