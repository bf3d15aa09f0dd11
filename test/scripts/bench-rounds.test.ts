import { describe, expect, it } from 'vitest';
import { inRounds, median, pairedRatio, summarize, type Result } from '../../scripts/bench/rounds.js';

const run = (wallMs: number, cpuMs = wallMs, extra: Partial<Extract<Result, { wallMs: number }>> = {}): Result => ({ scope: 'work', wallMs, cpuMs, peakRssMb: 100, ...extra });

describe('the benchmark rounds', () => {
  it('runs every tool once a round, in the order given, a once-only tool in the first round, a skipped one never again', async () => {
    const order: string[] = [];
    const results = await inRounds(3, {
      ours: { run: () => (order.push('ours'), run(10)) },
      peer: { run: () => (order.push('peer'), run(5)) },
      slow: { run: () => (order.push('slow'), run(50)), once: true },
      absent: { run: () => (order.push('absent'), { skipped: 'not installed' }) },
    });
    expect(order).toEqual(['ours', 'peer', 'slow', 'absent', 'ours', 'peer', 'ours', 'peer']);
    expect(results.ours).toHaveLength(3);
    expect(results.slow).toHaveLength(1);
    expect(results.absent).toEqual([{ skipped: 'not installed' }]);
  });

  it('takes the middle value, the mean of the two middle ones for an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
    expect(median([])).toBeNaN();
  });

  it('summarizes each figure and each stage by its median, with the range of the walls', () => {
    const summary = summarize([
      run(300, 400, { stages: { layout: 200, pdf: 60 } }),
      { skipped: 'crashed once' },
      run(500, 600, { stages: { layout: 260, pdf: 90 } }),
      run(350, 420, { stages: { layout: 210, pdf: 50 } }),
    ]);
    expect(summary).toEqual({ scope: 'work', runs: 3, wallMs: 350, cpuMs: 420, peakRssMb: 100, wallMsRange: [300, 500], stages: { layout: 210, pdf: 60 } });
    expect(summarize([{ skipped: 'typst is not installed' }])).toEqual({ skipped: 'typst is not installed' });
  });

  it('pairs the runs of a round: a machine that slows down for one round slows both sides alike', () => {
    // Round 2 ran on a machine twice as slow: the absolute medians (400 vs 200) would say 2.0 as well, but
    // with rounds at 1.5, 2 and 2.5 the paired median is 2 and the range shows the spread.
    const ours = [run(300), run(800), run(500)];
    const peer = [run(200), run(400), run(200)];
    const ratio = pairedRatio(ours, peer)!;
    expect(ratio.wall).toBe(2);
    expect(ratio.wallRange).toEqual([1.5, 2.5]);
    expect(ratio.pairs).toBe(3);
    // A round where either side was not measured is left out.
    expect(pairedRatio([run(300), { skipped: 'x' }], [run(100), run(100)])).toEqual({ wall: 3, cpu: 3, wallRange: [3, 3], pairs: 1 });
  });

  it('divides our median by a peer measured once, and says so with no pairs', () => {
    expect(pairedRatio([run(300), run(500), run(400)], [run(2000)])).toEqual({ wall: 0.2, cpu: 0.2, wallRange: [0.2, 0.2], pairs: 0 });
    expect(pairedRatio([run(300)], [{ skipped: 'no browser' }])).toBeUndefined();
  });
});
