import { unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18nExportCommand, i18nImportCommand, i18nMarkCurrentCommand, i18nStatusCommand } from '../../src/cli/i18n-command.js';
import { checkContent } from '../../src/content/check-content.js';
import { UsageError } from '../../src/shared/errors.js';
import { collectTexts } from '../../src/translate/collect-texts.js';
import { countStatuses } from '../../src/translate/text-status.js';
import { captureIo, copyFullGame, read } from './helpers.js';

const statusOf = (game: string) => countStatuses(collectTexts(checkContent(game)))[0]!;

describe('the translation lock', () => {
  it('mark-current accepts stale translations, keyed by item id so reordering keeps them', () => {
    const game = copyFullGame();
    const cards = path.join(game, 'sets', 'cards.yaml');
    const io = captureIo(path.dirname(game));
    expect(i18nMarkCurrentCommand(game, { lang: 'fr' }, io)).toBe(0);
    expect(io.out()).toBe('full-game  fr  16 current (0 were stale), 2 rulebook paragraphs  full-game/i18n/fr.lock.yaml\n');
    const lock = read(path.join(game, 'i18n', 'fr.lock.yaml'));
    expect(lock).toMatch(/^# For each fr text, a hash of the en text/);
    expect(lock).toContain('source: en\ntexts:\n  game.yaml#/credits/0/role: ');

    writeFileSync(cards, read(cards).replace('name: {en: Wick, fr: Mèche}', 'name: {en: Long wick, fr: Mèche}'));
    expect(statusOf(game)).toMatchObject({ translated: 15, stale: 1 });
    // Moving the oil card before the wick card changes pointers, not keys.
    const text = read(cards);
    const wick = text.slice(text.indexOf('  - id: wick'), text.indexOf('  - id: oil'));
    writeFileSync(cards, text.replace(wick, '') + wick);
    expect(statusOf(game)).toMatchObject({ translated: 15, stale: 1 });

    const again = captureIo(path.dirname(game));
    expect(i18nMarkCurrentCommand(game, { lang: 'fr' }, again)).toBe(0);
    expect(again.out()).toContain('16 current (1 were stale)');
    expect(statusOf(game)).toMatchObject({ translated: 16, stale: 0, missing: 0 });
  });

  it('tracks the rulebook by paragraph: a changed or new source paragraph is listed with its line until marked current', () => {
    const game = copyFullGame();
    const en = path.join(game, 'rules', 'rules-en.md');
    const fr = path.join(game, 'rules', 'rules-fr.md');
    writeFileSync(en, '---\nstyle: {size: 9}\n---\n# Lantern Keepers\n\nKeep the light.\n\n- Draw a card.\n- Light a lantern\n  before dawn.\n\n<!-- pagebreak -->\n\n| Hour | Card |\n| --- | --- |\n| 1 | Wick |\n');
    const io = captureIo(path.dirname(game));
    expect(i18nMarkCurrentCommand(game, { lang: 'fr' }, io)).toBe(0);
    expect(io.out()).toContain('16 current (0 were stale), 5 rulebook paragraphs');
    expect(read(path.join(game, 'i18n', 'fr.lock.yaml'))).toMatch(/\nrulebook:\n(  - [0-9a-f]{16}\n){5}$/);
    expect(statusOf(game)).toMatchObject({ paragraphs: 5, changed: 0, changedParagraphs: [] });

    // A list item reworded across two lines, and a new paragraph: both listed at their lines, nothing else.
    writeFileSync(en, read(en).replace('- Light a lantern\n  before dawn.', '- Light a lantern\n  before the dawn.').replace('Keep the light.\n', 'Keep the light.\n\nThe night is long.\n'));
    expect(statusOf(game)).toMatchObject({
      paragraphs: 6,
      changed: 2,
      changedParagraphs: [
        { file: 'rules/rules-en.md', line: 8, text: 'The night is long.' },
        { file: 'rules/rules-en.md', line: 11, text: 'Light a lantern before the dawn.' },
      ],
    });
    const status = captureIo(path.dirname(game));
    expect(i18nStatusCommand(game, { format: 'text', strict: true }, status)).toBe(1);
    expect(status.out()).toContain('rulebook paragraphs to translate again:\nfull-game  fr  rules/rules-en.md:8  The night is long.\nfull-game  fr  rules/rules-en.md:11  Light a lantern before the dawn.\n');

    // An import of card texts keeps what the lock knows of the rulebook.
    const csv = path.join(path.dirname(game), 'fr.csv');
    const exported = captureIo(path.dirname(game));
    i18nExportCommand(game, { lang: 'fr', format: 'csv' }, exported);
    writeFileSync(csv, exported.out());
    expect(i18nImportCommand(csv, game, {}, captureIo(path.dirname(game)))).toBe(0);
    expect(statusOf(game)).toMatchObject({ changed: 2 });

    expect(i18nMarkCurrentCommand(game, { lang: 'fr' }, captureIo(path.dirname(game)))).toBe(0);
    expect(statusOf(game)).toMatchObject({ paragraphs: 6, changed: 0 });
    // Without the French file, every paragraph is to translate.
    unlinkSync(fr);
    expect(statusOf(game)).toMatchObject({ paragraphs: 6, changed: 6 });
  });

  it('an import from an older export is refused; with --force it writes the text but keeps it stale', () => {
    const game = copyFullGame();
    const cards = path.join(game, 'sets', 'cards.yaml');
    const io = captureIo(path.dirname(game));
    i18nExportCommand(game, { lang: 'fr', format: 'json', only: ['translated'] }, io);
    const exported = JSON.parse(io.out()) as { source: string; target: string; texts: { id: string; target: string }[] };
    expect(exported.source).toBe('en');
    expect(exported.texts).toHaveLength(16);
    exported.texts.find((t) => t.id === 'sets/cards.yaml#/items/@oil/name')!.target = "Huile d'olive";
    writeFileSync(cards, read(cards).replace('{en: Oil, fr: Huile}', '{en: Lamp oil, fr: Huile}'));
    const file = path.join(path.dirname(game), 'fr.json');
    writeFileSync(file, JSON.stringify(exported));
    expect(i18nImportCommand(file, game, {}, captureIo(path.dirname(game)))).toBe(1);
    expect(read(cards)).toContain('{en: Lamp oil, fr: Huile}');
    const result = captureIo(path.dirname(game));
    expect(i18nImportCommand(file, game, { force: true }, result)).toBe(0);
    expect(result.err()).toContain('warning: fr.json: text 11: the en text of sets/cards.yaml#/items/@oil/name is now "Lamp oil", not "Oil" as exported');
    expect(read(cards)).toContain(`{en: Lamp oil, fr: Huile d'olive}`);
    expect(statusOf(game)).toMatchObject({ stale: 1 });
  });

  it('a dry run writes nothing; a file without the expected columns is a usage error', () => {
    const game = copyFullGame();
    const cards = path.join(game, 'sets', 'cards.yaml');
    const before = read(cards);
    const file = path.join(path.dirname(game), 'fr.csv');
    writeFileSync(file, 'id,game,en,fr,status\nsets/cards.yaml#/items/@wick/name,full-game,Wick,Mèche longue,translated\n');
    const io = captureIo(path.dirname(game));
    expect(i18nImportCommand(file, game, { dryRun: true }, io)).toBe(0);
    expect(io.out()).toBe('full-game  sets/cards.yaml:30  /items/0/name  fr\n1 text would be written in 1 file (0 unchanged, 0 left empty)\n');
    expect(read(cards)).toBe(before);
    writeFileSync(file, 'id,text\nx,y\n');
    expect(() => i18nImportCommand(file, game, {}, captureIo(path.dirname(game)))).toThrow(UsageError);
    expect(() => i18nExportCommand(game, { lang: 'de', format: 'csv' }, captureIo(path.dirname(game)))).toThrow(/no game here is translated into "de"/);
  });
});
