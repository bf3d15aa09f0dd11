import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check-content.js';
import { allowMissingTranslations } from '../../src/content/allow-missing.js';
import { copyFullGame, read } from './helpers.js';

/** The full-game copy with the French name of the oil card removed (line 37 of the commented copy). */
function gameWithoutFrenchOil(): { game: string; cards: string } {
  const game = copyFullGame();
  const cards = path.join(game, 'sets', 'cards.yaml');
  writeFileSync(cards, read(cards).replace('{en: Oil, fr: Huile}', '{en: Oil}'));
  return { game, cards };
}

describe('missing-translation', () => {
  it('points at the line of the text that lacks the language', () => {
    const { game, cards } = gameWithoutFrenchOil();
    const found = checkContent(game).diagnostics.filter((d) => d.code === 'missing-translation');
    expect(found).toHaveLength(1);
    const line = read(cards).split('\n').findIndex((l) => l.includes('{en: Oil}')) + 1;
    // A flow map is pointed at itself: `{en: Oil}` starts at column 11.
    expect(found[0]).toMatchObject({ severity: 'error', file: cards, line, column: 11, path: '/items/1/name' });
  });

  it('points at the key of a block map of languages', () => {
    const game = copyFullGame();
    const file = path.join(game, 'game.yaml');
    writeFileSync(file, read(file).replace('  fr: "Gardez votre lanterne allumée jusqu’à l’aube."\n', ''));
    const found = checkContent(game).diagnostics.filter((d) => d.code === 'missing-translation');
    expect(found).toMatchObject([{ file, line: 9, column: 1, endColumn: 12, path: '/description' }]);
  });

  it('becomes a warning with --allow-missing, saying the source language is printed', () => {
    const { game } = gameWithoutFrenchOil();
    const check = checkContent(game);
    const allowed = allowMissingTranslations(check);
    const d = allowed.diagnostics.find((x) => x.code === 'missing-translation');
    expect(d?.severity).toBe('warning');
    expect(d?.message).toMatch(/no "fr" text here .*\(allowed by --allow-missing: the "en" text is printed instead\)$/);
    expect(allowed.diagnostics.filter((x) => x.severity === 'error')).toEqual([]);
    expect(check.diagnostics.find((x) => x.code === 'missing-translation')?.severity).toBe('error');
  });
});
