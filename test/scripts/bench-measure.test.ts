import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureWatch, stage, type Measure, type Stages } from '../../scripts/bench/measure.js';
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
  it('times each save to the next ready line, with the CPU the watcher spent meanwhile, then stops it', async () => {
    const dir = tempDir('pocketpress-bench-watch-');
    const pidFile = path.join(dir, 'pid');
    const saved = (n: number) => path.join(dir, `saved-${n}`);
    // A watcher that spends 300 ms of CPU after the first save and 600 ms after the second before it is ready again.
    const script = `
      const fs = require('fs');
      fs.writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
      console.log('watching');
      let seen = 0;
      setInterval(() => {
        if (!fs.existsSync(${JSON.stringify(dir)} + '/saved-' + (seen + 1))) return;
        seen++;
        const from = process.cpuUsage();
        for (let used = process.cpuUsage(from); used.user + used.system < seen * 300_000; used = process.cpuUsage(from));
        console.log('watching again');
      }, 20);`;
    const measured = await measureWatch(process.execPath, ['-e', script], /^watching/, [1, 2].map((n) => () => writeFileSync(saved(n), 'x')));
    expect(measured).toHaveLength(2);
    const [first, second] = measured as [Measure, Measure];
    expect(first.scope).toBe('process');
    expect(first.cpuMs).toBeGreaterThanOrEqual(280);
    expect(first.cpuMs).toBeLessThan(580);
    expect(second.cpuMs).toBeGreaterThanOrEqual(580);
    expect(second.cpuMs).toBeLessThan(5_000);
    for (const m of measured) expect(m.wallMs).toBeGreaterThanOrEqual(m.cpuMs - 20);
    expect(second.peakRssMb).toBeGreaterThan(10);
    expect([existsSync(saved(1)), existsSync(saved(2))]).toEqual([true, true]);
    // Stopped once measured: the process is gone.
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
