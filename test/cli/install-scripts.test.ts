import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

interface LockEntry {
  version?: string;
  hasInstallScript?: boolean;
}

const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;

/** The package a lock file's key names ("node_modules/a/node_modules/@b/c" → "@b/c"). */
const nameOf = (key: string) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('the install scripts npm runs for a fresh clone', () => {
  it('approves, in package.json, every dependency that has one (npm blocks the others from version 12)', () => {
    const lock = read<{ packages: Record<string, LockEntry> }>('package-lock.json');
    const { allowScripts = {} } = read<{ allowScripts?: Record<string, boolean> }>('package.json');
    const withScripts = Object.entries(lock.packages)
      .filter(([key, entry]) => key !== '' && entry.hasInstallScript)
      .map(([key]) => nameOf(key));
    // esbuild's checks that its platform's binary runs: `prepare` compiles dist/ with it.
    expect(withScripts).toContain('esbuild');
    const approved = (name: string) => Object.entries(allowScripts).some(([spec, allowed]) => allowed && (spec === name || spec.startsWith(`${name}@`)));
    expect(withScripts.filter((name) => !approved(name))).toEqual([]);
  });
});
