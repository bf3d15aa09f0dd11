import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { formatGithub, formatJson, formatText } from '../../src/diagnostics/format.js';
import { tempDir } from '../helpers.js';

function setup() {
  const cwd = tempDir();
  const file = path.join(cwd, 'content', 'g', 'sets', 'dev, cards: 1.yaml');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'id: dev\nitems:\n  - id: oil\n    cuont: 2\n');
  const d: Diagnostic = {
    severity: 'error',
    code: 'unknown-key',
    message: '"cuont" is not allowed here; did you mean "count"?',
    file,
    line: 4,
    column: 5,
    endLine: 4,
    endColumn: 10,
    path: '/items/0/cuont',
  };
  const w: Diagnostic = {
    severity: 'warning',
    code: 'unknown-language',
    message: '100% sure:\nline two\r, done',
    file,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 3,
  };
  return { cwd, d, w };
}

describe('output formats', () => {
  it('json: one object, fields as the contract says, paths relative to the working directory', () => {
    const { cwd, d, w } = setup();
    const text = formatJson([d, w], { cwd });
    expect(text.endsWith('\n')).toBe(true);
    expect(text.trim().split('\n')).toHaveLength(1);
    const parsed = JSON.parse(text);
    expect(Object.keys(parsed)).toEqual(['diagnostics', 'errors', 'warnings']);
    expect(parsed.errors).toBe(1);
    expect(parsed.warnings).toBe(1);
    expect(parsed.diagnostics[0]).toEqual({
      severity: 'error',
      code: 'unknown-key',
      message: '"cuont" is not allowed here; did you mean "count"?',
      file: 'content/g/sets/dev, cards: 1.yaml',
      line: 4,
      column: 5,
      endLine: 4,
      endColumn: 10,
      path: '/items/0/cuont',
    });
    expect('path' in parsed.diagnostics[1]).toBe(false);
  });

  it('github: workflow commands with the message and the properties escaped', () => {
    const { cwd, d, w } = setup();
    const lines = formatGithub([d, w], { cwd }).split('\n');
    expect(lines[0]).toBe(
      '::error file=content/g/sets/dev%2C cards%3A 1.yaml,line=4,col=5,endLine=4,endColumn=10,title=unknown-key::"cuont" is not allowed here; did you mean "count"?',
    );
    expect(lines[1]).toBe(
      '::warning file=content/g/sets/dev%2C cards%3A 1.yaml,line=1,col=1,endLine=1,endColumn=3,title=unknown-language::100%25 sure:%0Aline two%0D, done',
    );
    expect(lines[2]).toBe('');
  });

  it('text: location, severity, code, message, then a code frame with carets under the span', () => {
    const { cwd, d } = setup();
    const text = formatText([d], { cwd, summaryOf: '1 game' });
    expect(text).toBe(
      [
        'content/g/sets/dev, cards: 1.yaml:4:5  error  unknown-key  "cuont" is not allowed here; did you mean "count"?',
        '    3 |   - id: oil',
        '  > 4 |     cuont: 2',
        '      |     ^^^^^',
        '',
        '1 error, 0 warnings in 1 game',
        '',
      ].join('\n'),
    );
  });

  it('text: says so when there is nothing to report', () => {
    expect(formatText([], { cwd: '/', summaryOf: '5 games' })).toBe('no problems in 5 games\n');
  });
});

describe('code frames of hostile files', () => {
  const at = (file: string, code = 'shop-bad-file'): Diagnostic => ({ severity: 'error', code, message: 'bad', file, line: 1, column: 1, endLine: 1, endColumn: 1 });

  it('never reads a named pipe, a link to a file outside, or a file larger than a text input', () => {
    const cwd = tempDir();
    const fifo = path.join(cwd, 'fifo.png');
    execFileSync('mkfifo', [fifo]);
    const link = path.join(cwd, 'passwd.png');
    symlinkSync('/etc/passwd', link);
    const big = path.join(cwd, 'big.pdf');
    writeFileSync(big, `%PDF-1.4 secret\n${'x'.repeat(5 * 1024 * 1024)}`);
    const plain = path.join(cwd, 'plain.pdf');
    writeFileSync(plain, '%PDF-1.4 shown\n');
    const out = formatText([at(fifo), at(link), at(big), at(plain)], { cwd });
    expect(out).not.toContain('root:');
    expect(out).not.toContain('secret');
    expect(out).toContain('> 1 | %PDF-1.4 shown');
    expect(out.split('\n').filter((l) => l.includes('error  shop-bad-file'))).toHaveLength(4);
  });

  it('shows no frame for a file the file-access layer refused', () => {
    const cwd = tempDir();
    const game = path.join(cwd, 'game');
    mkdirSync(game);
    symlinkSync('/etc', path.join(game, 'sets'));
    const out = formatText([at(path.join(game, 'sets', 'passwd'), 'path-outside-game')], { cwd });
    expect(out).toContain('game/sets/passwd:1:1  error  path-outside-game  bad');
    expect(out).not.toContain('root:');
  });
});

describe('code frames of a long file', () => {
  it('show the lines around the span, numbered as in the file, its long line cut around the span', () => {
    const cwd = tempDir();
    const file = path.join(cwd, 'items.yaml');
    const lines = Array.from({ length: 4000 }, (_, i) => `  - id: item-${i + 1}`);
    lines[2999] = `    text: "${'x'.repeat(200)}BAD${'y'.repeat(200)}"`;
    writeFileSync(file, lines.join('\n') + '\n');
    const at = (line: number, column: number, endLine: number, endColumn: number): Diagnostic => ({ severity: 'error', code: 'bad', message: 'm', file, line, column, endLine, endColumn });
    const text = formatText([at(9, 5, 10, 7), at(1000, 11, 1000, 15), at(3000, 212, 3000, 215), at(4000, 3, 4000, 5)], { cwd });
    expect(text.split('\n\n').slice(0, 4)).toEqual([
      ['items.yaml:9:5  error  bad  m', '     8 |   - id: item-8', '  >  9 |   - id: item-9', '       |     ^^^^^^^^^^', '  > 10 |   - id: item-10', '       | ^^^^^^^'].join('\n'),
      ['items.yaml:1000:11  error  bad  m', '     999 |   - id: item-999', '  > 1000 |   - id: item-1000', '         |           ^^^^'].join('\n'),
      // The line of 414 characters, cut to 120 around column 212: the carets move with it, under "BAD".
      ['items.yaml:3000:212  error  bad  m', '    2999 |   - id: item-2999', `  > 3000 | …${'x'.repeat(60)}BAD${'y'.repeat(57)}…`, `         | ${' '.repeat(61)}^^^`].join('\n'),
      ['items.yaml:4000:3  error  bad  m', '    3999 |   - id: item-3999', '  > 4000 |   - id: item-4000', '         |   ^^'].join('\n'),
    ]);
  });
});
