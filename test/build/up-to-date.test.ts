import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOnce, type BuildCommandOptions } from '../../src/cli/build-command.js';
import { folderStamps, keepUpToDate, recentContents, upToDate } from '../../src/build/up-to-date.js';
import { FIXTURES, ROOT, tempDir } from '../helpers.js';

function capture() {
  const lines: string[] = [];
  return { io: { stdout: (s: string) => lines.push(s), stderr: () => {}, cwd: '/' }, text: () => lines.join('') };
}

function options(out: string, more: Partial<BuildCommandOptions> = {}): BuildCommandOptions {
  return { out, format: 'text', dpi: 72, paper: 'a4', duplex: 'long', backOffset: { x: 0, y: 0 }, ...more };
}

/** A copy of the full fixture game, so that it can be edited. */
function gameCopy(): string {
  const game = path.join(tempDir(), 'full-game');
  cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
  return game;
}

const mtime = (file: string) => statSync(file, { bigint: true }).mtimeNs;

describe('a build with nothing changed since the last one', () => {
  it('returns the last result without writing, and says so', async () => {
    const game = gameCopy();
    const out = tempDir();
    const first = await buildOnce(game, options(out), '0.0.0-test', capture().io);
    expect(first.code).toBe(0);
    expect(first.result!.upToDate).toBeUndefined();
    const png = path.join(out, 'full-game', 'en', 'png', 'cards', 'wick.png');
    const manifest = path.join(out, 'full-game', 'en', 'manifest.json');
    const written = [mtime(png), mtime(manifest)];

    const said = capture();
    const again = await buildOnce(game, options(out), '0.0.0-test', said.io);
    expect(again.code).toBe(0);
    expect(again.result!.upToDate).toBe(true);
    expect(again.result!.files).toBe(first.result!.files);
    expect(again.result!.printable).toEqual(first.result!.printable);
    expect(again.result!.diagnostics).toEqual(first.result!.diagnostics);
    // Everything counts as reused: as many things as the first build made or reused.
    for (const [kind, s] of Object.entries(first.stats)) expect(again.stats[kind]).toEqual({ made: 0, reused: s.made + s.reused });
    expect([mtime(png), mtime(manifest)]).toEqual(written);
    expect(said.text()).toContain(`nothing changed since the last build: the ${first.result!.files} files for full-game/en, full-game/fr in `);
  }, 60_000);

  it('builds again when a content file, an output file, an option or the tool changes', async () => {
    const game = gameCopy();
    const out = tempDir();
    const io = capture().io;
    expect((await buildOnce(game, options(out), '0.0.0-test', io)).code).toBe(0);
    const upToDate = async (more: Partial<BuildCommandOptions> = {}, version = '0.0.0-test') => (await buildOnce(game, options(out, more), version, io)).result!.upToDate === true;
    expect(await upToDate()).toBe(true);

    // A content file saved with other text: the card is made again, with the new name.
    const set = path.join(game, 'sets', 'cards.yaml');
    writeFileSync(set, readFileSync(set, 'utf8').replace('name: {en: Oil, fr: Huile}', 'name: {en: Lamp oil, fr: Huile}'));
    expect(await upToDate()).toBe(false);
    expect(readFileSync(path.join(out, 'full-game', 'en', 'full-game.json'), 'utf8')).toContain('Lamp oil');
    expect(await upToDate()).toBe(true);

    // A file added to the game folder, even one no YAML names yet.
    writeFileSync(path.join(game, 'notes.txt'), 'to do');
    expect(await upToDate()).toBe(false);
    expect(await upToDate()).toBe(true);

    // An output deleted or edited by hand is written again.
    const png = path.join(out, 'full-game', 'en', 'png', 'cards', 'wick.png');
    const bytes = readFileSync(png);
    rmSync(png);
    expect(await upToDate()).toBe(false);
    expect(readFileSync(png).equals(bytes)).toBe(true);
    appendFileSync(png, 'x');
    expect(await upToDate()).toBe(false);
    expect(readFileSync(png).equals(bytes)).toBe(true);

    // Another option, another tool: another build (and each is remembered apart).
    expect(await upToDate({ dpi: 96 })).toBe(false);
    expect(await upToDate({ dpi: 72 })).toBe(false);
    expect(await upToDate({ lang: ['en'] })).toBe(false);
    expect(await upToDate({}, '0.0.1-test')).toBe(false);
    expect(await upToDate({}, '0.0.1-test')).toBe(true);
    // Without the cache, everything is made again every time.
    const uncached = await buildOnce(game, options(out, { cache: false }), '0.0.1-test', io);
    expect(uncached.result!.upToDate).toBeUndefined();
    expect(uncached.stats['png']!.made).toBeGreaterThan(0);
  }, 120_000);
});

describe('a build with warnings and nothing changed since', () => {
  it('prints the same warnings, with the same exit code; one that fails is never kept', async () => {
    const game = gameCopy();
    const set = path.join(game, 'sets', 'cards.yaml');
    writeFileSync(set, readFileSync(set, 'utf8').replace('name: {en: Oil, fr: Huile}', 'name: {en: Oil}'));
    const out = tempDir();
    const first = capture();
    const built = await buildOnce(game, options(out, { allowMissing: true }), '0.0.0-test', first.io);
    expect(built.code).toBe(0);
    const warning = 'cards.yaml:36:11  warning  missing-translation  no "fr" text here';
    expect(first.text()).toContain(warning);
    const second = capture();
    const again = await buildOnce(game, options(out, { allowMissing: true }), '0.0.0-test', second.io);
    expect([again.code, again.result!.upToDate]).toEqual([0, true]);
    expect(second.text()).toContain(warning);
    expect(second.text()).toContain('are up to date (');
    expect(second.text()).toContain(', 1 warning)');
    // Too many warnings: nothing written, exit 1, every time.
    for (let i = 0; i < 2; i++) {
      const failed = await buildOnce(game, options(out, { allowMissing: true, maxWarnings: 0 }), '0.0.0-test', capture().io);
      expect([failed.code, failed.result!.written, failed.result!.upToDate]).toEqual([1, false, undefined]);
    }
  }, 90_000);
});

describe('a game reached through a symbolic link', () => {
  it('is built again when a file inside it is edited', async () => {
    const game = gameCopy();
    const content = tempDir();
    symlinkSync(game, path.join(content, 'full-game'));
    const out = tempDir();
    const io = capture().io;
    const build = async () => (await buildOnce(content, options(out, { lang: ['en'] }), '0.0.0-test', io)).result!;
    expect((await build()).written).toBe(true);
    expect((await build()).upToDate).toBe(true);
    // Saved in place, as an editor that keeps the file's inode does.
    const set = path.join(game, 'sets', 'cards.yaml');
    writeFileSync(set, readFileSync(set, 'utf8').replace('name: {en: Oil, fr: Huile}', 'name: {en: Lamp oil, fr: Huile}'));
    const again = await build();
    expect(again.upToDate).toBeUndefined();
    expect(readFileSync(path.join(out, 'full-game', 'en', 'full-game.json'), 'utf8')).toContain('Lamp oil');
  }, 60_000);
});

describe('a font package installed beside a game', () => {
  it('that an npm: path now names is drawn with, by the next build and by the cache', async () => {
    const project = tempDir();
    const game = path.join(project, 'full-game');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
    const out = tempDir();
    const io = capture().io;
    const png = (dir: string) => readFileSync(path.join(dir, 'full-game', 'en', 'png', 'cards', 'wick.png'));
    const build = async (dir: string, more: Partial<BuildCommandOptions> = {}) => (await buildOnce(game, options(dir, { lang: ['en'], ...more }), '0.0.0-test', io)).result!;
    expect((await build(out)).written).toBe(true);
    const before = png(out);
    // The built-in Alegreya Sans (found beside pocketpress) is now found in the project, with the letters of Alegreya.
    const files = path.join(project, 'node_modules', '@fontsource', 'alegreya-sans', 'files');
    mkdirSync(files, { recursive: true });
    const serif = path.join(ROOT, 'node_modules', '@fontsource', 'alegreya', 'files', 'alegreya-latin-400-normal.woff');
    for (const name of readdirSync(path.join(ROOT, 'node_modules', '@fontsource', 'alegreya-sans', 'files'))) cpSync(serif, path.join(files, name));
    const again = await build(out);
    expect(again.upToDate).toBeUndefined();
    const fresh = tempDir();
    expect((await build(fresh, { cache: false })).written).toBe(true);
    expect(png(fresh).equals(before)).toBe(false);
    expect(png(out).equals(png(fresh))).toBe(true);
    expect((await build(out)).upToDate).toBe(true);
  }, 90_000);
});

describe('the record of a build', () => {
  it('follows links to game folders and to folders inside the game, stamps where they lead, and walks a loop once', () => {
    const root = tempDir();
    const real = path.join(root, 'real');
    mkdirSync(path.join(real, 'sets'), { recursive: true });
    writeFileSync(path.join(real, 'game.yaml'), 'id: g\n');
    writeFileSync(path.join(real, 'sets', 'a.yaml'), 'one');
    symlinkSync(path.join(real, 'sets'), path.join(real, 'more-sets'));
    const outside = path.join(root, 'outside');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'secret.png'), 'x');
    symlinkSync(outside, path.join(real, 'art'));
    const content = path.join(root, 'content');
    mkdirSync(content);
    symlinkSync(real, path.join(content, 'game'));
    symlinkSync(content, path.join(real, 'loop'));
    const names = (stamps: string[]) => stamps.map((s) => path.relative(root, s.slice(0, s.indexOf('\0'))));
    const before = folderStamps([content]);
    // The links to outside the game (art, loop) are stamped, not walked; the folder inside it two names lead to is walked once.
    expect(names(before)).toEqual([
      'content',
      'content/game',
      'content/game',
      'content/game/art',
      'content/game/game.yaml',
      'content/game/loop',
      'content/game/more-sets',
      'content/game/more-sets',
      'content/game/more-sets/a.yaml',
    ]);
    writeFileSync(path.join(real, 'sets', 'a.yaml'), 'two');
    expect(folderStamps([content])).not.toEqual(before);
  });

  it('tells a file saved again within the granule of its stamp by its bytes', () => {
    const cache = tempDir();
    const game = tempDir();
    const out = tempDir();
    const set = path.join(game, 'cards.yaml');
    writeFileSync(set, 'name: Oil\n');
    writeFileSync(path.join(game, 'game.yaml'), 'id: a\n');
    const since = BigInt(Date.now()) * 1_000_000n;
    const inputs = folderStamps([game]);
    // Both files were saved just now: their bytes are kept with the record.
    const recent = recentContents(inputs, since, [game]);
    expect(recent.map((r) => path.basename(r.slice(0, r.indexOf('\0'))))).toEqual(['cards.yaml', 'game.yaml']);
    // Stamped more than the granule after their last change, none is.
    expect(recentContents(inputs, since + 10_000_000_000n, [game])).toEqual([]);
    // A file outside the folders the build reads is never opened: it counts as changed.
    expect(recentContents(inputs, since, [out]).map((r) => r.endsWith('\0?'))).toEqual([true, true]);
    keepUpToDate(cache, { asked: 1 }, { inputs, files: [], outputs: [out], result: { ok: 1 }, recent });
    expect(upToDate(cache, { asked: 1 }, inputs, () => [out], [game])).toEqual({ ok: 1 });
    // Saved again with as many bytes, on a file system whose times are too coarse to tell: the stamps read as before.
    writeFileSync(set, 'name: Oll\n');
    expect(upToDate(cache, { asked: 1 }, inputs, () => [out], [game])).toBeUndefined();
    writeFileSync(set, 'name: Oil\n');
    expect(upToDate(cache, { asked: 1 }, inputs, () => [out], [game])).toEqual({ ok: 1 });
  });

  it('leaves out the output and cache folders and installed packages when stamping the inputs', () => {
    const root = tempDir();
    for (const dir of ['out', 'cache', 'node_modules/x', 'game']) cpSync(path.join(FIXTURES, 'valid', 'primitives', 'game.yaml'), path.join(root, dir, 'game.yaml'), { recursive: true });
    const stamps = folderStamps([root], [path.join(root, 'out'), path.join(root, 'cache')]).map((s) => path.relative(root, s.slice(0, s.indexOf('\0'))));
    expect(stamps).toEqual(['', 'game', 'game/game.yaml']);
  });
});
