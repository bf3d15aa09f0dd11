import type { LoadedGame } from '../content/model.js';
import type { LoadedYaml } from '../content/load-yaml.js';
import { diagnosticAt } from '../content/source.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { LayoutProblem } from '../layout/template/context.js';

/** Turns layout problems into diagnostics at the line of the file each one names. */
export function problemsToDiagnostics(game: LoadedGame, problems: readonly LayoutProblem[]): Diagnostic[] {
  const sources = new Map<string, LoadedYaml>();
  sources.set(game.source.file.path, game.source);
  for (const set of game.sets) sources.set(set.source.file.path, set.source);
  for (const [file, template] of game.templates) sources.set(file, template.source);
  return problems.map((p) => {
    const source = sources.get(p.file);
    if (!source) {
      return { severity: p.severity, code: p.code, message: p.message, file: p.file, line: 1, column: 1, endLine: 1, endColumn: 2 };
    }
    return diagnosticAt(source.file, source.doc, { severity: p.severity, code: p.code, message: p.message, pointer: p.pointer, target: 'owner' });
  });
}
