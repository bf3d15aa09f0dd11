import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli } from '../helpers.js';

interface Expected {
  severity: string;
  code: string;
  file: string;
  line: number;
  column: number;
}

const corpus = path.join(FIXTURES, 'invalid');
const cases = readdirSync(corpus).sort();

describe('the invalid corpus', () => {
  it('has a case for each kind of problem', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15);
    const codes = new Set(
      cases.flatMap((c) => (JSON.parse(readFileSync(path.join(corpus, c, 'expected.json'), 'utf8')) as Expected[]).map((e) => e.code)),
    );
    for (const code of [
      'yaml-syntax', 'empty-file', 'binary-file', 'not-utf8', 'duplicate-key', 'alias-limit', 'unknown-key', 'missing-key',
      'wrong-type', 'bad-value', 'duplicate-id', 'unknown-template', 'template-cycle', 'missing-file', 'path-outside-game',
      'missing-translation', 'unknown-language', 'out-of-range', 'bad-field-schema', 'reserved-key', 'unknown-color',
      'unknown-binding', 'unknown-filter', 'bad-condition', 'output-clash',
    ]) {
      expect(codes, code).toContain(code);
    }
  });

  it.each(cases)('%s: every diagnostic at its line and column, exit 1', async (name) => {
    const dir = path.join(corpus, name);
    const expected = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Expected[];
    const result = await runCli(['validate', '.', '--format', 'json'], dir);
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout) as { diagnostics: (Expected & { message: string })[]; errors: number };
    const found = report.diagnostics.map(({ severity, code, file, line, column }) => ({ severity, code, file, line, column }));
    expect(found).toEqual(expected);
    for (const d of report.diagnostics) expect(d.message.length).toBeGreaterThan(10);
    expect(result.code).toBe(report.errors > 0 ? 1 : 0);
    expect(result.code).toBe(1);
  });
});
