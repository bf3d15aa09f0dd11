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

  it('every game in content/: no problems, exit 0', async () => {
    const result = await runCli(['validate', 'content', '--strict']);
    expect(result.stdout).toMatch(/^no problems in [1-9]\d* games?\n$/);
    expect(result.code).toBe(0);
  });
});
