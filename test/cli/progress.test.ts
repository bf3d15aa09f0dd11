import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/cli/progress.js';

describe('the progress of a build', () => {
  it('on a terminal, draws a bar on stderr with the count and the game being built', () => {
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    const isTTY = process.stderr.isTTY;
    const columns = process.stderr.columns;
    // cli-progress draws only on a terminal of some width.
    Object.assign(process.stderr, { isTTY: true, columns: 100 });
    process.stderr.write = ((chunk: string | Uint8Array) => (written.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      const progress = createProgress({ tty: true, quiet: false, write: () => {} });
      progress.start(2);
      progress.step('arcadia (en)');
      progress.stop();
    } finally {
      process.stderr.write = write;
      Object.assign(process.stderr, { isTTY, columns });
    }
    const text = written.join('');
    expect(text).toContain('building');
    expect(text).toContain('1/2 arcadia (en)');
  });

  it('elsewhere, a plain line a step; quiet, nothing', () => {
    const lines: string[] = [];
    const plain = createProgress({ tty: false, quiet: false, write: (t) => lines.push(t) });
    plain.start(2);
    plain.step('arcadia (en)');
    plain.step('arcadia (fr)');
    expect(lines).toEqual(['[1/2] arcadia (en)\n', '[2/2] arcadia (fr)\n']);
    const quiet = createProgress({ tty: false, quiet: true, write: (t) => lines.push(t) });
    quiet.start(1);
    quiet.step('x');
    expect(lines).toHaveLength(2);
  });
});
