import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, ROOT, tempDir } from '../helpers.js';

const BIN = path.join(ROOT, 'bin', 'pocketpress.js');
const isRoot = process.getuid?.() === 0;
if (!isRoot) console.warn('disk-full test not run: mounting a small tmpfs needs root (run the suite as root, as CI does)');

describe.skipIf(!isRoot)('a build on a full disk', () => {
  const mount = path.join(tempDir('pocketpress-full-'), 'disk');
  mkdirSync(mount);
  afterAll(() => {
    spawnSync('umount', [mount]);
  });

  it('stops at the first failed write, says the disk is full, and leaves out/ as it was with no staging folder', () => {
    // 200 kB: room for the start of a build, not for all of it.
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=200k', 'tmpfs', mount]);
    const out = path.join(mount, 'out');
    const result = spawnSync(process.execPath, [BIN, 'build', path.join(FIXTURES, 'valid', 'full-game'), '--out', out, '--no-cache'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/the disk is full; nothing was changed/);
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(readdirSync(out).filter((n) => n !== '.cache')).toEqual([]);
  }, 120_000);
});
