import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wantsColor } from '../../src/cli/io.js';
import { PROJECT_SCRIPTS } from '../../src/init/init-project.js';
import { FIXTURES, ROOT, runCli, tempDir } from '../helpers.js';

/** An npm project as `npm init -y` leaves it. */
function npmProject(name = 'my-game'): string {
  const dir = path.join(tempDir(), name);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', scripts: { test: 'echo "Error: no test specified" && exit 1' } }, null, 2));
  return dir;
}

describe('a designer\'s own project', () => {
  it('init . sets up settings, a game in content/, scripts and .gitignore; build with no options uses them', async () => {
    const dir = npmProject();
    const init = await runCli(['init', '.'], dir);
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    expect(init.stdout).toMatch(/^Set up \.\/ for pocketpress with the game "my-game" \(7 files; scripts dev, build, validate added to package\.json\)/);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts).toEqual({ test: 'echo "Error: no test specified" && exit 1', ...PROJECT_SCRIPTS });
    expect(readFileSync(path.join(dir, '.gitignore'), 'utf8')).toBe('out/\n');
    const settings = readFileSync(path.join(dir, 'pocketpress.yaml'), 'utf8');
    const schema = /\$schema=(\S+)/.exec(settings)![1]!;
    expect(path.resolve(dir, schema)).toBe(path.join(ROOT, 'schemas', 'project.schema.json'));
    expect(existsSync(path.join(dir, 'content', 'my-game', 'game.yaml'))).toBe(true);

    // No folder, no options: the project's content into the project's out, on the project's paper.
    writeFileSync(path.join(dir, 'pocketpress.yaml'), settings.replace('paper: a4', 'paper: letter').replace('dpi: 300', 'dpi: 72'));
    const build = await runCli(['build', '--lang', 'en'], dir);
    expect(build.code).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'out', 'my-game', 'en', 'manifest.json'), 'utf8')) as { files: { path: string; paper?: string; dpi?: number }[] };
    expect(manifest.files.find((f) => f.path === 'cards.pdf')!.paper).toBe('Letter');
    expect(manifest.files.find((f) => f.path.endsWith('.png'))!.dpi).toBe(72);
    // A flag wins over the file.
    const a4 = await runCli(['build', '--lang', 'en', '--paper', 'a4', '--out', 'elsewhere'], dir);
    expect(a4.code).toBe(0);
    const other = JSON.parse(readFileSync(path.join(dir, 'elsewhere', 'my-game', 'en', 'manifest.json'), 'utf8')) as { files: { path: string; paper?: string }[] };
    expect(other.files.find((f) => f.path === 'cards.pdf')!.paper).toBe('A4');

    // A second game by name goes into the project's content folder, where build finds it.
    const second = await runCli(['init', 'second-game'], dir);
    expect(second.code).toBe(0);
    expect(existsSync(path.join(dir, 'content', 'second-game', 'game.yaml'))).toBe(true);
    const validate = await runCli(['validate', '--format', 'json'], path.join(dir, 'content'));
    expect(JSON.parse(validate.stdout)).toEqual({ diagnostics: [], errors: 0, warnings: 0 });
  }, 180_000);

  it('a mistake in pocketpress.yaml is a diagnostic at its line, and exit 2', async () => {
    const dir = npmProject();
    writeFileSync(path.join(dir, 'pocketpress.yaml'), 'content: content\npaper: a3\ndpii: 300\n');
    const result = await runCli(['validate'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^pocketpress\.yaml:2:8 {2}error {2}bad-value {2}/m);
    expect(result.stderr).toMatch(/^pocketpress\.yaml:3:1 {2}error {2}unknown-key {2}"dpii" is not allowed here; did you mean "dpi"\?/m);
  });

  it("writes only inside the project: out: or cacheDir: leaving its folder, by a path or through a link, is a diagnostic at its line, and exit 2; --out and --cache-dir may name any folder", async () => {
    const dir = npmProject();
    const elsewhere = tempDir();
    symlinkSync(elsewhere, path.join(dir, 'linked'));
    const cases: [string, RegExp][] = [
      ['content: content\nout: ../shared-out\n', /^pocketpress\.yaml:2:6 {2}error {2}path-outside-game {2}out must be a folder inside the project's folder .*give --out on the command line/m],
      [`content: content\ncacheDir: ${elsewhere}\n`, /^pocketpress\.yaml:2:11 {2}error {2}path-outside-game {2}cacheDir must be a folder inside the project's folder .*give --cache-dir on the command line/m],
      ['content: content\nout: linked/out\n', /^pocketpress\.yaml:2:6 {2}error {2}path-outside-game {2}out must be/m],
    ];
    for (const [text, said] of cases) {
      writeFileSync(path.join(dir, 'pocketpress.yaml'), text);
      const result = await runCli(['build'], dir);
      expect(result.code, text).toBe(2);
      expect(result.stderr, text).toMatch(said);
    }
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(existsSync(path.join(path.dirname(dir), 'shared-out'))).toBe(false);
    // Inside the project, a path or a link that stays inside: taken.
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), path.join(dir, 'content', 'full-game'), { recursive: true });
    mkdirSync(path.join(dir, 'inner'));
    symlinkSync(path.join(dir, 'inner'), path.join(dir, 'inside'));
    writeFileSync(path.join(dir, 'pocketpress.yaml'), 'content: content\nout: inside/out\ncacheDir: build/cache\n');
    const built = await runCli(['build', '--lang', 'en'], dir);
    expect({ code: built.code, refused: built.stderr.includes('path-outside-game') }).toEqual({ code: 0, refused: false });
    expect(existsSync(path.join(dir, 'inner', 'out', 'full-game', 'en', 'manifest.json'))).toBe(true);
    expect(existsSync(path.join(dir, 'build', 'cache'))).toBe(true);
    // The command line may name any folder.
    const outside = await runCli(['build', '--lang', 'en', '--out', path.join(elsewhere, 'out'), '--cache-dir', path.join(elsewhere, 'cache')], dir);
    expect(outside.code).toBe(0);
    expect(readdirSync(elsewhere).sort()).toEqual(['cache', 'out']);
  });

  it('games of several folders: one game id in two of them is a duplicate-id at its line, nothing written; a game two of them hold is one game', async () => {
    const dir = npmProject('two-folders');
    for (const name of ['a', 'b']) {
      cpSync(path.join(FIXTURES, 'valid', 'full-game'), path.join(dir, 'games', name), { recursive: true });
      const game = path.join(dir, 'games', name, 'game.yaml');
      writeFileSync(game, readFileSync(game, 'utf8').replace(/^id: full-game$/m, 'id: same'));
    }
    // Each folder a game (the two have one parent): the second game would have written over the first.
    writeFileSync(path.join(dir, 'pocketpress.yaml'), 'content: [games/a, games/b]\n');
    const checked = await runCli(['validate', '--format', 'json'], dir);
    const report = JSON.parse(checked.stdout) as { diagnostics: { code: string; file: string; line: number; message: string }[] };
    expect({ code: checked.code, clashes: report.diagnostics.filter((d) => d.code === 'duplicate-id').map((d) => [d.file, d.line]) }).toEqual({ code: 1, clashes: [['games/b/game.yaml', 1]] });
    const built = await runCli(['build', '--lang', 'en', '--no-cache'], dir);
    expect(built.code).toBe(1);
    expect(existsSync(path.join(dir, 'out'))).toBe(false);
    // A folder of games and one of its games: the game once, its problems said once.
    writeFileSync(path.join(dir, 'games', 'b', 'game.yaml'), readFileSync(path.join(dir, 'games', 'b', 'game.yaml'), 'utf8').replace(/^id: same$/m, 'id: other'));
    writeFileSync(path.join(dir, 'pocketpress.yaml'), 'content: [games, games/a]\n');
    const said = await runCli(['validate'], dir);
    expect({ code: said.code, summary: said.stdout.trim().split('\n').at(-1) }).toEqual({ code: 0, summary: '0 errors, 2 warnings in 2 games' });
    const once = JSON.parse((await runCli(['validate', '--format', 'json'], dir)).stdout) as { diagnostics: { file: string; line: number; code: string }[] };
    const places = once.diagnostics.map((d) => `${d.file}:${d.line}:${d.code}`);
    expect(places.length).toBe(2);
    expect(new Set(places).size).toBe(places.length);
    expect((await runCli(['build', '--lang', 'en', '--no-cache'], dir)).code).toBe(0);
    expect(readdirSync(path.join(dir, 'out')).sort()).toEqual(['other', 'same']);
  });

  it('--max-warnings fails a run with more warnings than allowed', async () => {
    const dir = path.join(tempDir(), 'g');
    expect((await runCli(['init', dir])).code).toBe(0);
    const game = path.join(dir, 'game.yaml');
    writeFileSync(game, readFileSync(game, 'utf8').replace('id: g', 'id: other-name'));
    const one = await runCli(['validate', dir, '--max-warnings', '0']);
    expect(one.stdout).toMatch(/id-mismatch/);
    expect(one.code).toBe(1);
    expect(one.stderr).toBe('pocketpress: 1 warnings, more than --max-warnings 0\n');
    expect((await runCli(['validate', dir, '--max-warnings', '1'])).code).toBe(0);
  });
});

describe('command line manners', () => {
  it('-V and --version print the version; help <command> exits 0', async () => {
    const version = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    for (const flag of ['-V', '--version', '-v']) {
      const result = await runCli([flag]);
      expect(result.code, flag).toBe(0);
      expect(result.stdout, flag).toBe(`${version}\n`);
    }
    const help = await runCli(['help', 'build']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: pocketpress build/);
    expect(help.stdout).toMatch(/--back-offset <x,y> .*\n.*\(default: 0,0\)/);
    expect(help.stdout).toMatch(/Examples:\n {2}\$ pocketpress build/);
  });

  it('colours diagnostics on a terminal, honouring NO_COLOR and FORCE_COLOR', async () => {
    expect(wantsColor({}, true)).toBe(true);
    expect(wantsColor({}, false)).toBe(false);
    expect(wantsColor({ NO_COLOR: '1' }, true)).toBe(false);
    expect(wantsColor({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(wantsColor({ FORCE_COLOR: '0' }, true)).toBe(true);
    expect(wantsColor({ FORCE_COLOR: '0', NO_COLOR: '1' }, true)).toBe(false);
    const dir = path.join(tempDir(), 'g');
    await runCli(['init', dir]);
    const set = path.join(dir, 'sets', 'cards.yaml');
    writeFileSync(set, readFileSync(set, 'utf8').replace('count: 2', 'count: two'));
    let stdout = '';
    const { run } = await import('../../src/cli/main.js');
    await run(['validate', dir], { stdout: (t) => void (stdout += t), stderr: () => {}, cwd: ROOT, color: true });
    expect(stdout).toContain('\u001b[31merror\u001b[39m');
    expect(stdout).toContain('\u001b[36mwrong-type\u001b[39m');
  });
});
