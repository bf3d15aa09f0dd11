import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers.js';

const module = (file: string) => JSON.stringify(pathToFileURL(path.join(ROOT, file)).href);

describe('the scratch folder of the trims (a build without the cache)', () => {
  it('is removed when the process ends before the build does, as Ctrl-C ends it', () => {
    const tmp = path.join(tempDir(), 'tmp');
    mkdirSync(tmp);
    // What the command's stop-signal handler does once the build is under way: exit at once.
    const script = `
      import { readdirSync } from 'node:fs';
      import { tmpdir } from 'node:os';
      const { BuildCache } = await import(${module('src/build/cache.ts')});
      const { TrimStore } = await import(${module('src/build/trim-store.ts')});
      TrimStore.open(new BuildCache(undefined, 'test'), 'test');
      console.log(readdirSync(tmpdir()).filter((n) => n.startsWith('pocketpress-trims-')).length);
      process.exit(130);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, env: { ...process.env, TMPDIR: tmp }, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(130);
    // The folder was there while the build ran, and is gone after.
    expect(run.stdout.trim()).toBe('1');
    expect(readdirSync(tmp).filter((n) => !n.startsWith('tsx-'))).toEqual([]);
  }, 60_000);
});
