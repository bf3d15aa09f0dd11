import { InvalidArgumentError } from 'commander';
import { LANG_PATTERN } from '../shared/language-code.js';

/** A repeatable option: each use adds one value. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** `--lang en,fr` (repeatable): language codes, each checked. */
export function languages(value: string, previous: string[] = []): string[] {
  const list = value.split(',').map((l) => l.trim()).filter(Boolean);
  const bad = list.filter((l) => !new RegExp(LANG_PATTERN).test(l));
  if (list.length === 0 || bad.length > 0) throw new InvalidArgumentError(`expected language codes such as "en,fr", found "${value}"`);
  return [...previous, ...list];
}

/** `--max-warnings <n>`: a whole number from 0. */
export function maxWarnings(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`expected a whole number from 0, found "${value}"`);
  return n;
}
