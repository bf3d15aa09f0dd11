import { createRequire } from 'node:module';
import type CliProgress from 'cli-progress';

/** What a build says while it works: a bar on a terminal, plain lines elsewhere, nothing when quiet. */
export interface Progress {
  start(total: number): void;
  step(label: string): void;
  stop(): void;
}

export function createProgress(options: { tty: boolean; quiet: boolean; write: (text: string) => void }): Progress {
  if (options.quiet) return { start() {}, step() {}, stop() {} };
  if (!options.tty) {
    let done = 0;
    let total = 0;
    return {
      start: (n) => void (total = n),
      step: (label) => options.write(`[${++done}/${total}] ${label}\n`),
      stop() {},
    };
  }
  // Loaded for a terminal only: a quiet or piped build does without it (10 ms).
  const cliProgress = createRequire(import.meta.url)('cli-progress') as typeof CliProgress;
  const bar = new cliProgress.SingleBar(
    { format: 'building {bar} {value}/{total} {label}', hideCursor: true, clearOnComplete: true, stream: process.stderr },
    cliProgress.Presets.shades_classic,
  );
  return {
    start: (n) => bar.start(n, 0, { label: '' }),
    step: (label) => bar.increment(1, { label }),
    stop: () => bar.stop(),
  };
}
