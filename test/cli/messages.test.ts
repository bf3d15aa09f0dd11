import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli } from '../helpers.js';

async function diagnostics(name: string) {
  const result = await runCli(['validate', '.', '--format', 'json'], path.join(FIXTURES, 'invalid', name));
  return (JSON.parse(result.stdout) as { diagnostics: Record<string, unknown>[] }).diagnostics;
}

describe('messages say what was expected and what was found', () => {
  it('suggests the key that was meant, and points at the key', async () => {
    const [colour, cuont] = await diagnostics('unknown-key');
    expect(cuont).toEqual({
      severity: 'error',
      code: 'unknown-key',
      message: '"cuont" is not allowed here; did you mean "count"?',
      file: 'demo/sets/cards.yaml',
      line: 17,
      column: 5,
      endLine: 17,
      endColumn: 10,
      path: '/items/1/cuont',
    });
    expect(colour?.['message']).toMatch(/^"colour" is not allowed here; allowed here: id, title, .*rulebook, accessibility$/);
  });

  it('names the expected type and the value found', async () => {
    const found = await diagnostics('wrong-type');
    expect(found.map((d) => d['message'])).toEqual([
      'expected a list (the languages this game is built in), found the text "en"',
      'expected a whole number, found the text "two"',
      'expected text: a plain string (the same in every language) or a map of languages such as {en: "Oil", fr: "Huile"}, found the number 12',
    ]);
    expect(found.map((d) => d['path'])).toEqual(['/languages', '/items/1/power', '/items/2/name']);
  });

  it('lists the allowed values with the closest one', async () => {
    const found = await diagnostics('bad-value');
    expect(found[1]?.['message']).toBe(
      'expected one of "cards", "tiles", "tokens", "boards", "standees", "sheets", found the text "card"; did you mean "cards"?',
    );
    expect(found[2]?.['message']).toMatch(/^expected a named size \(poker, .*\) or \{width, height\}, found the text "pokr"; did you mean "poker"\?$/);
  });

  it('says which language is missing and shows the text to translate', async () => {
    const found = await diagnostics('missing-translation');
    expect(found[1]?.['message']).toBe('no "fr" text here (the en text is "Bee"); add fr: …');
    expect(found[2]).toMatchObject({ severity: 'warning', code: 'unknown-language', path: '/items/2/name/de' });
  });

  it('names the other place a duplicate id is used', async () => {
    const found = await diagnostics('duplicate-id-across-sets');
    expect(found[1]?.['message']).toBe(
      'the id "a" is already used by an item of another set (sets/cards.yaml:13); item ids must be unique in a game',
    );
  });

  it('stops a billion-laughs document quickly, with a diagnostic', async () => {
    const found = await diagnostics('alias-bomb');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ code: 'alias-limit', line: 17 });
  });
});
