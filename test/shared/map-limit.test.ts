import { describe, expect, it } from 'vitest';
import { inOrder, mapLimit } from '../../src/shared/map-limit.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('mapLimit', () => {
  it('keeps the order of the results and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      most = Math.max(most, ++running);
      for (let i = 0; i < n; i++) await tick();
      running--;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });
});

describe('inOrder', () => {
  it('settles each item as soon as its own work is done, before the others', async () => {
    const order: string[] = [];
    const { all, each } = inOrder(1)(['a', 'b', 'c'], (x) => x, async (x) => {
      await tick();
      order.push(`done ${x}`);
    });
    await each.get('a');
    order.push('a seen');
    await all;
    expect(order).toEqual(['done a', 'a seen', 'done b', 'done c']);
    await expect(each.get('c')).resolves.toBeUndefined();
  });

  it('rejects the failed item, the items never started and all, with the same error; those done stay done', async () => {
    const started: number[] = [];
    const failure = new Error('item 3 cannot be drawn');
    const { all, each } = inOrder(2)([1, 2, 3, 4, 5, 6], (n) => `item ${n}`, async (n) => {
      started.push(n);
      await tick();
      if (n === 3) throw failure;
    });
    await expect(all).rejects.toBe(failure);
    expect(started).not.toContain(6);
    await expect(each.get('item 1')).resolves.toBeUndefined();
    await expect(each.get('item 3')).rejects.toBe(failure);
    await expect(each.get('item 6')).rejects.toBe(failure);
  });

  it('gives items with the same key one promise, settled by the first of them done', async () => {
    const { all, each } = inOrder(3)([{ key: 'back', n: 1 }, { key: 'front', n: 2 }, { key: 'back', n: 3 }], (i) => i.key, async () => {
      await tick();
    });
    expect([...each.keys()]).toEqual(['back', 'front']);
    await all;
    await expect(each.get('back')).resolves.toBeUndefined();
  });

  it('begins every item of a batch before any of the batch asked for after it, never more than the limit at once across them', async () => {
    const queue = inOrder(2);
    const begun: string[] = [];
    let running = 0;
    let most = 0;
    const work = (wait: number) => async (name: string) => {
      begun.push(name);
      most = Math.max(most, ++running);
      for (let i = 0; i < wait; i++) await tick();
      running--;
    };
    // The first set's faces take longer: drawn side by side, the second set's would begin as soon as a slot is free.
    const first = queue(['a1', 'a2', 'a3', 'a4', 'a5'], (x) => x, work(3));
    const second = queue(['b1', 'b2', 'b3'], (x) => x, work(1));
    await Promise.all([first.all, second.all]);
    expect(begun).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b2', 'b3']);
    expect(most).toBe(2);
    await expect(second.each.get('b3')).resolves.toBeUndefined();
  });

  it('goes on with the next batch when one fails, and settles an empty batch at once', async () => {
    const queue = inOrder(1);
    const failure = new Error('a face cannot be drawn');
    const failed = queue([1, 2, 3], (n) => n, async (n) => {
      await tick();
      if (n === 1) throw failure;
    });
    const done: number[] = [];
    const next = queue([4, 5], (n) => n, async (n) => {
      await tick();
      done.push(n);
    });
    await expect(failed.all).rejects.toBe(failure);
    await expect(failed.each.get(3)).rejects.toBe(failure);
    await next.all;
    expect(done).toEqual([4, 5]);
    await expect(queue([], (n: number) => n, async () => {}).all).resolves.toBeUndefined();
  });
});
