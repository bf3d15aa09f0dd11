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

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  get cwd() {
    return process.cwd();
  },
  get color() {
    return wantsColor(process.env, process.stdout.isTTY === true);
  },
};

/** Exit codes of the contract. */
export const EXIT = { ok: 0, contentErrors: 1, usage: 2 } as const;
