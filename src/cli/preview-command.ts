import { Command, InvalidArgumentError } from 'commander';
import { EXIT, type CliIo } from './io.js';
import { collect, languages } from './options.js';
import { onStopSignal } from './signals.js';

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
}

/**
 * `pocketpress preview [dir]`: serves a page on 127.0.0.1 that shows every game, language and
 * set, and updates itself after each save. Runs until Ctrl-C (or until `signal` aborts).
 */
export async function previewCommand(dir: string, options: PreviewCommandOptions, version: string, io: CliIo, signal?: AbortSignal): Promise<number> {
  // Loaded on demand: the other commands need none of the server and build code.
  const { startPreview } = await import('../preview/server.js');
  const preview = await startPreview({ dir, port: options.port, game: options.game, lang: options.lang, dpi: options.dpi, cwd: io.cwd, version, log: io.stderr });
  io.stdout(`${preview.url}\n`);
  io.stderr(`previewing ${dir}, building into ${preview.out} (Ctrl-C stops)\n`);
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
    .argument('[dir]', 'a folder of games, or one game folder', 'content')
    .option('--port <n>', 'port to listen on (0: any free port)', port, 0)
    .option('--game <id>', 'only this game (repeat for several)', collect)
    .option('--lang <codes>', 'only these languages, e.g. en,fr', languages)
    .option('--dpi <n>', 'resolution of the preview images', dpi, 150)
    .action(async (dir: string, options: PreviewCommandOptions) => {
      setCode(await previewCommand(dir, options, version, io));
    });
}
