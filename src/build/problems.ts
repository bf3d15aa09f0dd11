import type { LoadedGame } from '../content/model.js';
import type { LoadedYaml } from '../content/load-yaml.js';
import { readCheckedFile, realPath } from '../shared/file-access.js';
import { BUDGETS } from '../shared/budgets.js';
import { diagnosticAt, makeSourceFile, type SourceFile } from '../content/source.js';

/** A Markdown file's text, read as every file of a game is (a regular file, not through a link, at most a rulebook's budget); empty otherwise. */
function readText(file: string): string {
  try {
    return readCheckedFile(realPath(file), BUDGETS.markdownBytes)?.toString('utf8') ?? '';
  } catch {
    return '';
  }
}
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { LayoutProblem } from '../shared/problem.js';

/** Turns layout problems into diagnostics at the line of the file each one names. */
export function problemsToDiagnostics(game: LoadedGame, problems: readonly LayoutProblem[]): Diagnostic[] {
  const sources = new Map<string, LoadedYaml>();
  sources.set(game.source.file.path, game.source);
  for (const set of game.sets) sources.set(set.source.file.path, set.source);
  for (const [file, template] of game.templates) sources.set(file, template.source);
  const texts = new Map<string, SourceFile>();
  return problems.map((p) => {
    const line = /^line:(\d+)$/.exec(p.pointer);
    if (line) {
      // A problem in a Markdown file: at the start of its line.
      let file = texts.get(p.file);
      if (!file) {
        file = makeSourceFile(p.file, readText(p.file));
        texts.set(p.file, file);
      }
      const n = Math.max(1, Number(line[1]));
      const text = file.text.split('\n')[n - 1] ?? '';
      const indent = text.length - text.trimStart().length;
      return { severity: p.severity, code: p.code, message: p.message, file: p.file, line: n, column: indent + 1, endLine: n, endColumn: Math.max(indent + 2, text.trimEnd().length + 1) };
    }
    const sheet = game.sets.find((set) => set.source.file.path === p.file && set.sheet)?.sheet;
    if (sheet && p.pointer.startsWith('/items/')) {
      const located = sheet.relocate({ severity: p.severity, code: p.code, message: p.message, file: p.file, line: 1, column: 1, endLine: 1, endColumn: 2, path: p.pointer });
      if (located.file !== p.file) return located;
    }
    const source = sources.get(p.file);
    if (!source) {
      return { severity: p.severity, code: p.code, message: p.message, file: p.file, line: 1, column: 1, endLine: 1, endColumn: 2 };
    }
    return diagnosticAt(source.file, source.doc, { severity: p.severity, code: p.code, message: p.message, pointer: p.pointer, target: 'owner' });
  });
}
