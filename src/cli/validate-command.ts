import path from 'node:path';
import { checkGames } from '../build/check-games.js';
import { applyStrict, countDiagnostics, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { formatDiagnostics, type OutputFormat } from '../diagnostics/format.js';
import { EXIT, type CliIo } from './io.js';
import { tooManyWarnings } from '../diagnostics/diagnostic.js';

export interface ValidateOptions {
  game?: string[];
  lang?: string[];
  format: OutputFormat;
  strict?: boolean;
  quiet?: boolean;
  allowMissing?: boolean;
  /** More warnings than this fail the check (exit 1). */
  maxWarnings?: number;
}

/** `pocketpress validate [dir]`: prints every problem; 0 when clean, 1 on content errors. */
export function validateCommand(dir: string | string[], options: ValidateOptions, io: CliIo): number {
  const root = typeof dir === 'string' ? path.resolve(io.cwd, dir) : dir.map((d) => path.resolve(io.cwd, d));
  const check = checkGames({ root, games: options.game, languages: options.lang, allowMissing: options.allowMissing });
  let diagnostics = options.strict ? applyStrict(check.diagnostics) : check.diagnostics;
  if (options.quiet) diagnostics = diagnostics.filter((d) => d.severity === 'error');
  diagnostics = sortDiagnostics(diagnostics);
  const games = check.games.length;
  const output = formatDiagnostics(diagnostics, options.format, {
    cwd: io.cwd,
    color: io.color,
    summaryOf: `${games} game${games === 1 ? '' : 's'}`,
  });
  if (!(options.quiet && options.format === 'text' && diagnostics.length === 0)) io.stdout(output);
  const counts = countDiagnostics(diagnostics);
  if (counts.errors > 0) return EXIT.contentErrors;
  if (tooManyWarnings(counts.warnings, options.maxWarnings)) {
    io.stderr(`pocketpress: ${counts.warnings} warnings, more than --max-warnings ${options.maxWarnings}\n`);
    return EXIT.contentErrors;
  }
  return EXIT.ok;
}
