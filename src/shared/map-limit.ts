/**
 * Runs `work` on every item, at most `limit` at once, keeping the order of the results. The
 * first failure stops every worker from taking another item, and is thrown once those under
 * way have settled, so nothing keeps writing after a build has failed.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !failure) {
      const i = next++;
      try {
        results[i] = await work(items[i]!, i);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return results;
}

/**
 * mapLimit for work whose items others wait on one by one: `each` holds, for the key of every
 * item, a promise settled once that item's work is done, or rejected with the failure that
 * stopped the work (an item never started is rejected too, so that nothing waits for it forever).
 * Items with the same key settle their promise with the first of them done.
 */
export function mapLimitEach<T, K>(items: readonly T[], limit: number, keyOf: (item: T) => K, work: (item: T) => Promise<void>): { all: Promise<void>; each: Map<K, Promise<void>> } {
  const settle = new Map<K, { resolve: () => void; reject: (error: unknown) => void }>();
  const each = new Map<K, Promise<void>>();
  for (const item of items) {
    const key = keyOf(item);
    if (each.has(key)) continue;
    const done = new Promise<void>((resolve, reject) => settle.set(key, { resolve, reject }));
    done.catch(() => {}); // awaited by whoever waits for the item, or by no one
    each.set(key, done);
  }
  const all = mapLimit(items, limit, async (item) => {
    await work(item);
    settle.get(keyOf(item))!.resolve();
  }).then(
    () => {},
    (error: unknown) => {
      for (const { reject } of settle.values()) reject(error);
      throw error;
    },
  );
  return { all, each };
}
