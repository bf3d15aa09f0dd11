import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerI18nCommands } from '../../src/cli/register-i18n-commands.js';
import { captureIo, copyFullGame } from './helpers.js';

/** The i18n commands on a program set up like src/cli/main.ts, run on argv. */
async function runI18n(argv: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(cwd);
  let code = 0;
  const program = new Command('pocketpress').exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  registerI18nCommands(program, io, (c) => (code = c));
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    code = error.code === 'commander.helpDisplayed' ? 0 : 2;
  }
  return { code, out: io.out(), err: io.err() };
}

describe('pocketpress i18n (registered on a program)', () => {
  it('status, export --only and mark-current parse their options', async () => {
    const game = copyFullGame();
    const cwd = path.dirname(game);
    expect(await runI18n(['i18n', 'status', 'full-game', '--lang', 'fr'], cwd)).toMatchObject({ code: 0, out: expect.stringContaining('full-game  fr       17') });
    const csv = await runI18n(['i18n', 'export', 'full-game', '--lang', 'fr', '--only', 'same'], cwd);
    expect(csv).toEqual({ code: 0, out: '\uFEFFid,game,set,item,field,en,fr,status\nsets/cards.yaml#/items/@oil/hours/2/effect,full-game,cards,oil,hours.2.effect,*Fin.*,*Fin.*,same\n', err: '' });
    expect((await runI18n(['i18n', 'mark-current', 'full-game', '--lang', 'fr'], cwd)).code).toBe(0);
  });

  it('says which rulebook it cannot read whole (lists nested deeper than Markdown is read) and leaves its paragraphs out', async () => {
    const game = copyFullGame();
    const cwd = path.dirname(game);
    const before = await runI18n(['i18n', 'status', 'full-game', '--lang', 'fr', '--format', 'json'], cwd);
    expect(before.err).toBe('');
    const deep = Array.from({ length: 60 }, (_, i) => `${'  '.repeat(i)}- step ${i + 1}`).join('\n');
    writeFileSync(path.join(game, 'rules', 'rules-en.md'), `${readFileSync(path.join(game, 'rules', 'rules-en.md'), 'utf8')}\n\n${deep}\n`);
    const after = await runI18n(['i18n', 'status', 'full-game', '--lang', 'fr', '--format', 'json'], cwd);
    expect(after.err).toBe('pocketpress: warning: full-game: rules/rules-en.md cannot be read (run "pocketpress validate"); its texts are left out\n');
    expect(after.code).toBe(0);
    const paragraphs = (run: { out: string }) => (JSON.parse(run.out) as { languages: { paragraphs: number }[] }).languages[0]!.paragraphs;
    expect([paragraphs(before), paragraphs(after)]).toEqual([2, 0]);
  });

  it('refuses bad options with exit code 2', async () => {
    const cwd = path.dirname(copyFullGame());
    expect((await runI18n(['i18n', 'export', 'full-game', '--lang', 'French'], cwd)).err).toContain('expected a language code such as "fr"');
    expect((await runI18n(['i18n', 'export', 'full-game', '--lang', 'fr', '--only', 'done'], cwd)).err).toContain('expected statuses among translated, missing, stale, same');
    expect((await runI18n(['i18n', 'export', 'full-game', '--lang', 'fr', '--format', 'xlsx'], cwd)).code).toBe(2);
    expect((await runI18n(['i18n', 'import'], cwd)).code).toBe(2);
  });
});
