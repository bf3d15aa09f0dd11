import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { previewCommand, registerPreviewCommand } from '../../src/cli/preview-command.js';
import { startPreview } from '../../src/preview/server.js';
import { FIXTURES, runCli, tempDir } from '../helpers.js';

describe('pocketpress preview (command)', () => {
  it('prints the address, serves until aborted, and returns 0', async () => {
    const base = tempDir('pocketpress-preview-cli-');
    let stdout = '';
    const controller = new AbortController();
    const io = { stdout: (t: string) => void (stdout += t), stderr: () => {}, cwd: base };
    const running = previewCommand(path.join(FIXTURES, 'valid', 'full-game'), { port: 0, dpi: 30 }, 'test', io, controller.signal);
    await expect.poll(() => stdout, { timeout: 60_000 }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\n$/);
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

  it('a busy port or a missing folder is a plain message and exit 2, never a stack trace', async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', () => resolve()));
    const port = (busy.address() as net.AddressInfo).port;
    try {
      const taken = await runCli(['preview', path.join(FIXTURES, 'valid', 'full-game'), '--port', String(port)]);
      expect(taken.code).toBe(2);
      expect(taken.stderr).toBe(`pocketpress: port ${port} is already in use; choose another with --port, or --port 0 for any free port\n`);
    } finally {
      busy.close();
    }
    const missing = await runCli(['preview', path.join(tempDir(), 'nothing-here')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^pocketpress: there is no folder .*nothing-here\n$/);
  });

  it('builds into a fresh private folder, its build cache there too, and removes it on close', async () => {
    const preview = await startPreview({ dir: path.join(FIXTURES, 'valid', 'primitives'), dpi: 30 });
    const own = path.dirname(preview.out);
    try {
      expect(path.basename(own)).toMatch(/^pocketpress-preview-.{6}$/);
      expect(statSync(own).mode & 0o777).toBe(0o700);
      // The first build, done once something is in the cache and out/.
      await expect.poll(() => existsSync(path.join(own, 'cache')) && readdirSync(preview.out).length > 0, { timeout: 60_000 }).toBe(true);
      // Never beside it, in the temporary folder every user may write into.
      expect(readdirSync(path.join(own, 'cache')).length).toBeGreaterThan(0);
      expect(existsSync(path.join(path.dirname(own), '.pocketpress-cache', path.basename(own)))).toBe(false);
    } finally {
      await preview.close();
    }
    expect(existsSync(own)).toBe(false);
  });
});
