import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BuildCache } from '../../src/build/cache.js';
import { validateGames } from '../../src/build/validate-games.js';
import { buildOnce, type BuildCommandOptions } from '../../src/cli/build-command.js';
import { VERSION } from '../../src/cli/main.js';
import { FIXTURES, runCli, tempDir } from '../helpers.js';

const quiet = { stdout: () => {}, stderr: () => {}, cwd: process.cwd() };

/** The full game with one card name too long for its box: a problem only laying it out finds. */
function overflowingGame(): string {
  const game = path.join(tempDir('pocketpress-validate-cache-'), 'full-game');
  cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
  const cards = path.join(game, 'sets', 'cards.yaml');
  writeFileSync(cards, readFileSync(cards, 'utf8').replace('name: {en: Oil, fr: Huile}', `name: {en: ${'Oil '.repeat(40).trim()}, fr: Huile}`));
  return game;
}

describe("a game's files in the keys of its layouts", () => {
  it('leave out installed packages, version control, the output folder and the cache, wherever they lie', () => {
    const game = path.join(tempDir('pocketpress-assets-'), 'game');
    for (const [file, text] of [['art/a.png', 'a'], ['rules/rules-en.md', '# r'], ['node_modules/x/index.js', 'x'], ['.git/HEAD', 'h'], ['out/g/en/card.png', 'o'], ['cache/aa/bb', 'c'], ['.hidden/b.png', 'b']]) {
      mkdirSync(path.dirname(path.join(game, file!)), { recursive: true });
      writeFileSync(path.join(game, file!), text!);
    }
    const cache = new BuildCache(path.join(game, 'cache'), 'test', [path.join(game, 'out')]);
    expect(cache.assetsOf(game).map(([file]) => file)).toEqual(['.hidden/b.png', 'art/a.png']);
  });

  it('stay the same once a build has written its output and its cache into the game folder: one card edited is laid out again, no other', async () => {
    const game = path.join(tempDir('pocketpress-inside-'), 'full-game');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
    const options: BuildCommandOptions = { out: path.join(game, 'out'), format: 'text', dpi: 30, paper: 'a4', duplex: 'long', backOffset: { x: 0, y: 0 }, lang: ['en'] };
    const io = { ...quiet, cwd: game };
    const first = await buildOnce(game, options, VERSION, io);
    expect(first.code).toBe(0);
    expect(existsSync(path.join(game, '.pocketpress-cache', 'out'))).toBe(true);
    const faces = first.stats['layout']!.made;
    const cards = path.join(game, 'sets', 'cards.yaml');
    writeFileSync(cards, readFileSync(cards, 'utf8').replace('name: {en: Oil, fr: Huile}', 'name: {en: Lamp oil, fr: Huile}'));
    const second = await buildOnce(game, options, VERSION, io);
    expect(second.code).toBe(0);
    expect(second.stats['layout']).toEqual({ made: 1, reused: faces - 1 });
  });
});

describe('validate and the build cache', () => {
  it('takes the faces an earlier check laid out, their problems with them, and lays out only what changed', () => {
    const game = overflowingGame();
    const dir = tempDir();
    const first = new BuildCache(dir, 'test');
    const made = validateGames({ root: game, cache: first });
    expect(made.diagnostics.filter((d) => d.code === 'text-overflow').length).toBeGreaterThan(0);
    const faces = first.stats['layout']!.made;
    expect(faces).toBeGreaterThan(5);
    expect(first.stats['layout']!.reused).toBe(0);

    const again = new BuildCache(dir, 'test');
    const taken = validateGames({ root: game, cache: again });
    expect(again.stats['layout']).toEqual({ made: 0, reused: faces });
    expect(taken.diagnostics).toEqual(made.diagnostics);
    expect(validateGames({ root: game }).diagnostics).toEqual(made.diagnostics);

    // One card's French name edited: that face is laid out again, no other.
    const cards = path.join(game, 'sets', 'cards.yaml');
    writeFileSync(cards, readFileSync(cards, 'utf8').replace('fr: Huile}', 'fr: Huile de lampe}'));
    const later = new BuildCache(dir, 'test');
    validateGames({ root: game, cache: later });
    expect(later.stats['layout']).toEqual({ made: 1, reused: faces - 1 });
  });

  it("shares build's cache: what validate laid out, the build takes; --no-cache keeps nothing", async () => {
    const project = tempDir('pocketpress-validate-project-');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), path.join(project, 'content', 'full-game'), { recursive: true });
    expect((await runCli(['validate', '--no-cache'], project)).code).toBe(0);
    expect(existsSync(path.join(project, '.pocketpress-cache'))).toBe(false);
    const checked = await runCli(['validate'], project);
    expect(checked.code).toBe(0);
    expect(readdirSync(path.join(project, '.pocketpress-cache'))).toEqual(['out']);
    const options: BuildCommandOptions = { out: path.join(project, 'out'), format: 'text', dpi: 30, paper: 'a4', duplex: 'long', backOffset: { x: 0, y: 0 } };
    const built = await buildOnce(path.join(project, 'content'), options, VERSION, { ...quiet, cwd: project });
    expect(built.code).toBe(0);
    expect(built.stats['layout']?.made).toBe(0);
    expect(built.stats['layout']?.reused).toBeGreaterThan(5);
  });
});
