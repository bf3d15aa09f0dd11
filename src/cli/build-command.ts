import path from 'node:path';
import { buildGame } from '../build/build-game.js';
import { BuildCache, type CacheStats } from '../build/cache.js';
import { toolFingerprint } from '../build/fingerprint.js';
import { OutputWriter } from '../build/output-writer.js';
import { problemsToDiagnostics } from '../build/problems.js';
import { createProgress } from '../build/progress.js';
import { checkContent } from '../content/check-content.js';
import { UsageError } from '../shared/errors.js';
import { allowMissingTranslations } from '../content/allow-missing.js';
import type { DuplexMode } from '../impose/duplex.js';
import type { PaperName } from '../impose/paper.js';
import type { LayoutProblem } from '../shared/problem.js';
import { applyStrict, countDiagnostics, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { formatDiagnostics, type OutputFormat } from '../diagnostics/format.js';
import { defaultCreationDate } from '../render/pdf/render-component-pdf.js';
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
  allowMissing?: boolean;
  ttsBaseUrl?: string;
  /** Keep renders in <out>/.cache so an unchanged component is not made again (default on). */
  cache?: boolean;
  /** Tell the build it runs on a terminal (a progress bar); plain lines otherwise. */
  tty?: boolean;
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

function describeStats(stats: Record<string, CacheStats>): string {
  const made = Object.values(stats).reduce((n, s) => n + s.made, 0);
  const reused = Object.values(stats).reduce((n, s) => n + s.reused, 0);
  return `${made} made, ${reused} from the cache`;
}

export interface BuildOutcome {
  code: number;
  /** How many layouts and renders were made, and how many came from the cache. */
  stats: Record<string, CacheStats>;
}

/** `pocketpress build [dir]`: validates, lays out and renders every game × language into --out, all or nothing. */
export async function buildOnce(dir: string, options: BuildCommandOptions, version: string, io: CliIo): Promise<BuildOutcome> {
  const started = Date.now();
  const root = path.resolve(io.cwd, dir);
  const checked = checkContent(root, { games: options.game, languages: options.lang });
  const check = options.allowMissing ? allowMissingTranslations(checked) : checked;
  const validation = options.strict ? applyStrict(check.diagnostics) : check.diagnostics;
  if (countDiagnostics(validation).errors > 0) {
    report(check.diagnostics, options, io, check.games.length);
    return { code: EXIT.contentErrors, stats: {} };
  }
  const jobs = check.games.flatMap((game) => {
    const declared = game.data!.languages;
    return (options.lang ? declared.filter((l) => options.lang!.includes(l)) : declared).map((lang) => ({ game, lang }));
  });
  if (jobs.length === 0) throw new UsageError(`no game declares the language${options.lang!.length > 1 ? 's' : ''} ${options.lang!.join(', ')}`);
  const out = path.resolve(io.cwd, options.out);
  const writer = new OutputWriter(out);
  writer.check(jobs.map((j) => ({ game: j.game.data!.id, lang: j.lang })));
  const cache = new BuildCache(options.cache === false ? undefined : path.join(out, '.cache'), toolFingerprint(version));
  const progress = createProgress({ tty: options.tty ?? false, quiet: options.quiet === true || options.format !== 'text', write: io.stderr });
  const diagnostics: Diagnostic[] = [...check.diagnostics];
  // Ctrl-C: drop the staging folder, leave out/ as it was.
  const interrupt = () => {
    writer.abort();
    process.exit(130);
  };
  process.once('SIGINT', interrupt);
  try {
    progress.start(jobs.length);
    for (const { game, lang } of jobs) {
      const problems: LayoutProblem[] = [];
      const options2 = {
        dpi: options.dpi,
        creationDate: defaultCreationDate(),
        paper: options.paper,
        duplex: options.duplex,
        backOffset: options.backOffset,
        sheetPng: options.sheetPng ?? false,
        cache,
        outDir: out,
        ttsBaseUrl: options.ttsBaseUrl,
      };
      await buildGame(game, lang, options2, (p) => problems.push(p), writer.folder(game.data!.id, lang));
      diagnostics.push(...problemsToDiagnostics(game, problems));
      progress.step(`${game.data!.id}/${lang}`);
    }
    progress.stop();
    const unique = [...new Map(diagnostics.map((d) => [`${d.file}:${d.line}:${d.column}:${d.code}:${d.message}`, d])).values()];
    const errors = report(unique, options, io, check.games.length);
    if (errors > 0) {
      writer.abort();
      return { code: EXIT.contentErrors, stats: cache.stats };
    }
    const files = writer.fileCount;
    writer.commit(`pocketpress ${version}`);
    if (!options.quiet && options.format === 'text') {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const where = path.relative(io.cwd, out) || '.';
      const warnings = countDiagnostics(unique).warnings;
      io.stdout(
        `wrote ${files} files for ${jobs.map((j) => `${j.game.data!.id}/${j.lang}`).join(', ')} into ${where}/ in ${seconds} s (${describeStats(cache.stats)}${warnings > 0 ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''})\n`,
      );
    }
    return { code: EXIT.ok, stats: cache.stats };
  } catch (error) {
    progress.stop();
    writer.abort();
    throw error;
  } finally {
    process.removeListener('SIGINT', interrupt);
  }
}

export async function buildCommand(dir: string, options: BuildCommandOptions, version: string, io: CliIo): Promise<number> {
  return (await buildOnce(dir, options, version, io)).code;
}
