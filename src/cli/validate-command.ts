import path from 'node:path';
import { checkGames } from '../build/check-games.js';
import { applyStrict, countDiagnostics, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { formatDiagnostics, type OutputFormat } from '../diagnostics/format.js';
import { EXIT, type CliIo } from './io.js';

export interface ValidateOptions {
  game?: string[];
  lang?: string[];
  format: OutputFormat;
  strict?: boolean;
  quiet?: boolean;
  allowMissing?: boolean;
}

/** `pocketpress validate [dir]`: prints every problem; 0 when clean, 1 on content errors. */
export function validateCommand(dir: string, options: ValidateOptions, io: CliIo): number {
  const root = path.resolve(io.cwd, dir);
  const check = checkGames({ root, games: options.game, languages: options.lang, allowMissing: options.allowMissing });
  let diagnostics = options.strict ? applyStrict(check.diagnostics) : check.diagnostics;
  if (options.quiet) diagnostics = diagnostics.filter((d) => d.severity === 'error');
  diagnostics = sortDiagnostics(diagnostics);
  const games = check.games.length;
  const output = formatDiagnostics(diagnostics, options.format, {
    cwd: io.cwd,
    summaryOf: `${games} game${games === 1 ? '' : 's'}`,
  });
  if (!(options.quiet && options.format === 'text' && diagnostics.length === 0)) io.stdout(output);
  return countDiagnostics(diagnostics).errors > 0 ? EXIT.contentErrors : EXIT.ok;
}
