// Long synchronous work (a PDF of hundreds of pages) that lets the event loop turn now and then:
// what came in meanwhile (files read, PNG workers' replies, a watcher's events) is handled
// between two pages rather than after the last one.

/** Resolves on the event loop's next turn, once what has come in meanwhile is handled. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Called between two steps of a long piece of work: a promise of the next turn once `everyMs`
 * have passed since the last one it gave (or since it was made), else undefined (go on).
 */
export function turnEvery(everyMs: number): () => Promise<void> | undefined {
  let last = performance.now();
  return () => {
    const now = performance.now();
    if (now - last < everyMs) return undefined;
    last = now;
    return nextTurn();
  };
}
