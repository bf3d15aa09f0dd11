import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeCardAssets } from '../../scripts/bench/same-card.js';
import { writeGame } from '../../scripts/bench/write-game.js';
import { ROOT, tempDir } from '../helpers.js';

/** Counts the full collections of the main thread's heap, written to $FULL_GC_FILE when the process ends. */
const COUNTER = `
import { writeFileSync } from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';
let full = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
}).observe({ entryTypes: ['gc'] });
process.on('exit', () => writeFileSync(process.env.FULL_GC_FILE, String(full)));
`;

describe('the V8 settings of the CLI', () => {
  it("let a build's main thread collect its heap in full now and then, not every few cards as the pictures' buffers pass through it", async () => {
    const dir = tempDir();
    const game = writeGame(dir, 400, await writeCardAssets(dir));
    const counter = path.join(dir, 'count-full-gc.mjs');
    writeFileSync(counter, COUNTER);
    const counted = path.join(dir, 'full-gc');
    const build = spawnSync(
      process.execPath,
      ['--import', pathToFileURL(counter).href, path.join(ROOT, 'bin', 'pocketpress.js'), 'build', game, '--out', path.join(dir, 'out'), '--cache-dir', path.join(dir, 'cache'), '--quiet'],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, FULL_GC_FILE: counted } },
    );
    expect(build.stderr).toBe('');
    expect(build.status).toBe(0);
    // Measured on 2 cores: 18–22 full collections, 24–25 beside another build; with V8's own
    // room after each, 37–45.
    expect(Number(readFileSync(counted, 'utf8'))).toBeLessThanOrEqual(32);
  });
});
