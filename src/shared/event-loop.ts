// Long synchronous work (a PDF of hundreds of pages) that lets the event loop turn now and then:
// what came in meanwhile (files read, PNG workers' replies, a watcher's events) is handled
// between two pages rather than after the last one.

/** Resolves on the event loop's next turn, once what has come in meanwhile is handled. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * How long a build's main thread works (pages of a PDF, faces laid out, lists digested for a
 * key) before the event loop may turn. The PNG workers and the exports wait on this thread
 * between their steps (a reply taken in, a trim read, a band deflated): in a rebuild of one card
 * the deck sheet's row was deflated after the last PDF rather than beside it, and in a build of
 * 10 000 cards the workers ran out of work while a set was laid out (4 s) or the exports' key
 * was taken (1.2 s).
 */
export const WORK_TURN_MS = 20;

/**
 * Called between two steps of a long piece of work: a promise of the next turn once `everyMs`
 * have passed since the last one it gave (or since it was made), else undefined (go on).
 */
export function turnEvery(everyMs = WORK_TURN_MS): () => Promise<void> | undefined {
  let last = performance.now();
  return () => {
    const now = performance.now();
    if (now - last < everyMs) return undefined;
    last = now;
    return nextTurn();
  };
}
