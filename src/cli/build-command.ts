import path from 'node:path';
import { BuildAborted, runBuild, type BuildRequest, type BuildResult } from '../build/run-build.js';
import type { CacheStats } from '../build/cache.js';
import { applyStrict, countDiagnostics, tooManyWarnings, type Diagnostic } from '../diagnostics/diagnostic.js';
import { formatDiagnostics, type OutputFormat } from '../diagnostics/format.js';
import { EXIT, type CliIo } from './io.js';
import type { ShopName } from '../shared/shops/index.js';
import { createProgress } from './progress.js';
import { onStopSignal } from './signals.js';
import { printGuidesOf, type KitCliOptions } from './options.js';
import type { HomePrintOptions } from '../shared/home-print.js';

export interface BuildCommandOptions extends Partial<KitCliOptions> {
  game?: string[];
  lang?: string[];
  out: string;
  format: OutputFormat;
  strict?: boolean;
  quiet?: boolean;
  dpi: number;
  paper: BuildRequest['paper'];
  duplex: BuildRequest['duplex'];
  backOffset: { x: number; y: number };
  sheetPng?: boolean;
  allowMissing?: boolean;
  ttsBaseUrl?: string;
  /** Print shops to write files for (repeatable `--shop`). */
  shop?: ShopName[];
  /** Keep renders in the cache folder so an unchanged component is not made again (default on). */
  cache?: boolean;
  /** PNG worker threads (default: one per core, at most 4). */
  jobs?: number;
  /** Tell the build it runs on a terminal (a progress bar); plain lines otherwise. */
  tty?: boolean;
  /** More warnings than this fail the build. */
  maxWarnings?: number;
  /** Low ink, tuck boxes, boards over several sheets. */
  homePrint?: HomePrintOptions;
}

/** Prints the diagnostics (JSON always prints its one object). */
function report(result: BuildResult, options: BuildCommandOptions, io: CliIo): void {
  let list: Diagnostic[] = options.strict ? applyStrict(result.diagnostics) : result.diagnostics;
  if (options.quiet) list = list.filter((d) => d.severity === 'error');
  const summaryOf = `${result.games} game${result.games === 1 ? '' : 's'}${result.written ? '' : '; nothing was written'}`;
  if (list.length > 0 || options.format === 'json') io.stdout(formatDiagnostics(list, options.format, { cwd: io.cwd, summaryOf, color: io.color }));
}

function describeStats(stats: Record<string, CacheStats>): string {
  const made = Object.values(stats).reduce((n, s) => n + s.made, 0);
  const reused = Object.values(stats).reduce((n, s) => n + s.reused, 0);
  return `${made} made, ${reused} from the cache`;
}

function describeBuild(result: BuildResult, out: string, io: CliIo): string {
  const where = path.relative(io.cwd, out) || '.';
  const warnings = countDiagnostics(result.diagnostics).warnings;
  const outputs = result.outputs.map((o) => `${o.game}/${o.lang}`).join(', ');
  const printable = result.printable.length > 0 ? `to print:\n${result.printable.map((p) => `  ${where}/${p}\n`).join('')}` : '';
  const kits = (result.kits ?? []).map((k) => `  ${where}/${k.path}: ${k.sheetsOfPaper} sheets of ${k.paper} (${k.separateSheetsOfPaper} with the separate files)\n`).join('');
    const ink = (result.ink ?? []).map((i) => `ink coverage of ${i.game}/${i.lang}'s sheets: ${i.normal.toFixed(1)} % of the page area normally, ${i.saver.toFixed(1)} % with --ink saver\n`).join('');
  const counted = warnings > 0 ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : '';
  const done = result.upToDate
    ? `nothing changed since the last build: the ${result.files} files for ${outputs} in ${where}/ are up to date (${result.seconds.toFixed(1)} s${counted})`
    : `wrote ${result.files} files for ${outputs} into ${where}/ in ${result.seconds.toFixed(1)} s (${describeStats(result.stats)}${counted})`;
  return `${done}\n${printable}${kits ? `print-and-play kits:\n${kits}` : ''}${ink}`;
}

export interface BuildOutcome {
  code: number;
  /** How many layouts and renders were made, and how many came from the cache. */
  stats: Record<string, CacheStats>;
  result?: BuildResult;
}

/** The request the build hub takes, from the command's options. */
export function buildRequestOf(dir: string | string[], options: BuildCommandOptions, version: string, io: CliIo): BuildRequest {
  return {
    root: typeof dir === 'string' ? path.resolve(io.cwd, dir) : dir.map((d) => path.resolve(io.cwd, d)),
    out: path.resolve(io.cwd, options.out),
    version,
    games: options.game,
    languages: options.lang,
    allowMissing: options.allowMissing,
    strict: options.strict,
    maxWarnings: options.maxWarnings,
    dpi: options.dpi,
    paper: options.paper,
    duplex: options.duplex,
    backOffset: options.backOffset,
    sheetPng: options.sheetPng,
    ttsBaseUrl: options.ttsBaseUrl,
    shops: options.shop ? [...new Set(options.shop)] : undefined,
    cache: options.cache,
    pngWorkers: options.jobs,
    cacheDir: options.cacheDir === undefined ? undefined : path.resolve(io.cwd, options.cacheDir),
    guides: options.cutGuides === undefined ? undefined : printGuidesOf(options as KitCliOptions),
    kitOnly: options.kitOnly,
    homePrint: options.homePrint,
  };
}

/** `pocketpress build [dir]` once: runs the build hub, prints what it found, returns the exit code. */
export async function buildOnce(dir: string | string[], options: BuildCommandOptions, version: string, io: CliIo): Promise<BuildOutcome> {
  const request = buildRequestOf(dir, options, version, io);
  const progress = createProgress({ tty: options.tty ?? false, quiet: options.quiet === true || options.format !== 'text', write: io.stderr });
  // Ctrl-C, a kill or a closed terminal: the staging folder goes at once, out/ stays as it was.
  const controller = new AbortController();
  const stopSignals = onStopSignal((signal, code) => {
    controller.abort();
    progress.stop();
    io.stderr(`\npocketpress: stopped by ${signal}; ${path.relative(io.cwd, request.out) || '.'}/ is as it was\n`);
    process.exit(code);
  });
  try {
    const result = await runBuild({
      ...request,
      signal: controller.signal,
      onProgress: (event) => (event.type === 'start' ? progress.start(event.total) : progress.step(`${event.game}/${event.lang}`)),
    });
    progress.stop();
    report(result, options, io);
    // Not a problem of the content: said on stderr, whatever the format and --quiet.
    if (result.cacheNote) io.stderr(`pocketpress: note: ${result.cacheNote}\n`);
    const warnings = countDiagnostics(result.diagnostics).warnings;
    if (!result.written && tooManyWarnings(warnings, options.maxWarnings)) io.stderr(`pocketpress: ${warnings} warnings, more than --max-warnings ${options.maxWarnings}; nothing was written\n`);
    if (!result.written) return { code: EXIT.contentErrors, stats: result.stats, result };
    if (!options.quiet && options.format === 'text') io.stdout(describeBuild(result, request.out, io));
    return { code: EXIT.ok, stats: result.stats, result };
  } catch (error) {
    progress.stop();
    if (error instanceof BuildAborted) return { code: EXIT.usage, stats: {} };
    throw error;
  } finally {
    stopSignals();
  }
}

export async function buildCommand(dir: string | string[], options: BuildCommandOptions, version: string, io: CliIo): Promise<number> {
  return (await buildOnce(dir, options, version, io)).code;
}
