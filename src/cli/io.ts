/** Where the CLI writes; tests pass their own to capture output. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
}

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  get cwd() {
    return process.cwd();
  },
};

/** Exit codes of the contract. */
export const EXIT = { ok: 0, contentErrors: 1, usage: 2 } as const;
