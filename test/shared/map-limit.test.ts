import { describe, expect, it } from 'vitest';
import { mapLimit, mapLimitEach } from '../../src/shared/map-limit.js';

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

describe('mapLimitEach', () => {
  it('settles each item as soon as its own work is done, before the others', async () => {
    const order: string[] = [];
    const { all, each } = mapLimitEach(['a', 'b', 'c'], 1, (x) => x, async (x) => {
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
    const { all, each } = mapLimitEach([1, 2, 3, 4, 5, 6], 2, (n) => `item ${n}`, async (n) => {
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
    const { all, each } = mapLimitEach([{ key: 'back', n: 1 }, { key: 'front', n: 2 }, { key: 'back', n: 3 }], 3, (i) => i.key, async () => {
      await tick();
    });
    expect([...each.keys()]).toEqual(['back', 'front']);
    await all;
    await expect(each.get('back')).resolves.toBeUndefined();
  });
});
