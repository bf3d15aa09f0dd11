import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isRecord } from '../shared/is-record.js';
import type { LoadedGame } from '../content/model.js';
import { applyStrict, countDiagnostics, dedupeDiagnostics, sortDiagnostics, tooManyWarnings, type Diagnostic } from '../diagnostics/diagnostic.js';
import { DEFAULT_PRINT_GUIDES, type DuplexMode, type PaperName, type PrintGuides } from '../shared/print-options.js';
import { defaultCreationDate } from '../render/pdf/creation-date.js';
import { UsageError } from '../shared/errors.js';
import type { LayoutProblem } from '../shared/problem.js';
import type { ShopName } from '../shared/shops/index.js';
import type { CheckRequest } from './check-games.js';
import { BuildCache, type CacheStats } from './cache.js';
import { cacheFolder } from './cache-folder.js';
import { TrimStore } from './trim-store.js';
import { toolFingerprint } from './fingerprint.js';
import { cacheKeying, cacheSecretNote } from './cache-secret.js';
import { OutputWriter } from './output-writer.js';
import { pngPool } from '../render/png/png-pool.js';
import type { InkFigures } from './ink-coverage.js';
import { DEFAULT_HOME_PRINT, type HomePrintOptions } from '../shared/home-print.js';
import { PACKAGE_ROOT, SHARED_TEMPLATES_DIR } from '../shared/game-paths.js';
import { folderStamps, keepUpToDate, packageStamps, readRoots, recentContents, recordedOutputs, upToDate } from './up-to-date.js';

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
  /** Low ink, tuck boxes, boards over several sheets (defaults: DEFAULT_HOME_PRINT). */
  homePrint?: HomePrintOptions;
  /** Print shops to write files for (`--shop`). */
  shops?: readonly ShopName[];
  /** Reuse what an earlier build made (default on). */
  cache?: boolean;
  /** Worker threads that draw PNGs (default: one per core, at most 4); 0 draws them on this thread. */
  pngWorkers?: number;
  /** Games (by id) checked but not built, their folders in `out` left as they are: the preview builds the game on screen first, then the others. */
  skipGames?: readonly string[];
  /** Where the cache is kept: never inside `out` (default: `.pocketpress-cache/<name of out>/` beside `out`). */
  cacheDir?: string;
  /** Cut guides, printable margin, gutter, cutting machine (defaults: crop marks, 5 mm). */
  guides?: PrintGuides;
  /** Write only the print-and-play kit, not each set's sheets. */
  kitOnly?: boolean;
  /** Told before the first game and after each game × language is built. */
  onProgress?: (event: BuildProgress) => void;
  /** Aborting drops the staging folder at once and stops the build: `out` keeps what it had. */
  signal?: AbortSignal;
  /**
   * Build as usual (never taking the nothing-changed shortcut) but move nothing into `out` and
   * keep no record: `build --watch` rehearses a build that was up to date, so that its first
   * save finds the code compiled and the fonts read.
   */
  rehearse?: boolean;
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
  /** With --ink saver: ink coverage of the print sheets per game × language, normal and low-ink (percent of the page area, page-weighted), and per set. */
  ink?: { game: string; lang: string; normal: number; saver: number; sets: InkFigures[] }[];
  seconds: number;
  /** The print-and-play kits written: path relative to `out`, sheets of paper it takes, and the per-set files together. */
  kits?: { path: string; paper: string; sheetsOfPaper: number; separateSheetsOfPaper: number }[];
  /** Nothing the last build of the same request read or wrote had changed: its result is returned and nothing was made or written. */
  upToDate?: boolean;
  /** Why this build used no cache: the user's cache secret could be neither read nor made (cacheSecretNote). */
  cacheNote?: string;
}

/** The kinds of file a user prints, named in the summary of a build. */
const PRINTABLE = new Set(['rulebook', 'card-sheet', 'tile-sheet', 'token-sheet', 'board', 'standee-sheet', 'print-and-play', 'tuck-box']);

/**
 * Earlier versions kept the cache in `out/.cache`: it is removed when it holds nothing but
 * the cache's own shelves (folders named by two hex digits), and left alone otherwise.
 */
function removeOldCache(out: string): void {
  const old = path.join(out, '.cache');
  if (!existsSync(old)) return;
  try {
    if (readdirSync(old).every((name) => /^[0-9a-f]{2}$/.test(name))) rmSync(old, { recursive: true, force: true });
  } catch {
    // Left where it is: it is only a cache.
  }
}

/** Coverage of all the sheets of a game, each page counted once. */
function averageInk(sets: readonly InkFigures[]): { normal: number; saver: number } {
  const pages = sets.reduce((n, s) => n + s.pages, 0) || 1;
  const mean = (pick: (s: InkFigures) => number) => Math.round((sets.reduce((n, s) => n + pick(s) * s.pages, 0) / pages) * 10) / 10;
  return { normal: mean((s) => s.normal), saver: mean((s) => s.saver) };
}

/** The build was stopped by its signal; nothing was written. */
export class BuildAborted extends Error {
  override name = 'BuildAborted';
}

/** What names a request in the record of its last build: everything that changes what a build makes or reports. */
function recordKey(request: BuildRequest, fingerprint: string): unknown {
  const { signal: _signal, onProgress: _onProgress, pngWorkers: _workers, skipGames: _skip, rehearse: _rehearse, ...asked } = request;
  return { fingerprint, asked, creationDate: defaultCreationDate().toISOString() };
}

/** The stamps of what a build reads: the game folders and the shared templates, without the output and cache folders, and the packages `npm:` paths are looked for in. */
function inputStamps(request: BuildRequest, cacheDir: string): string[] {
  const roots = typeof request.root === 'string' ? [request.root] : request.root;
  return [...folderStamps([...roots, SHARED_TEMPLATES_DIR], [request.out, cacheDir]), ...packageStamps(roots, [PACKAGE_ROOT])];
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

/** A single name of a folder (a game's id, a language): never a path. */
const folderName = (value: unknown) => typeof value === 'string' && value !== '' && value !== '.' && value !== '..' && !/[\\/]/.test(value);

/**
 * Whether a kept record's result has the shape a build gives, its outputs folders of out/ named
 * by a game and a language (else, written over, it is taken for none and the build runs).
 */
function isKeptResult(value: unknown): value is BuildResult {
  if (!isRecord(value)) return false;
  const r = value as Partial<Record<keyof BuildResult, unknown>>;
  return (
    Array.isArray(r.outputs) &&
    r.outputs.every((o) => isRecord(o) && folderName(o['game']) && folderName(o['lang'])) &&
    Array.isArray(r.diagnostics) &&
    r.diagnostics.every((d) => isRecord(d) && typeof d['message'] === 'string' && typeof d['code'] === 'string' && typeof d['severity'] === 'string') &&
    isRecord(r.stats)
  );
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
  let cacheDir = request.cache === false ? undefined : cacheFolder(request);
  // The user's secret is in every key of the cache (see cache-secret.ts): what a stranger's cache
  // folder holds is never found. Made by the first build that keeps something (not by one that
  // stops at the checks); until then the cache holds nothing of this user's.
  let keying = cacheDir === undefined ? toolFingerprint(request.version) : cacheKeying(request.version, false);
  // Taken before anything is read: a file saved during the build makes the next one build again.
  const since = BigInt(Date.now()) * 1_000_000n;
  const inputs = cacheDir && !(request.skipGames && request.skipGames.length > 0) ? inputStamps(request, cacheDir) : undefined;
  let record = inputs && keying !== undefined ? { key: recordKey(request, keying), inputs } : undefined;
  const roots = readRoots(typeof request.root === 'string' ? [request.root] : request.root, [SHARED_TEMPLATES_DIR]);
  if (cacheDir && record && !request.rehearse) {
    const kept = upToDate<BuildResult>(cacheDir, record.key, record.inputs, (r) => r.outputs.map((o) => path.join(request.out, o.game, o.lang)), roots, isKeptResult);
    // Everything the kept build made or reused is reused now.
    const reused = (stats: Record<string, CacheStats>) => Object.fromEntries(Object.entries(stats).map(([kind, s]) => [kind, { made: 0, reused: s.made + s.reused }]));
    if (kept) return { ...kept, stats: reused(kept.stats), seconds: elapsed(), upToDate: true };
  }
  // Something is to be made: a PNG worker starts loading now, beside the checks and the layout.
  pngPool(request.pngWorkers).warm();
  // Read before the build reads them: a file saved again within its stamp's granule is told by its bytes.
  const recent = inputs ? recentContents(inputs, since, roots) : [];
  // Checking, layout and rendering are loaded only when something is to be made.
  const [{ checkGames }, { buildGame }, { problemsToDiagnostics }] = await buildCode();
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

  const skipped = (game: LoadedGame) => request.skipGames?.includes(game.data!.id) === true;
  const jobs = jobsOf(check.games, request.languages).filter((j) => !skipped(j.game));
  const outputs = jobs.map((j) => ({ game: j.game.data!.id, lang: j.lang }));
  // The user's first build that keeps something: their secret is made now.
  let cacheNote: string | undefined;
  if (keying === undefined) {
    keying = cacheKeying(request.version, true);
    if (keying === undefined) {
      // No secret could be read nor made: nothing kept could be told from a stranger's, and the build uses no cache.
      cacheNote = cacheSecretNote();
      cacheDir = undefined;
      keying = toolFingerprint(request.version);
    } else if (inputs) record = { key: recordKey(request, keying), inputs };
  }
  // The output as the last build of this request left it: files there it may take again as they are.
  const trusted = cacheDir && record && !request.rehearse ? recordedOutputs(cacheDir, record.key) : undefined;
  const writer = new OutputWriter(request.out, request.rehearse === true, trusted);
  writer.prepare(outputs);
  pngPool(request.pngWorkers);
  const cache = new BuildCache(cacheDir, keying, { notAssets: [request.out] });
  const trims = new TrimStore(cache);
  removeOldCache(request.out);
  const diagnostics: Diagnostic[] = [...check.diagnostics];
  const ink: NonNullable<BuildResult['ink']> = [];
  const onAbort = () => writer.abort();
  request.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    request.onProgress?.({ type: 'start', total: jobs.length });
    for (const [index, { game, lang }] of jobs.entries()) {
      if (request.signal?.aborted) throw new BuildAborted('the build was stopped');
      const problems: LayoutProblem[] = [];
      const sets: InkFigures[] = [];
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
        guides: request.guides ?? DEFAULT_PRINT_GUIDES,
        kitOnly: request.kitOnly ?? false,
        homePrint: request.homePrint ?? DEFAULT_HOME_PRINT,
        onInk: (figures: InkFigures) => sets.push(figures),
        shops: request.shops,
        trims,
        signal: request.signal,
      };
      await buildGame(game, lang, options, (p) => problems.push(p), writer.folder(game.data!.id, lang));
      // One by one: a set of thousands of faces may have more problems than a call takes arguments.
      for (const d of problemsToDiagnostics(game, problems)) diagnostics.push(d);
      if (sets.length > 0) ink.push({ game: game.data!.id, lang, ...averageInk(sets), sets });
      request.onProgress?.({ type: 'step', done: index + 1, total: jobs.length, game: game.data!.id, lang });
    }
    if (request.signal?.aborted) throw new BuildAborted('the build was stopped');
    if (fails(diagnostics, request)) {
      writer.abort();
      return result(false, diagnostics, { outputs, stats: cache.stats });
    }
    const files = writer.fileCount;
    const printable = writer.written.flatMap((f) => f.entries.filter((e) => PRINTABLE.has(e.kind)).map((e) => `${f.game}/${f.lang}/${e.path}`));
    const kits = writer.written.flatMap((f) =>
      f.entries
        .filter((e) => e.kind === 'print-and-play')
        .map((e) => ({ path: `${f.game}/${f.lang}/${e.path}`, paper: String(e['paper']), sheetsOfPaper: Number(e['sheetsOfPaper']), separateSheetsOfPaper: Number(e['separateSheetsOfPaper']) })),
    );
    if (request.rehearse) writer.abort();
    else writer.commit(`pocketpress ${request.version}`);
    const built = result(true, diagnostics, { outputs, files, printable: printable.sort(), stats: cache.stats, kits, ...(ink.length > 0 ? { ink } : {}), ...(cacheNote ? { cacheNote } : {}) });
    if (cacheDir && record && !request.rehearse) {
      const folders = outputs.map((o) => path.join(request.out, o.game, o.lang));
      keepUpToDate(cacheDir, record.key, { inputs: record.inputs, files: cache.filesRead(), outputs: folders, result: built, recent });
      cache.keepFileHashes();
    }
    return built;
  } catch (error) {
    writer.abort();
    throw error;
  } finally {
    trims.dispose();
    request.signal?.removeEventListener('abort', onAbort);
  }
}

/** The code a build loads only when something is to be made. */
function buildCode() {
  return Promise.all([import('./check-games.js'), import('./build-game.js'), import('./problems.js')]);
}

/**
 * Loads, while nothing else runs, what a build that makes something loads as it goes (checking,
 * layout, the PDF and PNG renderers with Skia and sharp, the exports), so that the first save
 * a watch sees is built as fast as the next ones. A build that found everything up to date
 * loaded none of it. Loading twice costs nothing: a module is loaded once.
 */
export async function loadBuildCode(): Promise<void> {
  // sharp too, which a build loads only when it checks a new image or cuts a trim or a token from a picture.
  await Promise.all([buildCode(), import('../render/pdf/render-component-pdf.js'), import('../render/png/render-png.js'), import('../export/export-game.js'), import('sharp')]);
}
