import path from 'node:path';
import { watchContent } from '../build/watch-content.js';
import { SHARED_TEMPLATES_DIR } from '../shared/game-paths.js';
import { loadBuildCode, runBuild } from '../build/run-build.js';
import { buildOnce, buildRequestOf, type BuildCommandOptions } from './build-command.js';
import { EXIT, type CliIo } from './io.js';
import { onStopSignal } from './signals.js';

/**
 * `pocketpress build --watch`: builds, then builds again after each save in the content or the
 * shared templates. A content error is printed and the watch goes on; only the cache decides
 * what is made again, so an unchanged card is neither laid out nor rendered. Stops on Ctrl-C
 * (or when `signal` aborts).
 */
export async function watchBuild(dir: string | string[], options: BuildCommandOptions, version: string, io: CliIo, signal?: AbortSignal): Promise<number> {
  const roots = (typeof dir === 'string' ? [dir] : dir).map((d) => path.resolve(io.cwd, d));
  let upToDate = false;
  const run = async (reason?: string) => {
    if (reason) io.stdout(`\n${reason}: building again\n`);
    try {
      upToDate = (await buildOnce(dir, options, version, io)).result?.upToDate === true;
    } catch (error) {
      io.stderr(`pocketpress: ${(error as Error).message}\n`);
    }
    io.stdout(`watching ${roots.map((r) => path.relative(io.cwd, r) || '.').join(', ')} for changes (Ctrl-C stops)\n`);
  };
  // A first build that found everything up to date read nothing: the build is rehearsed (made
  // from the cache, nothing moved into out/), so that the first save finds the code compiled
  // and the fonts read. A save stops the rehearsal.
  let rehearsal: AbortController | undefined;
  const rehearse = async () => {
    rehearsal = new AbortController();
    try {
      await runBuild({ ...buildRequestOf(dir, { ...options, quiet: true }, version, io), rehearse: true, signal: rehearsal.signal });
    } catch {
      // Stopped by a save, or failed: the build after the save says what there is to say.
    }
    rehearsal = undefined;
  };
  let running = Promise.resolve();
  const watcher = watchContent({
    folders: [...roots, SHARED_TEMPLATES_DIR],
    ignore: [path.resolve(io.cwd, options.out)],
    onChange: (files) => {
      const names = files.map((f) => path.relative(io.cwd, f));
      const reason = names.slice(0, 3).join(', ') + (names.length > 3 ? ` and ${names.length - 3} more` : '');
      rehearsal?.abort();
      running = running.then(() => run(`changed: ${reason}`));
    },
  });
  await watcher.ready;
  running = running.then(() => run());
  await running;
  // While the designer edits: a save that comes before this is done simply waits for the same modules.
  void loadBuildCode().catch(() => {});
  if (upToDate) running = running.then(rehearse);
  return new Promise<number>((resolve) => {
    const stop = () => {
      stopSignals();
      rehearsal?.abort();
      void watcher.close().then(() => running).then(() => resolve(EXIT.ok));
    };
    const stopSignals = onStopSignal(stop);
    if (signal?.aborted) stop();
    signal?.addEventListener('abort', stop, { once: true });
  });
}
