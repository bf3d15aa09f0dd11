import path from 'node:path';
import { applyStrict, countDiagnostics, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { formatDiagnostics, type OutputFormat } from '../diagnostics/format.js';
import { EXIT, type CliIo } from './io.js';
import type { PaperName } from '../shared/print-options.js';
import { tooManyWarnings } from '../diagnostics/diagnostic.js';
import type { BuildCache } from '../build/cache.js';

export interface ValidateOptions {
  game?: string[];
  lang?: string[];
  format: OutputFormat;
  strict?: boolean;
  quiet?: boolean;
  allowMissing?: boolean;
  /** More warnings than this fail the check (exit 1). */
  maxWarnings?: number;
  /** The paper the rulebook is laid out for (its length depends on it). */
  paper?: PaperName;
  /** `--no-cache`: lay out every face again, taking nothing from the build cache. */
  cache?: boolean;
  /** Where the build cache is (default: the one of the output folder a build would write to). */
  cacheDir?: string;
  /** The output folder a build would write to (pocketpress.yaml's `out:`, else out/). */
  out?: string;
}

/**
 * The build cache `build` would use with the same settings (its folder, and the tool's version
 * and code and the user's secret in its keys), to read; none while the user has no secret (no
 * build has kept anything for them).
 */
export async function buildCache(options: Pick<ValidateOptions, 'out' | 'cacheDir'>, version: string, io: Pick<CliIo, 'cwd'>): Promise<BuildCache | undefined> {
  const [{ BuildCache }, { cacheFolder }, { cacheKeying }] = await Promise.all([import('../build/cache.js'), import('../build/cache-folder.js'), import('../build/cache-secret.js')]);
  const out = path.resolve(io.cwd, options.out ?? 'out');
  const dir = cacheFolder({ out, cacheDir: options.cacheDir === undefined ? undefined : path.resolve(io.cwd, options.cacheDir) });
  // `validate` writes nothing, anywhere (not even the user's secret); what a build keeps, it takes.
  const keying = cacheKeying(version, false);
  return keying === undefined ? undefined : new BuildCache(dir, keying, { notAssets: [out], readOnly: true });
}

/** `pocketpress validate [dir]`: prints every problem; 0 when clean, 1 on content errors. */
export async function validateCommand(dir: string | string[], options: ValidateOptions, version: string, io: CliIo): Promise<number> {
  // Loaded on demand: the layout code is only needed once there is content to check.
  const { validateGames } = await import('../build/validate-games.js');
  const root = typeof dir === 'string' ? path.resolve(io.cwd, dir) : dir.map((d) => path.resolve(io.cwd, d));
  // The faces a build laid out are taken from its cache (with their problems).
  const cache = options.cache === false ? undefined : await buildCache(options, version, io);
  const check = validateGames({ root, games: options.game, languages: options.lang, allowMissing: options.allowMissing, paper: options.paper, cache });
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
