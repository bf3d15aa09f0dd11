import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { SHARED_TEMPLATES_DIR } from '../shared/game-paths.js';
import { buildOnce, type BuildCommandOptions } from './build-command.js';
import { EXIT, type CliIo } from './io.js';

/** How long to wait after the last save before building, so a burst of saves builds once. */
export const DEBOUNCE_MS = 200;

/**
 * `pocketpress build --watch`: builds, then builds again after each save in the content or the
 * shared templates. A content error is printed and the watch goes on; only the cache decides
 * what is made again, so an unchanged card is neither laid out nor rendered. Stops on Ctrl-C
 * (or when `signal` aborts).
 */
export async function watchBuild(dir: string, options: BuildCommandOptions, version: string, io: CliIo, signal?: AbortSignal): Promise<number> {
  const root = path.resolve(io.cwd, dir);
  const out = path.resolve(io.cwd, options.out);
  const run = async (reason?: string) => {
    if (reason) io.stdout(`\n${reason}: building again\n`);
    try {
      await buildOnce(dir, options, version, io);
    } catch (error) {
      io.stderr(`pocketpress: ${(error as Error).message}\n`);
    }
    io.stdout(`watching ${path.relative(io.cwd, root) || '.'} for changes (Ctrl-C stops)\n`);
  };
  await run();
  return new Promise<number>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    let running = Promise.resolve();
    let changed = new Set<string>();
    const onChange = (base: string) => (_event: string, name: string | Buffer | null) => {
      const file = name ? path.join(base, name.toString()) : base;
      if (file.startsWith(out + path.sep) || file === out || /(^|[\\/])\.|~$/.test(path.relative(base, file))) return;
      changed.add(path.relative(io.cwd, file));
      clearTimeout(timer);
      timer = setTimeout(() => {
        const reason = [...changed].slice(0, 3).join(', ') + (changed.size > 3 ? ` and ${changed.size - 3} more` : '');
        changed = new Set();
        running = running.then(() => run(`changed: ${reason}`));
      }, DEBOUNCE_MS);
    };
    const watchers: FSWatcher[] = [watch(root, { recursive: true }, onChange(root)), watch(SHARED_TEMPLATES_DIR, { recursive: true }, onChange(SHARED_TEMPLATES_DIR))];
    const stop = () => {
      clearTimeout(timer);
      for (const w of watchers) w.close();
      process.removeListener('SIGINT', stop);
      void running.then(() => resolve(EXIT.ok));
    };
    process.once('SIGINT', stop);
    signal?.addEventListener('abort', stop, { once: true });
  });
}
