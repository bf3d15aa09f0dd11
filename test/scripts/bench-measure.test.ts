import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureWatch, stage, type Stages } from '../../scripts/bench/measure.js';
import { tempDir } from '../helpers.js';

describe('the benchmark stages', () => {
  it('records each stage under its name, in the order they first ran, and passes results through', async () => {
    const stages: Stages = {};
    expect(stage(stages, 'check', () => 3)).toBe(3);
    expect(await stage(stages, 'pdf', async () => 'bytes')).toBe('bytes');
    expect(stage(stages, 'layout', () => [1, 2])).toEqual([1, 2]);
    expect(Object.keys(stages)).toEqual(['check', 'pdf', 'layout']);
    for (const ms of Object.values(stages)) expect(ms).toBeGreaterThanOrEqual(0);
  });

  it('adds a stage run twice, records a failed one, and records nothing without a record', async () => {
    const stages: Stages = { layout: 5 };
    stage(stages, 'layout', () => undefined);
    expect(stages['layout']).toBeGreaterThanOrEqual(5);
    await expect(stage(stages, 'pdf', () => Promise.reject(new Error('no pages')))).rejects.toThrow('no pages');
    expect(Object.keys(stages)).toEqual(['layout', 'pdf']);
    expect(stage(undefined, 'check', () => 'kept')).toBe('kept');
  });
});

describe('the watch measure', () => {
  it('times from the save to the next ready line, with the CPU the watcher spent meanwhile, then stops it', async () => {
    const dir = tempDir('pocketpress-bench-watch-');
    const saved = path.join(dir, 'saved');
    const pidFile = path.join(dir, 'pid');
    // A watcher that, once the file is saved, spends 300 ms of CPU before it is ready again.
    const script = `
      require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
      console.log('watching');
      const wait = setInterval(() => {
        if (!require('fs').existsSync(${JSON.stringify(saved)})) return;
        clearInterval(wait);
        const from = process.cpuUsage();
        while (process.cpuUsage(from).user < 300_000);
        console.log('watching again');
        setInterval(() => {}, 1000);
      }, 20);`;
    const measured = await measureWatch(process.execPath, ['-e', script], /^watching/, () => writeFileSync(saved, 'x'));
    expect(measured.scope).toBe('process');
    expect(measured.cpuMs).toBeGreaterThanOrEqual(280);
    expect(measured.cpuMs).toBeLessThan(5_000);
    expect(measured.wallMs).toBeGreaterThanOrEqual(measured.cpuMs - 20);
    expect(measured.peakRssMb).toBeGreaterThan(10);
    expect(existsSync(saved)).toBe(true);
    // Stopped once measured: the process is gone.
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
