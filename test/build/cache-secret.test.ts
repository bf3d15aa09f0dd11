import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_SECRET_ENV, cacheKeying, cacheSecret, cacheSecretNote } from '../../src/build/cache-secret.js';
import { toolFingerprint } from '../../src/build/fingerprint.js';
import { userCacheSecretFile } from '../../src/shared/config-files.js';
import { buildOnce } from '../../src/cli/build-command.js';
import { VERSION } from '../../src/cli/main.js';
import { FIXTURES, ROOT, hashTree, runCli, tempDir } from '../helpers.js';

const posix = process.platform !== 'win32';
const settings = () => ({ XDG_CONFIG_HOME: tempDir('pocketpress-settings-') });

describe("the user's secret for the build cache", () => {
  it('is made by the first build, for the user alone, and taken again by the next', () => {
    const env = settings();
    const file = userCacheSecretFile(env)!;
    expect(file).toBe(path.join(env.XDG_CONFIG_HOME, 'pocketpress', 'cache-secret'));
    const secret = cacheSecret(true, env);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file, 'utf8')).toBe(`${secret}\n`);
    if (posix) {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    }
    expect(cacheSecret(true, env)).toBe(secret);
    expect(cacheSecretNote()).toBeUndefined();
    expect(cacheSecret(false, env)).toBe(secret);
    // Another user's settings, another secret.
    expect(cacheSecret(true, settings())).not.toBe(secret);
  });

  it('is kept under an absolute home folder only', () => {
    expect(userCacheSecretFile({ HOME: '/home/ada' })).toBe(path.join('/home/ada', '.config', 'pocketpress', 'cache-secret'));
    expect(userCacheSecretFile({ HOME: '/home/ada', XDG_CONFIG_HOME: '/settings' })).toBe(path.join('/settings', 'pocketpress', 'cache-secret'));
    // A relative XDG_CONFIG_HOME is passed over, as the XDG rules say; a relative or empty HOME gives none.
    expect(userCacheSecretFile({ HOME: '/home/ada', XDG_CONFIG_HOME: 'settings' })).toBe(path.join('/home/ada', '.config', 'pocketpress', 'cache-secret'));
    for (const HOME of ['', '.', 'relative']) expect(userCacheSecretFile({ HOME }), HOME).toBeUndefined();
  });

  it('is not made by validate (which writes nothing): no secret, no cache to read', () => {
    const env = settings();
    expect(cacheSecret(false, env)).toBeUndefined();
    expect(cacheKeying('1.0.0', false, env)).toBeUndefined();
    expect(existsSync(path.join(env.XDG_CONFIG_HOME, 'pocketpress'))).toBe(false);
  });

  it('is $POCKETPRESS_CACHE_SECRET when set (CI keeping its cache between runs), the file neither read nor made', () => {
    const env = { ...settings(), [CACHE_SECRET_ENV]: 'kept in the CI settings' };
    expect(cacheSecret(true, env)).toBe('kept in the CI settings');
    expect(existsSync(path.join(env.XDG_CONFIG_HOME, 'pocketpress'))).toBe(false);
    expect(cacheKeying('1.0.0', false, env)).toBe(`${toolFingerprint('1.0.0')}\0kept in the CI settings`);
  });

  it.runIf(posix)('is not taken from a file others may read, from a link, or from a file that holds no secret; none of them is written over', () => {
    const other = cacheSecret(true, settings())!;
    expect(other).toMatch(/^[0-9a-f]{64}$/);
    const cases: [string, (file: string) => void][] = [
      ['readable by its group', (file) => {
        writeFileSync(file, `${other}\n`);
        chmodSync(file, 0o640);
      }],
      ['a link to a secret', (file) => {
        const elsewhere = path.join(tempDir(), 'secret');
        writeFileSync(elsewhere, `${other}\n`, { mode: 0o600 });
        symlinkSync(elsewhere, file);
      }],
      ['not a secret', (file) => writeFileSync(file, 'hunter2\n', { mode: 0o600 })],
    ];
    for (const [what, plant] of cases) {
      const env = settings();
      const file = userCacheSecretFile(env)!;
      mkdirSync(path.dirname(file), { recursive: true });
      plant(file);
      const before = readFileSync(file);
      expect(cacheSecret(false, env), what).toBeUndefined();
      // No secret, so no cache: what is kept could not be told from a stranger's; the build says why.
      expect(cacheSecret(true, env), what).toBeUndefined();
      expect(cacheKeying('1.0.0', true, env), what).toBeUndefined();
      expect(cacheSecretNote(), what).toBe(`${file} is not a secret of the user's alone (a link, a file that is another's or that its group or others may read or write, or not a secret); remove it to have a new one made: the build cache is not used`);
      expect(readFileSync(file), what).toEqual(before);
    }
  });

  it('is none where none can be kept (the settings folder is a file): no cache, and the build says why', () => {
    const blocked = path.join(tempDir(), 'a-file');
    writeFileSync(blocked, '');
    const env = { XDG_CONFIG_HOME: blocked };
    expect(cacheSecret(true, env)).toBeUndefined();
    expect(cacheSecretNote()).toMatch(new RegExp(`^${path.join(blocked, 'pocketpress', 'cache-secret').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot be written \\(E[A-Z]+\\): the build cache is not used$`));
    expect(cacheSecret(true, settings())).toMatch(/^[0-9a-f]{64}$/);
    expect(cacheSecretNote()).toBeUndefined();
  });

  it.runIf(posix)('is none of a file found from where the command runs: with an empty or relative HOME, no file of the user\'s is read or made', () => {
    const project = tempDir();
    const planted = path.join(project, '.config', 'pocketpress', 'cache-secret');
    mkdirSync(path.dirname(planted), { recursive: true });
    writeFileSync(planted, `${'a'.repeat(64)}\n`, { mode: 0o600 });
    // In a process of its own: the system's idea of the home folder comes from its HOME too.
    const script = `
      const { cacheSecret, cacheSecretNote } = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'dist', 'build', 'cache-secret.js')).href)});
      const read = cacheSecret(false);
      const made = cacheSecret(true);
      process.stdout.write(JSON.stringify({ read: read ?? null, made: made ?? undefined, note: cacheSecretNote() }));
    `;
    for (const HOME of ['', '.', 'relative']) {
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8', env: { PATH: process.env['PATH'], HOME } });
      expect(run.stderr, HOME).toBe('');
      const got = JSON.parse(run.stdout) as { read: string | null; made?: string; note: string };
      expect(got.read, HOME).toBeNull();
      expect(got.made, HOME).toBeUndefined();
      expect(got.note, HOME).toBe('no home folder is known (HOME is unset, empty or relative): the build cache is not used');
    }
    expect(readdirSync(path.dirname(planted))).toEqual(['cache-secret']);
  });

  it.runIf(posix)('is made by a build that keeps something, not by one stopped by the checks nor by validate; without one a build uses no cache, and says why on stderr', async () => {
    const env = settings();
    const file = userCacheSecretFile(env)!;
    const saved = process.env['XDG_CONFIG_HOME'];
    process.env['XDG_CONFIG_HOME'] = env.XDG_CONFIG_HOME;
    try {
      const game = path.join(tempDir(), 'full-game');
      cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
      const said: string[] = [];
      const io = { stdout: () => {}, stderr: (t: string) => void said.push(t), cwd: game };
      const options = { out: path.join(game, 'out'), format: 'text' as const, dpi: 20, paper: 'a4' as const, duplex: 'long' as const, backOffset: { x: 0, y: 0 }, lang: ['en'] };
      expect((await runCli(['validate', game], game)).code).toBe(0);
      expect(existsSync(file)).toBe(false);
      const sets = path.join(game, 'sets', 'cards.yaml');
      const text = readFileSync(sets, 'utf8');
      writeFileSync(sets, text.replace('name: {en: Oil, fr: Huile}', 'name: {en: Oil, fr: Huile}\n    unknownField: 1'));
      expect((await buildOnce(game, options, VERSION, io)).code).toBe(1);
      expect(existsSync(file)).toBe(false);
      writeFileSync(sets, text);
      expect((await buildOnce(game, options, VERSION, io)).code).toBe(0);
      expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
      expect(said.join('')).not.toContain('note:');
      chmodSync(file, 0o640);
      const cache = path.join(game, '.pocketpress-cache', 'out');
      const kept = hashTree(cache);
      for (const quiet of [false, true]) {
        said.length = 0;
        const built = await buildOnce(game, { ...options, quiet }, VERSION, io);
        expect(built.code).toBe(0);
        // Everything made again, nothing taken from the cache nor added to it.
        expect(built.stats['layout']!.reused).toBe(0);
        expect(hashTree(cache)).toEqual(kept);
        expect(said.join('')).toContain(`pocketpress: note: ${file} is not a secret of the user's alone`);
      }
    } finally {
      process.env['XDG_CONFIG_HOME'] = saved;
    }
  });

  it("is never the tests' user's own: the tests keep their settings in a folder of their own", () => {
    const settingsFolder = process.env['XDG_CONFIG_HOME'] ?? '';
    expect(path.basename(settingsFolder)).toMatch(/^pocketpress-config-.{6}$/);
    expect(path.dirname(settingsFolder)).toBe(os.tmpdir());
    expect(userCacheSecretFile()).toBe(path.join(settingsFolder, 'pocketpress', 'cache-secret'));
    expect(process.env[CACHE_SECRET_ENV]).toBeUndefined();
  });
});
