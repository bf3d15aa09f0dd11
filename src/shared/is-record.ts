/** Whether a value read back (JSON, a message) is a plain object, not null nor an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
