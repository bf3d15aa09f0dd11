import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CliIo } from '../../src/cli/io.js';
import { FIXTURES, tempDir } from '../helpers.js';

/** A copy of the full-game fixture in a temporary folder, with comments added to a set file. */
export function copyFullGame(): string {
  const dir = path.join(tempDir('pocketpress-i18n-'), 'full-game');
  cpSync(path.join(FIXTURES, 'valid', 'full-game'), dir, { recursive: true });
  const cards = path.join(dir, 'sets', 'cards.yaml');
  const text = readFileSync(cards, 'utf8')
    .replace(/^/, '# The lantern cards: one per hour of the night.\n')
    .replace('    name: {en: Wick, fr: Mèche}\n', '    name: {en: Wick, fr: Mèche}   # the first card\n');
  writeFileSync(cards, text);
  return dir;
}

export interface CapturedIo extends CliIo {
  out: () => string;
  err: () => string;
}

export function captureIo(cwd: string): CapturedIo {
  let stdout = '';
  let stderr = '';
  return { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd, out: () => stdout, err: () => stderr };
}

export function read(file: string): string {
  return readFileSync(file, 'utf8');
}

/** The 1-based numbers of the lines that differ between two texts of the same line count. */
export function differingLines(before: string, after: string): number[] {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length !== b.length) throw new Error(`line counts differ: ${a.length} → ${b.length}`);
  return a.flatMap((line, i) => (line === b[i] ? [] : [i + 1]));
}
