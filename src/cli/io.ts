/** Where the CLI writes; tests pass their own to capture output. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  /** Colour the text diagnostics (a terminal that shows colour). */
  color?: boolean;
}

/** Colour on a terminal, unless NO_COLOR is set; FORCE_COLOR (other than 0) turns it on anywhere. */
export function wantsColor(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (env['FORCE_COLOR'] !== undefined && env['FORCE_COLOR'] !== '0' && env['FORCE_COLOR'] !== 'false') return true;
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  return isTTY;
}

/** Streams whose reader went away (`pocketpress … | head`) or that cannot be written: what is printed after is dropped. */
const gone = new Set<NodeJS.WriteStream>();
/** The first write that failed for another reason than a reader gone (a full disk under `> file`). */
let failedWrite: string | undefined;

/**
 * Writes to the process's stdout or stderr. A reader that stops reading ends what the CLI
 * prints, not its work: the write error is taken here (never an uncaught stack trace) and the
 * command goes on to the end, so a build piped into `head` still writes all of out/. Any other
 * write error (no space left for `> texts.po`) is told on stderr and fails the command.
 */
function writeTo(stream: NodeJS.WriteStream, text: string): void {
  if (gone.has(stream)) return;
  if (!stream.listeners('error').includes(onWriteError)) stream.on('error', onWriteError);
  stream.write(text);
}

function onWriteError(this: NodeJS.WriteStream, error: NodeJS.ErrnoException): void {
  gone.add(this);
  if (error.code === 'EPIPE') return;
  const name = this === process.stdout ? 'standard output' : 'standard error';
  failedWrite ??= `pocketpress: cannot write to ${name}: ${error.message}\n`;
  if (this !== process.stderr && !gone.has(process.stderr)) process.stderr.write(failedWrite);
  process.exitCode = EXIT.usage;
}

/** Whether something the CLI printed could not be written (and was told on stderr). */
export function writeFailed(): boolean {
  return failedWrite !== undefined;
}

export const processIo: CliIo = {
  stdout: (text) => writeTo(process.stdout, text),
  stderr: (text) => writeTo(process.stderr, text),
  get cwd() {
    return process.cwd();
  },
  get color() {
    return wantsColor(process.env, process.stdout.isTTY === true);
  },
};

/** Exit codes of the contract. */
export const EXIT = { ok: 0, contentErrors: 1, usage: 2 } as const;
