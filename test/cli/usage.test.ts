import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli, tempDir } from '../helpers.js';

const valid = path.join(FIXTURES, 'valid', 'full-game');

describe('command line', () => {
  it('--help lists the commands and exits 0', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/validate \[options\] \[dir\]/);
    expect(result.stdout).toMatch(/init \[options\] <dir>/);
  });

  it('validate --help shows its options', async () => {
    const result = await runCli(['validate', '--help']);
    expect(result.code).toBe(0);
    for (const option of ['--game <id>', '--lang <codes>', '--format <format>', '--strict', '--quiet']) {
      expect(result.stdout).toContain(option);
    }
  });

  it('an unknown option is a usage error (exit 2)', async () => {
    const result = await runCli(['validate', valid, '--stict']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown option '--stict'/);
  });

  it('an unknown format is a usage error (exit 2)', async () => {
    const result = await runCli(['validate', valid, '--format', 'xml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Allowed choices are text, json, github/);
  });

  it('a folder with no game is a usage error (exit 2), not a crash', async () => {
    const result = await runCli(['validate', tempDir()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^pocketpress: no game found in .*game\.yaml/);
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it('a folder that does not exist is a usage error (exit 2)', async () => {
    const result = await runCli(['validate', '/no/such/folder']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^pocketpress: there is no folder \/no\/such\/folder/);
  });

  it('--game picks games by id and refuses an unknown one with a suggestion', async () => {
    const dir = path.join(FIXTURES, 'invalid', 'duplicate-game-id');
    const unknown = await runCli(['validate', dir, '--game', 'dmeo']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no game "dmeo" .*did you mean "demo"/);
    const one = await runCli(['validate', dir, '--game', 'other', '--format', 'json']);
    const report = JSON.parse(one.stdout) as { diagnostics: { file: string }[] };
    expect(report.diagnostics.length).toBeGreaterThan(0);
    expect(report.diagnostics.every((d) => d.file.includes('/other/'))).toBe(true);
  });

  it('--lang checks translations only in the languages asked for', async () => {
    const dir = path.join(FIXTURES, 'invalid', 'missing-translation');
    const en = await runCli(['validate', '.', '--lang', 'en', '--format', 'json'], dir);
    const codes = (JSON.parse(en.stdout) as { diagnostics: { code: string; line: number }[] }).diagnostics.map((d) => [d.code, d.line]);
    expect(codes).toEqual([['missing-translation', 2], ['unknown-language', 19]]);
    const bad = await runCli(['validate', '.', '--lang', 'english'], dir);
    expect(bad.code).toBe(2);
  });

  it('--strict turns warnings into errors; --quiet prints errors only', async () => {
    const dir = path.join(tempDir(), 'warned');
    expect((await runCli(['init', dir])).code).toBe(0);
    const file = path.join(dir, 'sets', 'cards.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('name: {en: Lantern, fr: Lanterne}', 'name: {en: Lantern, fr: Lanterne, de: Laterne}'));
    const plain = await runCli(['validate', dir, '--format', 'json']);
    expect(JSON.parse(plain.stdout)).toMatchObject({ errors: 0, warnings: 1, diagnostics: [{ code: 'unknown-language' }] });
    expect(plain.code).toBe(0);
    const strict = await runCli(['validate', dir, '--format', 'json', '--strict']);
    expect(JSON.parse(strict.stdout)).toMatchObject({ errors: 1, warnings: 0 });
    expect(strict.code).toBe(1);
    const quiet = await runCli(['validate', dir, '--quiet']);
    expect(quiet.stdout).toBe('');
    expect(quiet.code).toBe(0);
  });

  it('--game cannot hide a game that shares its id', async () => {
    const dir = path.join(FIXTURES, 'invalid', 'duplicate-game-id');
    const one = await runCli(['validate', dir, '--game', 'other', '--format', 'json']);
    expect(one.code).toBe(1);
    const report = JSON.parse(one.stdout) as { diagnostics: { code: string; file: string }[] };
    expect(report.diagnostics.map((d) => [d.code, d.file.replace(/^.*duplicate-game-id\//, '')])).toEqual([
      ['duplicate-id', 'other/game.yaml'],
      ['id-mismatch', 'other/game.yaml'],
    ]);
  });

  it('--lang with a language no game declares is a usage error', async () => {
    const result = await runCli(['validate', path.join(FIXTURES, 'valid', 'full-game'), '--lang', 'de']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no game here is written in de; the languages are en, fr/);
  });

  it('--format github prints one workflow command per problem', async () => {
    const result = await runCli(['validate', '.', '--format', 'github'], path.join(FIXTURES, 'invalid', 'unknown-key'));
    expect(result.code).toBe(1);
    expect(result.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^::error file=demo\/game\.yaml,line=7,col=1,endLine=7,endColumn=7,title=unknown-key::"colour" is not allowed here/),
      '::error file=demo/sets/cards.yaml,line=17,col=5,endLine=17,endColumn=10,title=unknown-key::"cuont" is not allowed here; did you mean "count"?',
    ]);
  });
});
