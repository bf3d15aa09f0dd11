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

/** Streams whose reader went away (`pocketpress … | head`): what is printed after is dropped. */
const gone = new Set<NodeJS.WriteStream>();

/**
 * Writes to the process's stdout or stderr. A reader that stops reading ends what the CLI
 * prints, not its work: the write error is taken here (never an uncaught stack trace) and the
 * command goes on to the end, so a build piped into `head` still writes all of out/.
 */
function writeTo(stream: NodeJS.WriteStream, text: string): void {
  if (gone.has(stream)) return;
  if (!stream.listeners('error').includes(onWriteError)) stream.on('error', onWriteError);
  stream.write(text);
}

function onWriteError(this: NodeJS.WriteStream): void {
  gone.add(this);
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
