import path from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { previewCommand, registerPreviewCommand } from '../../src/cli/preview-command.js';
import { FIXTURES, tempDir } from '../helpers.js';

describe('pocketpress preview (command)', () => {
  it('prints the address, serves until aborted, and returns 0', async () => {
    const base = tempDir('pocketpress-preview-cli-');
    let stdout = '';
    const controller = new AbortController();
    const io = { stdout: (t: string) => void (stdout += t), stderr: () => {}, cwd: base };
    const running = previewCommand(path.join(FIXTURES, 'valid', 'full-game'), { port: 0, dpi: 30 }, 'test', io, controller.signal);
    await expect.poll(() => stdout, { timeout: 10_000 }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\n$/);
    const res = await fetch(stdout.trim());
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('EventSource');
    controller.abort();
    await expect(running).resolves.toBe(0);
  });

  it('checks its options', async () => {
    const errors: string[] = [];
    const program = new Command('pocketpress').exitOverride().configureOutput({ writeErr: (t) => errors.push(t), writeOut: () => {} });
    registerPreviewCommand(program, { stdout: () => {}, stderr: () => {}, cwd: '.' }, () => {});
    await expect(program.parseAsync(['preview', '--port', 'http'], { from: 'user' })).rejects.toThrow();
    expect(errors.join('')).toContain('expected a port from 0 to 65535');
    expect(program.commands.map((c) => c.name())).toContain('preview');
  });
});
