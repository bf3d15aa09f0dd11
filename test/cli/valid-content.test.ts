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

  it('every game in content/: no errors and no warnings, legibility ones included, exit 0 under --strict', async () => {
    const result = await runCli(['validate', 'content', '--strict', '--format', 'json']);
    const found = JSON.parse(result.stdout) as { errors: number; warnings: number; diagnostics: { code: string; file: string; line: number; message: string }[] };
    expect(found.diagnostics.map((d) => `${d.code} ${d.file}:${d.line} ${d.message}`)).toEqual([]);
    expect(found.errors).toBe(0);
    expect(found.warnings).toBe(0);
    expect(result.code).toBe(0);
  }, 120_000);
});
