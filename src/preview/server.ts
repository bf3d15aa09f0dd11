import { createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SHARED_TEMPLATES_DIR } from '../shared/game-paths.js';
import { runBuild, type BuildRequest, type BuildResult } from '../build/run-build.js';
import { watchContent } from '../build/watch-content.js';
import { dedupeDiagnostics, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { UsageError } from '../shared/errors.js';
import { isAllowedHost, resolveServedPath } from './paths.js';
import { PREVIEW_PAGE } from './page.js';

export interface PreviewOptions {
  /** The folder of games (or one game folder); a project may name several. */
  dir: string | readonly string[];
  /** 0 (default) takes any free port. */
  port?: number;
  game?: string[];
  lang?: string[];
  /** PNG resolution of the preview (default 150: enough for a screen, twice as fast as 300). */
  dpi?: number;
  /** Where the preview builds; default a new private folder (mode 0700) under the system's temporary folder, removed on close. */
  out?: string;
  /** Working directory for relative paths and diagnostics' file names (default process.cwd()). */
  cwd?: string;
  /** Where the preview says what it does (default: nowhere). */
  log?: (text: string) => void;
  version?: string;
}

export interface PreviewDiagnostic {
  severity: string;
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

export interface BuildState {
  /** Increases with each finished build. */
  id: number;
  running: boolean;
  /** While building: game × language folders done and to do. */
  progress: { done: number; total: number; current: string | null };
  ok: boolean | null;
  diagnostics: PreviewDiagnostic[];
  errors: number;
  warnings: number;
  finishedAt: string | null;
  seconds: number | null;
  changed: string[];
  /** The game the page shows (its game filter): built first, before the other games. */
  focus: string | null;
  /** The games built so far by the build under way (the focus first); empty between builds. */
  ready: string[];
}

export interface PreviewHandle {
  url: string;
  port: number;
  out: string;
  /** Resolves when the build under way (if any) and the ones queued after it have finished. */
  idle(): Promise<void>;
  state(): BuildState;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.pdf': 'application/pdf',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** A fresh folder only this user can read, never one that another user could have planted. */
export function createPreviewOut(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'pocketpress-preview-'));
}

interface Listing {
  game: string;
  lang: string;
  files: Array<Record<string, unknown>>;
}

/** Every `<game>/<lang>/manifest.json` of the output folder, filtered by --game and --lang. */
function listOutputs(out: string, options: PreviewOptions): Listing[] {
  const result: Listing[] = [];
  if (!existsSync(out)) return result;
  for (const game of readdirSync(out, { withFileTypes: true })) {
    if (!game.isDirectory() || game.name.startsWith('.')) continue;
    if (options.game && !options.game.includes(game.name)) continue;
    for (const lang of readdirSync(path.join(out, game.name), { withFileTypes: true })) {
      if (!lang.isDirectory() || lang.name.startsWith('.')) continue;
      if (options.lang && !options.lang.includes(lang.name)) continue;
      const manifest = path.join(out, game.name, lang.name, 'manifest.json');
      if (!existsSync(manifest)) continue;
      try {
        const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { files?: Array<Record<string, unknown>> };
        result.push({ game: game.name, lang: lang.name, files: parsed.files ?? [] });
      } catch {
        // A manifest being replaced: the next build event lists it again.
      }
    }
  }
  return result.sort((a, b) => (a.game + '/' + a.lang).localeCompare(b.game + '/' + b.lang));
}

function send(res: http.ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(body);
}

/**
 * `pocketpress preview`: builds the games under `dir` into a private folder, serves a page that
 * shows them on 127.0.0.1, and builds again 200 ms after each save, telling the page by
 * server-sent events. A content error leaves the last good images in place.
 */
export async function startPreview(options: PreviewOptions): Promise<PreviewHandle> {
  const cwd = options.cwd ?? process.cwd();
  const roots = (typeof options.dir === 'string' ? [options.dir] : options.dir).map((d) => path.resolve(cwd, d));
  for (const root of roots) if (!existsSync(root) || !statSync(root).isDirectory()) throw new UsageError(`there is no folder ${root}`);
  const ownOut = options.out === undefined;
  // Its own output and build cache both in one fresh private folder: a cache beside it would be
  // in the system's temporary folder, which every user may write into.
  const own = ownOut ? createPreviewOut() : undefined;
  const out = own ? path.join(own, 'out') : path.resolve(cwd, options.out!);
  mkdirSync(out, { recursive: true });
  const log = options.log ?? (() => {});
  const request: BuildRequest = {
    root: roots,
    out,
    version: options.version ?? 'preview',
    games: options.game,
    languages: options.lang,
    dpi: options.dpi ?? 150,
    paper: 'a4',
    duplex: 'long',
    backOffset: { x: 0, y: 0 },
    sheetPng: true,
    ...(own ? { cacheDir: path.join(own, 'cache') } : {}),
  };
  const state: BuildState = {
    id: 0,
    running: false,
    progress: { done: 0, total: 0, current: null },
    ok: null,
    diagnostics: [],
    errors: 0,
    warnings: 0,
    finishedAt: null,
    seconds: null,
    changed: [],
    focus: null,
    ready: [],
  };
  const clients = new Set<http.ServerResponse>();
  const broadcast = (event: string) => {
    const data = `event: ${event}\ndata: ${JSON.stringify(state)}\n\n`;
    for (const c of clients) c.write(data);
  };
  const relative = (d: Diagnostic): PreviewDiagnostic => ({ ...d, file: d.file ? path.relative(cwd, d.file) || d.file : d.file });

  let closed = false;
  let queue = Promise.resolve();
  const build = async (changed: string[]) => {
    if (closed) return;
    state.running = true;
    state.changed = changed;
    state.progress = { done: 0, total: 0, current: null };
    broadcast('building');
    const started = Date.now();
    state.ready = [];
    // The game on screen first, written as soon as it is built; then the others.
    const focus = state.focus && (!options.game || options.game.length > 1) && (!options.game || options.game.includes(state.focus)) ? state.focus : null;
    const phases: Partial<BuildRequest>[] = focus ? [{ games: [focus] }, { skipGames: [focus] }] : [{}];
    const diagnostics: Diagnostic[] = [];
    let before = 0;
    try {
      let written = true;
      for (const [index, phase] of phases.entries()) {
        const offset = before;
        const run = (games: Partial<BuildRequest>) =>
          runBuild({
            ...request,
            ...games,
            onProgress: (event) => {
              state.progress = event.type === 'start' ? { done: offset, total: offset + event.total, current: null } : { done: offset + event.done, total: offset + event.total, current: `${event.game}/${event.lang}` };
              if (event.type === 'start' && index === 0) before = event.total;
              broadcast('progress');
            },
          });
        let result: BuildResult;
        try {
          result = await run(phase);
        } catch (error) {
          // A game on screen that is no longer there (renamed, removed): build them all at once.
          if (!(error instanceof UsageError) || phases.length === 1) throw error;
          state.focus = null;
          result = await run({});
          phases.length = 1;
        }
        written &&= result.written;
        for (const d of result.diagnostics) diagnostics.push(d);
        if (index === 0 && phases.length > 1) {
          state.ready = result.written ? [focus!] : [];
          broadcast('ready');
        }
      }
      state.ok = written;
      state.diagnostics = sortDiagnostics(dedupeDiagnostics(diagnostics)).map(relative);
      state.errors = state.diagnostics.filter((d) => d.severity === 'error').length;
      state.warnings = state.diagnostics.length - state.errors;
    } catch (error) {
      state.ok = false;
      state.diagnostics = [{ severity: 'error', code: 'build-failed', message: (error as Error).message }];
      state.errors = 1;
      state.warnings = 0;
    }
    state.running = false;
    state.id += 1;
    state.seconds = (Date.now() - started) / 1000;
    state.finishedAt = new Date().toISOString();
    log(`build ${state.id}: ${state.ok ? 'ok' : `${state.errors} error${state.errors === 1 ? '' : 's'}`}, ${state.warnings} warning${state.warnings === 1 ? '' : 's'} in ${state.seconds.toFixed(1)} s\n`);
    broadcast('built');
  };
  const schedule = (changed: string[]) => {
    queue = queue.then(() => build(changed));
    return queue;
  };

  const server = http.createServer((req, res) => {
    const address = server.address() as AddressInfo;
    if (!isAllowedHost(req.headers.host, address.port)) return send(res, 403, 'forbidden host\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed\n');
    const rawUrl = req.url ?? '/';
    const pathname = rawUrl.split('?')[0]!.split('#')[0]!;
    if (pathname === '/') {
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self'; connect-src 'self'; frame-ancestors 'none'",
      });
      return void res.end(req.method === 'HEAD' ? undefined : PREVIEW_PAGE);
    }
    if (pathname === '/api/focus') {
      // The page says which game it shows; the next builds start with it.
      const game = new URLSearchParams(rawUrl.split('?')[1] ?? '').get('game') ?? '';
      state.focus = /^[a-z0-9][a-z0-9_-]{0,99}$/.test(game) ? game : null;
      return send(res, 200, JSON.stringify({ focus: state.focus }), 'application/json; charset=utf-8');
    }
    if (pathname === '/api/state') {
      return send(res, 200, JSON.stringify({ build: state, outputs: listOutputs(out, options) }), 'application/json; charset=utf-8');
    }
    if (pathname === '/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.write(`retry: 1000\nevent: hello\ndata: ${JSON.stringify(state)}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (pathname.startsWith('/out/')) {
      const served = resolveServedPath(out, pathname.slice('/out/'.length));
      if (!served.ok) return send(res, served.status, `${served.status === 403 ? 'forbidden' : 'not found'}\n`);
      res.writeHead(200, {
        'Content-Type': TYPES[path.extname(served.file).toLowerCase()] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      });
      if (req.method === 'HEAD') return void res.end();
      const stream = createReadStream(served.file);
      stream.on('error', () => res.destroy());
      return void stream.pipe(res);
    }
    return send(res, 404, 'not found\n');
  });
  // Pure path checks above refuse `..` before the URL parser of a client could fold it away.
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    if (own) rmSync(own, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${options.port} is already in use; choose another with --port, or --port 0 for any free port`);
    if (code === 'EACCES') throw new UsageError(`port ${options.port} needs privileges this user lacks; choose one above 1023, or --port 0`);
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const heartbeat = setInterval(() => {
    for (const c of clients) c.write(': ping\n\n');
  }, 15_000);

  // The same watcher as `build --watch`: 200 ms after the last save, in any editor.
  const watcher = watchContent({
    folders: existsSync(SHARED_TEMPLATES_DIR) ? [...roots, SHARED_TEMPLATES_DIR] : roots,
    ignore: [out],
    onChange: (files) => void schedule(files.map((f) => path.relative(cwd, f))),
  });
  await watcher.ready;

  void schedule([]);
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    port,
    out,
    idle: async () => {
      let seen: Promise<void> | undefined;
      while (seen !== queue) {
        seen = queue;
        await seen;
      }
    },
    state: () => state,
    close: async () => {
      closed = true;
      clearInterval(heartbeat);
      await watcher.close();
      for (const c of clients) c.end();
      clients.clear();
      await queue;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (own) rmSync(own, { recursive: true, force: true });
    },
  };
}
