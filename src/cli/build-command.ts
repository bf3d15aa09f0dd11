import path from 'node:path';
import { buildGame } from '../build/build-game.js';
import { defaultCreationDate } from '../render/pdf/render-component-pdf.js';
import type { DuplexMode } from '../impose/duplex.js';
import type { PaperName } from '../impose/paper.js';
import { problemsToDiagnostics } from '../build/problems.js';
import { writeOutput, type OutputFolder } from '../build/write-output.js';
import { checkContent, UsageError } from '../content/check-content.js';
import type { LayoutProblem } from '../layout/template/context.js';
import { applyStrict, countDiagnostics, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { formatDiagnostics, type OutputFormat } from '../diagnostics/format.js';
import { EXIT, type CliIo } from './io.js';

export interface BuildCommandOptions {
  game?: string[];
  lang?: string[];
  out: string;
  format: OutputFormat;
  strict?: boolean;
  quiet?: boolean;
  dpi: number;
  paper: PaperName;
  duplex: DuplexMode;
  backOffset: { x: number; y: number };
  sheetPng?: boolean;
}

/** Prints the diagnostics (JSON always prints its one object) and returns how many are errors. */
function report(diagnostics: Diagnostic[], options: BuildCommandOptions, io: CliIo, games: number): number {
  let list = options.strict ? applyStrict(diagnostics) : diagnostics;
  if (options.quiet) list = list.filter((d) => d.severity === 'error');
  list = sortDiagnostics(list);
  const errors = countDiagnostics(list).errors;
  const summaryOf = `${games} game${games === 1 ? '' : 's'}${errors > 0 ? '; nothing was written' : ''}`;
  if (list.length > 0 || options.format === 'json') io.stdout(formatDiagnostics(list, options.format, { cwd: io.cwd, summaryOf }));
  return errors;
}

/** `pocketpress build [dir]`: validates, lays out and renders every game × language into --out, all or nothing. */
export async function buildCommand(dir: string, options: BuildCommandOptions, version: string, io: CliIo): Promise<number> {
  const started = Date.now();
  const root = path.resolve(io.cwd, dir);
  const check = checkContent(root, { games: options.game, languages: options.lang });
  const validation = options.strict ? applyStrict(check.diagnostics) : check.diagnostics;
  if (countDiagnostics(validation).errors > 0) {
    report(check.diagnostics, options, io, check.games.length);
    return EXIT.contentErrors;
  }
  const folders: OutputFolder[] = [];
  const diagnostics: Diagnostic[] = [...check.diagnostics];
  for (const game of check.games) {
    const declared = game.data!.languages;
    const langs = options.lang ? declared.filter((l) => options.lang!.includes(l)) : declared;
    const problems: LayoutProblem[] = [];
    for (const lang of langs) {
      const buildOptions = {
        dpi: options.dpi,
        generator: `pocketpress ${version}`,
        creationDate: defaultCreationDate(),
        paper: options.paper,
        duplex: options.duplex,
        backOffset: options.backOffset,
        sheetPng: options.sheetPng ?? false,
      };
      folders.push(await buildGame(game, lang, buildOptions, (p) => problems.push(p)));
    }
    diagnostics.push(...problemsToDiagnostics(game, problems));
  }
  if (folders.length === 0) {
    throw new UsageError(`no game declares the language${options.lang!.length > 1 ? 's' : ''} ${options.lang!.join(', ')}`);
  }
  const unique = [...new Map(diagnostics.map((d) => [`${d.file}:${d.line}:${d.column}:${d.code}:${d.message}`, d])).values()];
  const out = path.resolve(io.cwd, options.out);
  const errors = report(unique, options, io, check.games.length);
  if (errors > 0) return EXIT.contentErrors;
  writeOutput(out, folders);
  if (!options.quiet && options.format === 'text') {
    const files = folders.reduce((n, f) => n + f.files.length + 1, 0);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const where = path.relative(io.cwd, out) || '.';
    io.stdout(`wrote ${files} files for ${folders.map((f) => `${f.game}/${f.lang}`).join(', ')} into ${where}/ in ${seconds} s\n`);
  }
  return EXIT.ok;
}
