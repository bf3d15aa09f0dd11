import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli, tempDir } from '../helpers.js';

const require = createRequire(import.meta.url);

/** Each case breaks the full game in one way that only laying it out reveals. */
const CASES: { name: string; code: string; edit: (game: string) => void }[] = [
  {
    name: 'an unknown key in the rulebook style',
    code: 'unknown-key',
    edit: (game) => prepend(game, 'rules/rules-en.md', '---\nstyle:\n  sise: 8\n---\n'),
  },
  {
    name: 'a rulebook font that does not exist',
    code: 'unknown-font',
    edit: (game) => prepend(game, 'rules/rules-en.md', '---\nstyle:\n  font: Garamondo\n---\n'),
  },
  {
    name: 'a template font that does not exist',
    code: 'unknown-font',
    edit: (game) => replace(game, 'templates/lantern-card.yaml', '    weight: bold\n', '    weight: bold\n    font: Helvetica Neue\n'),
  },
  {
    name: 'a family without the bold face its titles need',
    code: 'unknown-font',
    edit: (game) => {
      cpSync(require.resolve('@fontsource/alegreya/files/alegreya-latin-400-normal.woff'), path.join(game, 'body.woff'));
      append(game, 'game.yaml', 'fonts:\n  Body: {regular: body.woff}\n');
    },
  },
  {
    name: 'a card name too long for its box',
    code: 'text-overflow',
    edit: (game) => replace(game, 'sets/cards.yaml', 'name: {en: Oil, fr: Huile}', `name: {en: ${'Oil '.repeat(40).trim()}, fr: Huile}`),
  },
  {
    name: 'an ICU message that cannot be read',
    code: 'bad-message',
    edit: (game) => replace(game, 'templates/lantern-card.yaml', 'text: "{{item.name | upper}}"', 'text: "{item.count, plural, one {# card} other {# cards}"'),
  },
];

function replace(game: string, file: string, from: string, to: string): void {
  const full = path.join(game, file);
  const text = readFileSync(full, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`);
  writeFileSync(full, text.replace(from, to));
}
function prepend(game: string, file: string, text: string): void {
  const full = path.join(game, file);
  writeFileSync(full, text + readFileSync(full, 'utf8'));
}
function append(game: string, file: string, text: string): void {
  const full = path.join(game, file);
  writeFileSync(full, readFileSync(full, 'utf8') + text);
}

type Found = { severity: string; code: string; file: string; line: number; column: number };
const errorsOf = (stdout: string) =>
  (JSON.parse(stdout) as { diagnostics: Found[] }).diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`)
    .sort();

describe('validate and build agree', () => {
  it.each(CASES)('$name: the same errors at the same places, exit 1 from both', async ({ code, edit }) => {
    const game = path.join(tempDir('pocketpress-agree-'), 'full-game');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
    edit(game);
    const validate = await runCli(['validate', game, '--format', 'json']);
    const build = await runCli(['build', game, '--format', 'json', '--out', tempDir(), '--dpi', '30']);
    expect(validate.code).toBe(1);
    expect(build.code).toBe(1);
    const fromValidate = errorsOf(validate.stdout);
    expect(fromValidate.some((d) => d.startsWith(`${code} `))).toBe(true);
    expect(fromValidate).toEqual(errorsOf(build.stdout));
  }, 120_000);
});
