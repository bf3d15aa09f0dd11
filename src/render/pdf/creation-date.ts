const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

/** SOURCE_DATE_EPOCH (seconds) when set, else a fixed date, so builds are reproducible. */
export function defaultCreationDate(env: NodeJS.ProcessEnv = process.env): Date {
  const epoch = env.SOURCE_DATE_EPOCH?.trim();
  const date = epoch && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : FIXED_DATE;
  // A value past what a date can hold (year 275760) falls back like a missing one.
  return Number.isNaN(date.getTime()) ? FIXED_DATE : date;
}
