import path from 'node:path';
import type { ImportResult } from './import-texts.js';
import type { MarkResult } from './mark-current.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const shown = (cwd: string, file: string) => path.relative(cwd, file).split(path.sep).join('/') || '.';

/**
 * What an import did, as the CLI prints it: on stdout one line per text written
 * (`<game>  <file>:<line>  <pointer>  <lang>`) and a summary; on stderr the warnings, or the
 * problems that stopped it.
 */
export function describeImport(result: ImportResult, options: { cwd: string; dryRun?: boolean }): { stdout: string; stderr: string } {
  if (result.problems.length > 0) {
    const stderr = result.problems.map((p) => `error: ${p}\n`).join('') + `${plural(result.problems.length, 'problem')}; nothing was written\n`;
    return { stdout: '', stderr };
  }
  const stderr = result.warnings.map((w) => `warning: ${w}\n`).join('');
  const lines = result.written.map((w) => `${w.texts.id}  ${w.entry.file}:${w.entry.line}  ${w.entry.pointer}  ${w.lang}${w.stale ? '  (stale)' : ''}\n`);
  const files = new Set(result.written.map((w) => `${w.texts.game.dir}/${w.entry.file}`)).size;
  const verb = options.dryRun ? 'would be written' : 'written';
  const rest = `${result.unchanged} unchanged, ${result.empty} left empty`;
  const locks = result.files.filter((f) => f.endsWith('.lock.yaml')).map((f) => shown(options.cwd, f));
  const summary = `${plural(result.written.length, 'text')} ${verb} in ${plural(files, 'file')} (${rest})${locks.length > 0 ? `; lock: ${locks.join(', ')}` : ''}\n`;
  return { stdout: lines.join('') + summary, stderr };
}

/** One line per game: `<game>  <lang>  <n> current (<m> were stale)[, <k> rulebook paragraphs]  <lock file>`. */
export function describeMarks(results: readonly MarkResult[], cwd: string): string {
  return results.map((r) => `${r.game}  ${r.lang}  ${r.marked} current (${r.wereStale} were stale)${r.paragraphs > 0 ? `, ${plural(r.paragraphs, 'rulebook paragraph')}` : ''}  ${shown(cwd, r.file)}\n`).join('');
}
