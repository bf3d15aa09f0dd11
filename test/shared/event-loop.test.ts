import { describe, expect, it } from 'vitest';
import { renderComponentPdf } from '../../src/render/pdf/render-component-pdf.js';
import { turnEvery } from '../../src/shared/event-loop.js';
import { sampleCard } from '../render/sample-list.js';

describe('turning the event loop during long work', () => {
  it('gives a turn once the time has passed, and nothing before', async () => {
    const never = turnEvery(60_000);
    expect([never(), never(), never()]).toEqual([undefined, undefined, undefined]);
    const always = turnEvery(0);
    const order: string[] = [];
    setImmediate(() => order.push('scheduled before'));
    const turn = always();
    expect(turn).toBeInstanceOf(Promise);
    await turn;
    order.push('after the turn');
    expect(order).toEqual(['scheduled before', 'after the turn']);
  });

  it('a PDF of many pages lets what waits on the event loop run before its last page', async () => {
    const lists = Array.from({ length: 400 }, (_, i) => sampleCard(i % 3));
    let ranAt: number | undefined;
    let pages = 0;
    const counted = (function* () {
      for (const list of lists) {
        pages++;
        yield list;
      }
    })();
    setImmediate(() => (ranAt = pages));
    const pdf = await renderComponentPdf(counted);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // 400 pages take well over 20 ms: the callback ran between two of them, not after the last.
    expect(ranAt).toBeGreaterThan(0);
    expect(ranAt).toBeLessThan(400);
  });
});
