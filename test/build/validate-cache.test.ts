import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BuildCache } from '../../src/build/cache.js';
import { validateGames } from '../../src/build/validate-games.js';
import { buildOnce, type BuildCommandOptions } from '../../src/cli/build-command.js';
import { VERSION } from '../../src/cli/main.js';
import { buildCache } from '../../src/cli/validate-command.js';
import { FIXTURES, hashTree, runCli, tempDir } from '../helpers.js';

const quiet = { stdout: () => {}, stderr: () => {}, cwd: process.cwd() };
const buildOptions = (out: string): BuildCommandOptions => ({ out, format: 'text', dpi: 30, paper: 'a4', duplex: 'long', backOffset: { x: 0, y: 0 } });

/** A project with the full game in content/, whose card names show a word of game.yaml's `strings:` too. */
function project(): { dir: string; game: string } {
  const dir = tempDir('pocketpress-validate-project-');
  const game = path.join(dir, 'content', 'full-game');
  cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
  edit(game, 'game.yaml', 'palette:', 'strings:\n  motto: {en: Light, fr: Lumière}\npalette:');
  edit(game, 'templates/lantern-card.yaml', 'text: "{{item.name | upper}}"', 'text: "{{item.name | upper}} {{strings.motto}}"');
  return { dir, game };
}

function edit(game: string, file: string, from: string, to: string): void {
  const full = path.join(game, file);
  const text = readFileSync(full, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`);
  writeFileSync(full, text.replace(from, to));
}

describe("a game's files in the keys of its layouts", () => {
  it('leave out version control, any build cache, and the output folder and cache of a build run in the game folder', () => {
    const game = path.join(tempDir('pocketpress-assets-'), 'game');
    for (const [file, text] of [['art/a.png', 'a'], ['rules/rules-en.md', '# r'], ['node_modules/x/art.svg', 'x'], ['.git/HEAD', 'h'], ['out/g/en/card.png', 'o'], ['cache/aa/bb', 'c'], ['.pocketpress-cache/out/aa/cc', 'c'], ['.hidden/b.png', 'b']]) {
      mkdirSync(path.dirname(path.join(game, file!)), { recursive: true });
      writeFileSync(path.join(game, file!), text!);
    }
    const cache = new BuildCache(path.join(game, 'cache'), 'test', { notAssets: [path.join(game, 'out')] });
    // Art a template names by its path may lie in node_modules/: it stays.
    expect(cache.assetsOf(game).map(([file]) => file)).toEqual(['.hidden/b.png', 'art/a.png', 'node_modules/x/art.svg']);
  });

  it('stay the same once a build has written its output and its cache into the game folder: one card edited is laid out again, no other', async () => {
    const game = path.join(tempDir('pocketpress-inside-'), 'full-game');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
    const options = { ...buildOptions(path.join(game, 'out')), lang: ['en'] };
    const io = { ...quiet, cwd: game };
    const first = await buildOnce(game, options, VERSION, io);
    expect(first.code).toBe(0);
    expect(existsSync(path.join(game, '.pocketpress-cache', 'out'))).toBe(true);
    const faces = first.stats['layout']!.made;
    edit(game, 'sets/cards.yaml', 'name: {en: Oil, fr: Huile}', 'name: {en: Lamp oil, fr: Huile}');
    const second = await buildOnce(game, options, VERSION, io);
    expect(second.code).toBe(0);
    expect(second.stats['layout']).toEqual({ made: 1, reused: faces - 1 });
  });
});

describe('validate and the build cache', () => {
  it("takes from the cache of build (the folder build would use) the faces it laid out, their problems with them; keeps nothing, writes nothing", async () => {
    const { dir, game } = project();
    // No build yet: validate makes no cache folder.
    expect((await runCli(['validate'], dir)).code).toBe(0);
    expect(existsSync(path.join(dir, '.pocketpress-cache'))).toBe(false);
    expect((await buildOnce(path.join(dir, 'content'), buildOptions(path.join(dir, 'out')), VERSION, { ...quiet, cwd: dir })).code).toBe(0);
    const kept = hashTree(path.join(dir, '.pocketpress-cache'));

    const cache = (await buildCache({}, VERSION, { cwd: dir }))!;
    const taken = validateGames({ root: path.join(dir, 'content'), cache });
    const faces = cache.stats['layout']!.reused;
    expect(cache.stats['layout']).toEqual({ made: 0, reused: faces });
    expect(faces).toBeGreaterThan(5);
    expect(taken.diagnostics).toEqual(validateGames({ root: path.join(dir, 'content') }).diagnostics);

    // One card edited: that face laid out again (and not kept), no other.
    edit(game, 'sets/cards.yaml', 'fr: Huile}', 'fr: Huile de lampe}');
    for (const round of [1, 2]) {
      const again = (await buildCache({}, VERSION, { cwd: dir }))!;
      validateGames({ root: path.join(dir, 'content'), cache: again });
      expect(again.stats['layout'], `round ${round}`).toEqual({ made: 1, reused: faces - 1 });
    }
    expect((await runCli(['validate'], dir)).code).toBe(0);
    expect(hashTree(path.join(dir, '.pocketpress-cache'))).toEqual(kept);
  });

  it('says what validate --no-cache says after each edit that changes a face: a word of strings:, a template, a set file renamed, the art', async () => {
    const { dir, game } = project();
    const io = { ...quiet, cwd: dir };
    const said = async (args: string[]) => {
      const run = await runCli(['validate', '--format', 'json', ...args], dir);
      return { code: run.code, diagnostics: (JSON.parse(run.stdout) as { diagnostics: unknown[] }).diagnostics };
    };
    const edits: [string, () => void][] = [
      ['a word of strings: too long for the title box', () => edit(game, 'game.yaml', 'motto: {en: Light,', `motto: {en: ${'Light '.repeat(30).trim()},`)],
      ['the template', () => edit(game, 'templates/lantern-card.yaml', 'size: 12', 'size: 11')],
      // A problem that points into the set file, at the card's name: then the file renamed.
      ['a card name too long', () => edit(game, 'sets/cards.yaml', 'name: {en: Oil, fr: Huile}', `name: {en: ${'Oil '.repeat(40).trim()}, fr: Huile}`)],
      ['a set file renamed', () => {
        renameSync(path.join(game, 'sets', 'cards.yaml'), path.join(game, 'sets', 'lanterns.yaml'));
        edit(game, 'game.yaml', 'sets/cards.yaml', 'sets/lanterns.yaml');
      }],
      ['the art', () => writeFileSync(path.join(game, 'art', 'flame.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>')],
    ];
    for (const [what, change] of edits) {
      // What the cache holds is what the last build laid out, before the edit.
      await buildOnce(path.join(dir, 'content'), buildOptions(path.join(dir, 'out')), VERSION, io);
      change();
      const fresh = await said(['--no-cache']);
      expect(await said([]), what).toEqual(fresh);
    }
    // The long words overflow, and are said so with the cache too, in the set file by its new name.
    const last = JSON.stringify(await said([]));
    expect(last).toContain('text-overflow');
    expect(last).toContain('sets/lanterns.yaml');
  });
});
