import path from 'node:path';
import type { LoadedGame } from '../content/model.js';
import { applyStrict, countDiagnostics, dedupeDiagnostics, sortDiagnostics, tooManyWarnings, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { DuplexMode, PaperName } from '../shared/print-options.js';
import { defaultCreationDate } from '../render/pdf/render-component-pdf.js';
import { UsageError } from '../shared/errors.js';
import type { LayoutProblem } from '../shared/problem.js';
import type { ShopName } from '../shared/shops/index.js';
import { buildGame } from './build-game.js';
import { checkGames, type CheckRequest } from './check-games.js';
import { BuildCache, type CacheStats } from './cache.js';
import { toolFingerprint } from './fingerprint.js';
import { OutputWriter } from './output-writer.js';
import { problemsToDiagnostics } from './problems.js';

/** What to build, on top of what to check. */
export interface BuildRequest extends CheckRequest {
  /** Absolute output folder. */
  out: string;
  /** The tool's version, written in manifests and cache keys. */
  version: string;
  /** Warnings count as errors (nothing is written when there are any). */
  strict?: boolean;
  /** More warnings than this fail the build (nothing is written). */
  maxWarnings?: number;
  dpi: number;
  paper: PaperName;
  duplex: DuplexMode;
  backOffset: { x: number; y: number };
  sheetPng?: boolean;
  ttsBaseUrl?: string;
  /** Print shops to write files for (`--shop`). */
  shops?: readonly ShopName[];
  /** Reuse what an earlier build made (default on). */
  cache?: boolean;
  /** Told before the first game and after each game × language is built. */
  onProgress?: (event: BuildProgress) => void;
  /** Aborting drops the staging folder at once and stops the build: `out` keeps what it had. */
  signal?: AbortSignal;
}

export type BuildProgress = { type: 'start'; total: number } | { type: 'step'; done: number; total: number; game: string; lang: string };

export interface BuildResult {
  /** True when every game × language was written. */
  written: boolean;
  /** Every problem, sorted by file and line, each once. */
  diagnostics: Diagnostic[];
  /** How many games were checked. */
  games: number;
  /** The game × language folders built (or that would have been, when errors stopped the build). */
  outputs: { game: string; lang: string }[];
  /** Files written, manifests included (0 when nothing was written). */
  files: number;
  /** The files to print, per game × language folder: paths relative to `out`. */
  printable: string[];
  /** Per kind of work, how much was made and how much came from the cache. */
  stats: Record<string, CacheStats>;
  seconds: number;
}

/** The kinds of file a user prints, named in the summary of a build. */
const PRINTABLE = new Set(['rulebook', 'card-sheet', 'tile-sheet', 'token-sheet', 'board', 'standee-sheet']);

/** The build was stopped by its signal; nothing was written. */
export class BuildAborted extends Error {
  override name = 'BuildAborted';
}

/** Whether the build stands: no error (every warning counts as one with --strict), and no more warnings than allowed. */
function fails(diagnostics: readonly Diagnostic[], request: Pick<BuildRequest, 'strict' | 'maxWarnings'>): boolean {
  const counts = countDiagnostics(request.strict ? applyStrict(diagnostics) : diagnostics);
  return counts.errors > 0 || tooManyWarnings(counts.warnings, request.maxWarnings);
}

function jobsOf(games: readonly LoadedGame[], languages: readonly string[] | undefined): { game: LoadedGame; lang: string }[] {
  const jobs = games.flatMap((game) => {
    const declared = game.data!.languages;
    return (languages ? declared.filter((l) => languages.includes(l)) : declared).map((lang) => ({ game, lang }));
  });
  if (jobs.length === 0 && languages) throw new UsageError(`no game declares the language${languages.length > 1 ? 's' : ''} ${languages.join(', ')}`);
  return jobs;
}

/**
 * The whole pipeline, top to bottom: load and validate every game, then for each game and
 * language resolve, lay out, impose and render it (buildGame) into a staging folder, and move
 * the staging folder into place only when nothing failed. Returns the diagnostics and
 * statistics as data; printing them is the caller's business.
 */
export async function runBuild(request: BuildRequest): Promise<BuildResult> {
  const started = Date.now();
  const elapsed = () => (Date.now() - started) / 1000;
  const check = checkGames(request);
  const result = (written: boolean, diagnostics: Diagnostic[], extra: Partial<BuildResult> = {}): BuildResult => ({
    written,
    diagnostics: sortDiagnostics(dedupeDiagnostics(diagnostics)),
    games: check.games.length,
    outputs: [],
    files: 0,
    printable: [],
    stats: {},
    seconds: elapsed(),
    ...extra,
  });
  if (fails(check.diagnostics, { strict: request.strict })) return result(false, check.diagnostics);

  const jobs = jobsOf(check.games, request.languages);
  const outputs = jobs.map((j) => ({ game: j.game.data!.id, lang: j.lang }));
  const writer = new OutputWriter(request.out);
  writer.prepare(outputs);
  const cache = new BuildCache(request.cache === false ? undefined : path.join(request.out, '.cache'), toolFingerprint(request.version));
  const diagnostics: Diagnostic[] = [...check.diagnostics];
  const onAbort = () => writer.abort();
  request.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    request.onProgress?.({ type: 'start', total: jobs.length });
    for (const [index, { game, lang }] of jobs.entries()) {
      if (request.signal?.aborted) throw new BuildAborted('the build was stopped');
      const problems: LayoutProblem[] = [];
      const options = {
        dpi: request.dpi,
        creationDate: defaultCreationDate(),
        paper: request.paper,
        duplex: request.duplex,
        backOffset: request.backOffset,
        sheetPng: request.sheetPng ?? false,
        cache,
        outDir: request.out,
        ttsBaseUrl: request.ttsBaseUrl,
        shops: request.shops,
      };
      await buildGame(game, lang, options, (p) => problems.push(p), writer.folder(game.data!.id, lang));
      diagnostics.push(...problemsToDiagnostics(game, problems));
      request.onProgress?.({ type: 'step', done: index + 1, total: jobs.length, game: game.data!.id, lang });
    }
    if (request.signal?.aborted) throw new BuildAborted('the build was stopped');
    if (fails(diagnostics, request)) {
      writer.abort();
      return result(false, diagnostics, { outputs, stats: cache.stats });
    }
    const files = writer.fileCount;
    const printable = writer.written.flatMap((f) => f.entries.filter((e) => PRINTABLE.has(e.kind)).map((e) => `${f.game}/${f.lang}/${e.path}`));
    writer.commit(`pocketpress ${request.version}`);
    return result(true, diagnostics, { outputs, files, printable: printable.sort(), stats: cache.stats });
  } catch (error) {
    writer.abort();
    throw error;
  } finally {
    request.signal?.removeEventListener('abort', onAbort);
  }
}
