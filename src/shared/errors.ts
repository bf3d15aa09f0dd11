/** A mistake in how pocketpress was called (exit code 2), not in the content. */
export class UsageError extends Error {}
