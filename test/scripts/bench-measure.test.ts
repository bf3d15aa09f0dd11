import { describe, expect, it } from 'vitest';
import { stage, type Stages } from '../../scripts/bench/measure.js';

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
