/** The signals that stop a command, with the exit code of a process they end (128 + number). */
export const STOP_SIGNALS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

export type StopSignal = keyof typeof STOP_SIGNALS;

/** Calls `handler` on Ctrl-C, a kill or a closed terminal; returns the function that stops listening. */
export function onStopSignal(handler: (signal: StopSignal, code: number) => void): () => void {
  const listeners = (Object.keys(STOP_SIGNALS) as StopSignal[]).map((signal) => {
    const listener = () => handler(signal, STOP_SIGNALS[signal]);
    process.once(signal, listener);
    return [signal, listener] as const;
  });
  return () => {
    for (const [signal, listener] of listeners) process.removeListener(signal, listener);
  };
}
