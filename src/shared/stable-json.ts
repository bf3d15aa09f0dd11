import { configure } from 'safe-stable-stringify';

const stable = configure({ deterministic: true, bigint: false, circularValue: Error });

/** JSON with the keys of every object in code-point order: the same value gives the same text. */
export function stableJson(value: unknown): string {
  const text = stable(value);
  if (text === undefined) throw new Error('this value has no JSON form');
  return text;
}

/** The same, with two-space indent and a final newline, for files a person may compare line by line. */
export function stringifyStable(value: unknown): string {
  return `${stable(value, null, 2)}\n`;
}
