import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SHARED_TEMPLATES_DIR } from '../shared/game-paths.js';
import { buildOnce, type BuildCommandOptions } from '../cli/build-command.js';
import type { CliIo } from '../cli/io.js';
import { isAllowedHost, resolveServedPath } from './paths.js';
import { PREVIEW_PAGE } from './page.js';

/** How long to wait after the last save before building (as `build --watch`). */
export const PREVIEW_DEBOUNCE_MS = 200;

export interface PreviewOptions {
  /** The folder of games (or one game folder). */
  dir: string;
  /** 0 (default) takes any free port. */
  port?: number;
  game?: string[];
  lang?: string[];
  /** PNG resolution of the preview (default 150: enough for a screen, twice as fast as 300). */
  dpi?: number;
  /** Where the preview builds; default `<os tmp>/pocketpress-preview-<hash of dir>`. */
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
  ok: boolean | null;
  diagnostics: PreviewDiagnostic[];
  errors: number;
  warnings: number;
  finishedAt: string | null;
  seconds: number | null;
  changed: string[];
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

export function defaultPreviewOut(root: string): string {
  const hash = createHash('sha256').update(path.resolve(root)).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `pocketpress-preview-${hash}`);
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
  const root = path.resolve(cwd, options.dir);
  if (!existsSync(root)) throw new Error(`no such folder: ${root}`);
  const out = path.resolve(cwd, options.out ?? defaultPreviewOut(root));
  mkdirSync(out, { recursive: true });
  const log = options.log ?? (() => {});
  const buildOptions: BuildCommandOptions = {
    out,
    format: 'json',
    dpi: options.dpi ?? 150,
    paper: 'a4',
    duplex: 'long',
    backOffset: { x: 0, y: 0 },
    sheetPng: true,
    game: options.game,
    lang: options.lang,
  };
  const state: BuildState = { id: 0, running: false, ok: null, diagnostics: [], errors: 0, warnings: 0, finishedAt: null, seconds: null, changed: [] };
  const clients = new Set<http.ServerResponse>();
  const broadcast = (event: string) => {
    const data = `event: ${event}\ndata: ${JSON.stringify(state)}\n\n`;
    for (const c of clients) c.write(data);
  };

  let closed = false;
  let queue = Promise.resolve();
  const build = async (changed: string[]) => {
    if (closed) return;
    state.running = true;
    state.changed = changed;
    broadcast('building');
    const started = Date.now();
    let stdout = '';
    const io: CliIo = { stdout: (t) => void (stdout += t), stderr: () => {}, cwd };
    try {
      const outcome = await buildOnce(root, buildOptions, options.version ?? 'preview', io);
      const parsed = stdout.trim() ? (JSON.parse(stdout) as { diagnostics: PreviewDiagnostic[]; errors: number; warnings: number }) : { diagnostics: [], errors: 0, warnings: 0 };
      state.ok = outcome.code === 0;
      state.diagnostics = parsed.diagnostics;
      state.errors = parsed.errors;
      state.warnings = parsed.warnings;
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const heartbeat = setInterval(() => {
    for (const c of clients) c.write(': ping\n\n');
  }, 15_000);

  // Watching: as `build --watch`, 200 ms after the last save, ignoring hidden files, editors'
  // backups and the output folder.
  let timer: NodeJS.Timeout | undefined;
  let changed = new Set<string>();
  const onChange = (base: string) => (_event: string, name: string | Buffer | null) => {
    const file = name ? path.join(base, name.toString()) : base;
    if (file.startsWith(out + path.sep) || file === out || /(^|[\\/])\.|~$/.test(path.relative(base, file))) return;
    changed.add(path.relative(cwd, file));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const list = [...changed];
      changed = new Set();
      void schedule(list);
    }, PREVIEW_DEBOUNCE_MS);
  };
  const watchers: FSWatcher[] = [watch(root, { recursive: true }, onChange(root))];
  if (existsSync(SHARED_TEMPLATES_DIR)) watchers.push(watch(SHARED_TEMPLATES_DIR, { recursive: true }, onChange(SHARED_TEMPLATES_DIR)));

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
      clearTimeout(timer);
      clearInterval(heartbeat);
      for (const w of watchers) w.close();
      for (const c of clients) c.end();
      clients.clear();
      await queue;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
