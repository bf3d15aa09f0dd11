import { spawn } from 'node:child_process';
import { Command, InvalidArgumentError } from '../vendor/commander.js';
import { EXIT, type CliIo } from './io.js';
import { collect, languages } from './options.js';
import { onStopSignal } from './signals.js';
import { applyProject, contentFolders, readProject } from './project.js';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError(`expected a port from 0 to 65535, found "${value}"`);
  return n;
}

function dpi(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 30 || n > 600) throw new InvalidArgumentError(`expected a whole number from 30 to 600, found "${value}"`);
  return n;
}

export interface PreviewCommandOptions {
  port: number;
  game?: string[];
  lang?: string[];
  dpi: number;
  /** Open the page in the default browser. */
  open?: boolean;
}

/** Opens `url` in the user's browser with the system's own opener; a missing opener is said, not fatal. */
export function openInBrowser(url: string, io: CliIo, platform: NodeJS.Platform = process.platform): void {
  const [command, args] = platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => io.stderr(`pocketpress: could not open a browser (${command} is missing); open ${url} yourself\n`));
  child.unref();
}

/**
 * `pocketpress preview [dir]`: serves a page on 127.0.0.1 that shows every game, language and
 * set, and updates itself after each save. Runs until Ctrl-C (or until `signal` aborts).
 */
export async function previewCommand(dir: string | string[], options: PreviewCommandOptions, version: string, io: CliIo, signal?: AbortSignal): Promise<number> {
  // Loaded on demand: the other commands need none of the server and build code.
  const { startPreview } = await import('../preview/server.js');
  const preview = await startPreview({ dir, port: options.port, game: options.game, lang: options.lang, dpi: options.dpi, cwd: io.cwd, version, log: io.stderr });
  io.stdout(`${preview.url}\n`);
  if (options.open) openInBrowser(preview.url, io);
  io.stderr(`previewing ${typeof dir === 'string' ? dir : dir.join(', ')}, building into ${preview.out} (Ctrl-C stops)\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      stopSignals();
      resolve();
    };
    const stopSignals = onStopSignal(stop);
    if (signal?.aborted) stop();
    signal?.addEventListener('abort', stop, { once: true });
  });
  await preview.close();
  return EXIT.ok;
}

export function registerPreviewCommand(program: Command, io: CliIo, setCode: (code: number) => void, version = 'preview'): void {
  program
    .command('preview')
    .description('show every game, language and set in a browser, updated on each save (http://127.0.0.1 only)')
    .argument('[dir]', 'a folder of games, or one game folder (default: the content of pocketpress.yaml, else content/)')
    .option('--port <n>', 'port to listen on (0: any free port)', port, 0)
    .option('--game <id>', 'only this game (repeat for several)', collect)
    .option('--lang <codes>', 'only these languages, e.g. en,fr', languages)
    .option('--dpi <n>', 'resolution of the preview images', dpi, 150)
    .option('--open', 'open the page in the default browser')
    .action(async (dir: string | undefined, cliOptions: PreviewCommandOptions, command: Command) => {
      const settings = await readProject(io);
      const options = applyProject(command, cliOptions, settings);
      setCode(await previewCommand(contentFolders(dir, settings), options, version, io));
    });
}
