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

/** Work asked for on a batch of items: what `all` and `each` settle, see inOrder. */
export interface Batch<K> {
  /** Settles once every item's work is done; rejects with the failure that stopped the batch. */
  all: Promise<void>;
  /** For the key of every item, a promise settled once that item's work is done. */
  each: Map<K, Promise<void>>;
}

/**
 * A queue of work on batches of items, at most `limit` items at once across every batch, and
 * every item of a batch begun before any item of a batch asked for after it: a build that asks
 * for the PNGs of one set of cards after another has them drawn in that order, as the deck
 * sheets made from them read them, rather than all sets' cards side by side.
 *
 * For each batch, `each` holds, for the key of every item, a promise settled once that item's
 * work is done, or rejected with the failure that stopped the batch (an item never begun is
 * rejected too, so that nothing waits for it forever). Items with the same key settle their
 * promise with the first of them done. The first failure in a batch stops its items not yet
 * begun, and `all` rejects with it once those under way have settled, so nothing of a failed
 * batch keeps writing; other batches go on.
 */
export function inOrder(limit: number): <T, K>(items: readonly T[], keyOf: (item: T) => K, work: (item: T) => Promise<void>) => Batch<K> {
  const waiting: (() => Promise<void>)[] = [];
  let head = 0;
  let running = 0;
  const pump = () => {
    while (running < limit && head < waiting.length) {
      const task = waiting[head++]!;
      if (head === waiting.length) {
        waiting.length = 0;
        head = 0;
      }
      running++;
      void task().finally(() => {
        running--;
        pump();
      });
    }
  };
  return <T, K>(items: readonly T[], keyOf: (item: T) => K, work: (item: T) => Promise<void>): Batch<K> => {
    const settle = new Map<K, { resolve: () => void; reject: (error: unknown) => void }>();
    const each = new Map<K, Promise<void>>();
    for (const item of items) {
      const key = keyOf(item);
      if (each.has(key)) continue;
      const done = new Promise<void>((resolve, reject) => settle.set(key, { resolve, reject }));
      done.catch(() => {}); // awaited by whoever waits for the item, or by no one
      each.set(key, done);
    }
    let failure: { error: unknown } | undefined;
    let left = items.length;
    let finish!: { resolve: () => void; reject: (error: unknown) => void };
    const all = new Promise<void>((resolve, reject) => (finish = { resolve, reject }));
    const ended = () => {
      if (--left > 0) return;
      if (!failure) return finish.resolve();
      for (const { reject } of settle.values()) reject(failure.error);
      finish.reject(failure.error);
    };
    if (items.length === 0) finish.resolve();
    for (const item of items) {
      waiting.push(async () => {
        if (!failure) {
          try {
            await work(item);
            settle.get(keyOf(item))!.resolve();
          } catch (error) {
            failure ??= { error };
          }
        }
        ended();
      });
    }
    pump();
    return { all, each };
  };
}
