import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, ROOT, runCli } from '../helpers.js';

const validFixtures = readdirSync(path.join(FIXTURES, 'valid')).sort();

describe('valid content validates cleanly', () => {
  it.each(validFixtures)('fixture %s: no problems, exit 0', async (name) => {
    const result = await runCli(['validate', path.join(FIXTURES, 'valid', name), '--strict', '--format', 'json']);
    expect(JSON.parse(result.stdout)).toEqual({ diagnostics: [], errors: 0, warnings: 0 });
    expect(result.code).toBe(0);
  });

  it('every game in content/: no errors, and no warnings but legibility ones, exit 0', async () => {
    // The shipped games still print some text small or pale and tell a few tokens apart by colour
    // alone; those warnings are the games' own to settle. Anything else is a failure.
    const legibility = new Set(['low-contrast', 'text-too-small', 'colour-only-difference']);
    const result = await runCli(['validate', 'content', '--format', 'json']);
    const found = JSON.parse(result.stdout) as { errors: number; diagnostics: { code: string; file: string; line: number }[] };
    expect(found.errors).toBe(0);
    expect(found.diagnostics.filter((d) => !legibility.has(d.code)).map((d) => `${d.code} ${d.file}:${d.line}`)).toEqual([]);
    expect(result.code).toBe(0);
  }, 120_000);
});
