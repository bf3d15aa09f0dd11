import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkedAsItIs } from '../../bin/checked-sources.js';
import { bundleStale, CLI_BUNDLE, cliEntry } from '../../bin/cli-bundle.js';
import { compileAll, findStale, PRECOMPILED, precompiledStale, refreshDist, staleGenerated } from '../../bin/compile.js';
import { CLI_BUNDLE_DIR } from '../../src/build/fingerprint.js';
import { FIXTURES, ROOT, runCli, tempDir } from '../helpers.js';

const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** A package root with a src/ of two modules (one importing the other) and a declaration file. */
function tinyPackage(): string {
  const root = tempDir('pocketpress-compile-');
  mkdirSync(path.join(root, 'src', 'sub'), { recursive: true });
  writeFileSync(path.join(root, 'tsconfig.json'), '{"compilerOptions": {"module": "NodeNext", "strict": true}}\n');
  writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a: number = 1;\n');
  writeFileSync(path.join(root, 'src', 'sub', 'b.ts'), "import { a } from '../a.js';\nexport const b = (n: number): number => a + n;\n");
  writeFileSync(path.join(root, 'src', 'types.d.ts'), 'declare const nothing: string;\n');
  return root;
}

/** Sets a file's modification time `seconds` from now. */
function touch(file: string, seconds: number): void {
  const when = new Date(Date.now() + seconds * 1000);
  utimesSync(file, when, when);
}

describe('dist/ compiled from src/', () => {
  it('compiles every source file into the same place under dist/, declaration files excepted', async () => {
    const root = tinyPackage();
    expect(findStale(root)).toEqual({ all: ['a.ts', 'sub/b.ts'], stale: ['a.ts', 'sub/b.ts'], orphans: [] });
    expect(await refreshDist(root)).toBeUndefined();
    expect(existsSync(path.join(root, 'dist', 'types.d.js'))).toBe(false);
    const b = (await import(pathToFileURL(path.join(root, 'dist', 'sub', 'b.js')).href)) as { b: (n: number) => number };
    expect(b.b(41)).toBe(42);
    // Functions keep their names without a helper called wherever one is made.
    expect(b.b.name).toBe('b');
    expect(readFileSync(path.join(root, 'dist', 'sub', 'b.js'), 'utf8')).not.toContain('__name');
    expect(findStale(root).stale).toEqual([]);
  });

  it('compiles again only what was edited after its output, and removes outputs whose source is gone', async () => {
    const root = tinyPackage();
    await refreshDist(root);
    const before = readFileSync(path.join(root, 'dist', 'sub', 'b.js'), 'utf8');
    writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a: number = 2;\n');
    touch(path.join(root, 'src', 'a.ts'), 5);
    expect(findStale(root).stale).toEqual(['a.ts']);
    expect(await refreshDist(root)).toBeUndefined();
    expect(readFileSync(path.join(root, 'dist', 'a.js'), 'utf8')).toContain('const a = 2;');
    expect(readFileSync(path.join(root, 'dist', 'sub', 'b.js'), 'utf8')).toBe(before);

    rmSync(path.join(root, 'src', 'sub', 'b.ts'));
    expect(findStale(root).orphans.sort()).toEqual(['sub/b.js', 'sub/b.js.map']);
    await refreshDist(root);
    expect(existsSync(path.join(root, 'dist', 'sub', 'b.js'))).toBe(false);
    expect(existsSync(path.join(root, 'dist', 'a.js'))).toBe(true);
  });

  it('notes how src/ and dist/ stood once a look found dist/ up to date, and a CLI takes dist/ as it is only while all of it stands so', async () => {
    const root = tinyPackage();
    const note = path.join(root, 'dist', 'checked', 'sources.json');
    /** Whether a CLI would take dist/ as it is; when not, the slow look (which compiles, or notes). */
    const asItIs = async () => {
      const taken = checkedAsItIs(root);
      if (!taken) expect(await refreshDist(root)).toBeUndefined();
      return taken;
    };
    // Compiled, noted as the sources stood before; dist/ has changed since, so looked at once more, and noted.
    expect(existsSync(note)).toBe(false);
    expect(await asItIs()).toBe(false);
    expect(existsSync(note)).toBe(true);
    expect(await asItIs()).toBe(false);
    expect(Object.keys((JSON.parse(readFileSync(note, 'utf8')) as { stamps: object }).stamps)).toEqual(expect.arrayContaining(['src', 'src/a.ts', 'src/sub', 'src/sub/b.ts', 'dist', 'dist/sub', 'package.json']));
    expect(await asItIs()).toBe(true);
    expect(await asItIs()).toBe(true);

    const changes: [string, () => void][] = [
      // The same size, the same modification time: its status change time moved.
      ['a source edited in place, dated back', () => {
        const file = path.join(root, 'src', 'a.ts');
        const { mtime } = statSync(file);
        writeFileSync(file, readFileSync(file, 'utf8').replace('1', '7'));
        utimesSync(file, mtime, mtime);
      }],
      ['a source added', () => writeFileSync(path.join(root, 'src', 'sub', 'c.ts'), 'export const c = 3;\n')],
      ['a source removed', () => rmSync(path.join(root, 'src', 'sub', 'c.ts'))],
      ['an output removed', () => rmSync(path.join(root, 'dist', 'sub', 'b.js'))],
      ['the package changed', () => writeFileSync(path.join(root, 'package.json'), '{"name": "tiny"}\n')],
      ['another Node', () => writeFileSync(note, readFileSync(note, 'utf8').replace(process.version, 'v0.0.1'))],
      ['a damaged note', () => writeFileSync(note, '{"runsWith": ')],
    ];
    for (const [what, change] of changes) {
      change();
      expect(await asItIs(), what).toBe(false);
      // Compiled when it had to be, and taken as it is once noted again.
      if (!checkedAsItIs(root)) expect(await asItIs(), what).toBe(false);
      expect(await asItIs(), what).toBe(true);
    }
    expect(readFileSync(path.join(root, 'dist', 'a.js'), 'utf8')).toContain('const a = 7;');
    expect(existsSync(path.join(root, 'dist', 'sub', 'b.js'))).toBe(true);
    expect(existsSync(path.join(root, 'dist', 'sub', 'c.js'))).toBe(false);

    // A source edited and dated back, then looked at first by a CLI under another Node than the one that noted: compiled all the same.
    const file = path.join(root, 'src', 'a.ts');
    const { mtime } = statSync(file);
    writeFileSync(file, readFileSync(file, 'utf8').replace('7', '8'));
    utimesSync(file, mtime, mtime);
    writeFileSync(note, readFileSync(note, 'utf8').replace(process.version, 'v0.0.1'));
    expect(await asItIs()).toBe(false);
    expect(readFileSync(path.join(root, 'dist', 'a.js'), 'utf8')).toContain('const a = 8;');
  });

  it('refuses to run code that does not compile, saying where', async () => {
    const root = tinyPackage();
    writeFileSync(path.join(root, 'src', 'sub', 'b.ts'), 'export const b = (;\n');
    const problem = await refreshDist(root);
    expect(problem?.fatal).toBe(true);
    expect(problem?.message).toMatch(/^the sources do not compile: src\/sub\/b\.ts:1:19: /);
  });
});

/** Writes a package into `root`/node_modules: its package.json and files. */
function fakePackage(root: string, name: string, manifest: Record<string, unknown>, files: Record<string, string>): void {
  const dir = path.join(root, 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', ...manifest }));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
}

describe('packages loaded as one file each (src/vendor/)', () => {
  /** A package whose src/vendor/ bundles lib-a (which reads its own data file), lib-b (which imports lib-a) and lib-c (CommonJS). */
  function vendoringPackage(): string {
    const root = tinyPackage();
    fakePackage(root, 'lib-a', { type: 'module', exports: './index.js' }, {
      'index.js': "import { readFileSync } from 'node:fs';\nexport const tag = { from: 'lib-a' };\nexport const data = () => readFileSync(new URL('./data.txt', import.meta.url), 'utf8');\n",
      'data.txt': 'read from lib-a',
    });
    fakePackage(root, 'lib-b', { type: 'module', exports: './index.js' }, { 'index.js': "import { tag } from 'lib-a';\nexport const sameTag = (t) => t === tag;\n" });
    fakePackage(root, 'lib-c', { main: 'index.js' }, { 'index.js': "module.exports = { joined: require('path').join('a', 'b') };\n" });
    writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), '{}\n');
    mkdirSync(path.join(root, 'src', 'vendor'));
    writeFileSync(path.join(root, 'src', 'vendor', 'a.ts'), "export { data, tag } from 'lib-a';\n");
    writeFileSync(path.join(root, 'src', 'vendor', 'b.ts'), "export { sameTag } from 'lib-b';\n");
    writeFileSync(path.join(root, 'src', 'vendor', 'c.ts'), "import c from 'lib-c';\nexport const joined: string = c.joined;\n");
    writeFileSync(path.join(root, 'src', 'use.ts'), "export { data, tag } from './vendor/a.js';\nexport { sameTag } from './vendor/b.js';\nexport { joined } from './vendor/c.js';\n");
    return root;
  }

  it('bundles each package once, takes a vendored package from its own bundle, and finds a package\'s own files where it is installed', async () => {
    const root = vendoringPackage();
    expect(await refreshDist(root)).toBeUndefined();
    const a = readFileSync(path.join(root, 'dist', 'vendor', 'a.js'), 'utf8');
    const b = readFileSync(path.join(root, 'dist', 'vendor', 'b.js'), 'utf8');
    expect(a).toContain('lib-a');
    // lib-b's bundle imports lib-a's instead of holding a second copy of it.
    expect(b).toMatch(/from\s*"\.\/a\.js"/);
    expect(b).not.toContain("from: 'lib-a'");
    expect(b).not.toMatch(/from:\s*"lib-a"/);
    const used = (await import(pathToFileURL(path.join(root, 'dist', 'use.js')).href)) as { data: () => string; tag: object; sameTag: (t: object) => boolean; joined: string };
    expect(used.data()).toBe('read from lib-a');
    expect(used.sameTag(used.tag)).toBe(true);
    expect(used.joined).toBe(path.join('a', 'b'));
    expect(existsSync(path.join(root, 'dist', 'vendor', 'a.js.map'))).toBe(false);
    expect(findStale(root).stale).toEqual([]);
  });

  it('makes the bundles again when a stand-in changed since the last look, even dated back', async () => {
    const root = vendoringPackage();
    mkdirSync(path.join(root, 'src', 'vendor', 'stand-ins'));
    const standIn = path.join(root, 'src', 'vendor', 'stand-ins', 'tiny-inflate.ts');
    writeFileSync(standIn, 'export default function inflate(): number {\n  return 1;\n}\n');
    expect(await refreshDist(root)).toBeUndefined();
    expect(await refreshDist(root)).toBeUndefined();
    expect(checkedAsItIs(root)).toBe(true);
    const made = () => ['a', 'b', 'c'].map((f) => statSync(path.join(root, 'dist', 'vendor', `${f}.js`)).ino);
    const before = made();
    const { mtime } = statSync(standIn);
    writeFileSync(standIn, 'export default function inflate(): number {\n  return 2;\n}\n');
    utimesSync(standIn, mtime, mtime);
    expect(findStale(root).stale).toEqual([]);
    expect(checkedAsItIs(root)).toBe(false);
    expect(await refreshDist(root)).toBeUndefined();
    expect(made().every((ino, i) => ino !== before[i])).toBe(true);
    expect(readFileSync(path.join(root, 'dist', 'use.js'), 'utf8')).toContain('./vendor/a.js');
  });

  it('makes the bundles again when npm changes node_modules, and only them', async () => {
    const root = vendoringPackage();
    await refreshDist(root);
    // All of it compiled a while ago, before npm installed something.
    for (const file of ['a', 'b', 'c']) touch(path.join(root, 'src', 'vendor', `${file}.ts`), -20);
    for (const file of ['use', 'a', 'sub/b']) touch(path.join(root, 'src', `${file}.ts`), -20);
    for (const file of ['vendor/a', 'vendor/b', 'vendor/c', 'use', 'a', 'sub/b']) touch(path.join(root, 'dist', `${file}.js`), -10);
    touch(path.join(root, 'node_modules', '.package-lock.json'), -30);
    expect(findStale(root).stale).toEqual([]);
    touch(path.join(root, 'node_modules', '.package-lock.json'), 0);
    expect(findStale(root).stale.sort()).toEqual(['vendor/a.ts', 'vendor/b.ts', 'vendor/c.ts']);
    writeFileSync(path.join(root, 'node_modules', 'lib-a', 'data.txt'), 'read from lib-a 2');
    writeFileSync(path.join(root, 'node_modules', 'lib-b', 'index.js'), "import { tag } from 'lib-a';\nexport const sameTag = (t) => t !== tag;\n");
    expect(await refreshDist(root)).toBeUndefined();
    expect(readFileSync(path.join(root, 'dist', 'vendor', 'b.js'), 'utf8')).toContain('!==');
    expect(findStale(root).stale).toEqual([]);
  });
});

describe('validators compiled ahead of time into dist/', () => {
  /** A package whose src/content/precompile.ts writes a module from a value its schema defines. */
  function packageWithSchemas(value: number): string {
    const root = tinyPackage();
    mkdirSync(path.join(root, 'src', 'content', 'schema'), { recursive: true });
    writeFileSync(path.join(root, 'src', 'content', 'schema', 'game.ts'), `export const limit = ${value};\n`);
    writeFileSync(
      path.join(root, 'src', 'content', 'precompile.ts'),
      "import { limit } from './schema/game.js';\nexport function precompiledValidatorsCode(): string {\n  return `exports.limit = ${limit};\\n`;\n}\n",
    );
    return root;
  }
  const generated = (root: string) => readFileSync(path.join(root, 'dist', PRECOMPILED), 'utf8');

  it('are written with dist/, and written again when a source they come from changes, not otherwise', async () => {
    const root = packageWithSchemas(3);
    expect(precompiledStale(root)).toBe(true);
    expect(await refreshDist(root)).toBeUndefined();
    expect(generated(root)).toBe('exports.limit = 3;\n');
    expect(precompiledStale(root)).toBe(false);

    // A source outside what the validators import is newer than them: they are not written again.
    touch(path.join(root, 'src', 'content', 'precompile.ts'), -30);
    touch(path.join(root, 'src', 'content', 'schema', 'game.ts'), -30);
    touch(path.join(root, 'dist', PRECOMPILED), -20);
    touch(path.join(root, 'src', 'a.ts'), -10);
    expect(precompiledStale(root)).toBe(false);

    // The schema changes after the validators were written: they are stale until compiled again.
    writeFileSync(path.join(root, 'src', 'content', 'schema', 'game.ts'), 'export const limit = 4;\n');
    expect(precompiledStale(root)).toBe(true);
    expect(findStale(root).stale).toEqual(['content/schema/game.ts']);
    expect(await refreshDist(root)).toBeUndefined();
    expect(generated(root)).toBe('exports.limit = 4;\n');
    expect(precompiledStale(root)).toBe(false);
  });

  it('are written again when only they are missing', async () => {
    const root = packageWithSchemas(5);
    await refreshDist(root);
    rmSync(path.join(root, 'dist', PRECOMPILED));
    expect(findStale(root)).toMatchObject({ stale: [], orphans: [] });
    expect(precompiledStale(root)).toBe(true);
    expect(await refreshDist(root)).toBeUndefined();
    expect(generated(root)).toBe('exports.limit = 5;\n');

    // Their code cache is made with them, and again when only it is missing.
    const cache = path.join(root, 'dist', `${PRECOMPILED}.v8-cache`);
    const made = readFileSync(cache);
    const [magic, madeFor] = made.subarray(0, 200).toString('latin1').split('\n');
    expect(magic).toBe('pocketpress-v8-cache-2');
    expect(madeFor).toBe(`node ${process.version}; --interrupt-budget=540672 --heap-growing-percent=100`);
    expect(made.length).toBeGreaterThan(100);
    rmSync(cache);
    expect(precompiledStale(root)).toBe(true);
    expect(await refreshDist(root)).toBeUndefined();
    expect(existsSync(cache)).toBe(true);
    expect(precompiledStale(root)).toBe(false);
    // Made under another Node: made again.
    writeFileSync(cache, made.toString('latin1').replace(process.version, 'v0.0.0'), 'latin1');
    expect(precompiledStale(root)).toBe(true);
    expect(await refreshDist(root)).toBeUndefined();
    expect(readFileSync(cache).subarray(0, 200).toString('latin1').split('\n')[1]).toBe(madeFor);
    expect(precompiledStale(root)).toBe(false);
  });

  it('are not asked of a package that has no schemas', async () => {
    const root = tinyPackage();
    expect(precompiledStale(root)).toBe(false);
    await refreshDist(root);
    expect(existsSync(path.join(root, 'dist', PRECOMPILED))).toBe(false);
  });
});

describe("the hash of dist/'s code, written with it", () => {
  /** A package whose src/build/fingerprint.ts hashes the compiled modules of its dist/ (as pocketpress's does). */
  function packageWithHash(): string {
    const root = tinyPackage();
    mkdirSync(path.join(root, 'src', 'build'), { recursive: true });
    writeFileSync(
      path.join(root, 'src', 'build', 'fingerprint.ts'),
      "import { readdirSync, readFileSync } from 'node:fs';\nimport path from 'node:path';\nimport { fileURLToPath } from 'node:url';\nconst dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');\nexport function toolCodeHash(): string {\n  return readdirSync(dist, { recursive: true }).map(String).filter((f) => f.endsWith('.js')).sort().map((f) => `${f}=${readFileSync(path.join(dist, f), 'utf8').length}`).join(' ');\n}\n",
    );
    return root;
  }
  const written = (root: string) => readFileSync(path.join(root, 'dist', 'build', 'tool-fingerprint.txt'), 'utf8');

  it('is written again when a module is compiled again, removed or edited in dist/, and not otherwise', async () => {
    const root = packageWithHash();
    expect(await refreshDist(root)).toBeUndefined();
    const first = written(root);
    expect(first).toMatch(/^a\.js=\d+ build\/fingerprint\.js=\d+ sub\/b\.js=\d+$/);
    expect(staleGenerated(root)).toEqual([]);

    // A module edited: compiled again, and hashed again with it.
    writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a: number = 12345;\n');
    touch(path.join(root, 'src', 'a.ts'), 5);
    expect(await refreshDist(root)).toBeUndefined();
    expect(written(root)).not.toBe(first);
    expect(written(root)).toContain(`a.js=${readFileSync(path.join(root, 'dist', 'a.js'), 'utf8').length} `);

    // A module removed: no file is newer, and its output goes; the hash is written again without it.
    rmSync(path.join(root, 'src', 'sub', 'b.ts'));
    expect(await refreshDist(root)).toBeUndefined();
    expect(written(root)).toMatch(/^a\.js=\d+ build\/fingerprint\.js=\d+$/);

    // A module of dist/ changed by hand after the hash was written: the hash is stale.
    expect(staleGenerated(root)).toEqual([]);
    writeFileSync(path.join(root, 'dist', 'a.js'), 'export const a = 1;\n');
    touch(path.join(root, 'dist', 'a.js'), 10);
    expect(staleGenerated(root)).toEqual(['build/tool-fingerprint.txt']);
    expect(await refreshDist(root)).toBeUndefined();
    expect(written(root)).toMatch(/^a\.js=20 /);

    // A compilation that fails halfway leaves no hash behind: whatever runs dist/ then hashes it as it is.
    writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a: number = ;\n');
    touch(path.join(root, 'src', 'a.ts'), 20);
    expect((await refreshDist(root))?.message).toMatch(/do not compile/);
    expect(existsSync(path.join(root, 'dist', 'build', 'tool-fingerprint.txt'))).toBe(false);
  });

  it("is what pocketpress's cache keys start with, and the code is hashed as it is when the file is missing or not a hash", () => {
    // A copy of this checkout's dist/ (its modules find the package's root from their place).
    const root = tempDir('pocketpress-hash-');
    cpSync(path.join(ROOT, 'dist'), path.join(root, 'dist'), { recursive: true, filter: (from) => !from.includes(`${path.sep}${CLI_BUNDLE}`) });
    cpSync(path.join(ROOT, 'package-lock.json'), path.join(root, 'package-lock.json'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
    const fingerprint = () =>
      execFileSync(process.execPath, ['--input-type=module', '-e', `import { toolFingerprint, toolCodeHash } from ${JSON.stringify(pathToFileURL(path.join(root, 'dist', 'build', 'fingerprint.js')).href)};\nprocess.stdout.write(toolFingerprint('9.9.9') + ' ' + toolCodeHash());`], { encoding: 'utf8' }).split(' ');
    const file = path.join(root, 'dist', 'build', 'tool-fingerprint.txt');
    // As written by bin/compile.js: the hash of the code.
    const [usedFirst, hashed] = fingerprint();
    expect(hashed).toMatch(/^[0-9a-f]{16}$/);
    expect(readFileSync(file, 'utf8')).toBe(hashed);
    expect(usedFirst).toBe(`9.9.9+${hashed}`);
    // The written hash is what is used (the code is not read again).
    writeFileSync(file, '0123456789abcdef');
    expect(fingerprint()[0]).toBe('9.9.9+0123456789abcdef');
    for (const damaged of ['', 'not a hash', '0123456789abcdef\n', '0123456789ABCDEF']) {
      writeFileSync(file, damaged);
      expect(fingerprint()[0]).toBe(`9.9.9+${hashed}`);
    }
    rmSync(file);
    expect(fingerprint()[0]).toBe(`9.9.9+${hashed}`);
  });
});

describe('the CLI bundled into dist/cli-bundle/', () => {
  /** A package with a CLI: src/cli/main.ts, which imports a module at once and another later, each telling where it runs from. */
  function packageWithCli(later: string): string {
    const root = tinyPackage();
    for (const folder of ['cli', 'shared', 'later']) mkdirSync(path.join(root, 'src', folder), { recursive: true });
    writeFileSync(path.join(root, 'src', 'shared', 'where.ts'), "import { fileURLToPath } from 'node:url';\nexport const where = (): string => fileURLToPath(import.meta.url);\n");
    writeFileSync(path.join(root, 'src', 'later', 'later.ts'), `export const later = (): string => ${JSON.stringify(later)};\n`);
    writeFileSync(
      path.join(root, 'src', 'cli', 'main.ts'),
      "import { where } from '../shared/where.js';\nexport async function main(): Promise<{ where: string; later: string }> {\n  const { later } = await import('../later/later.js');\n  return { where: where(), later: later() };\n}\n",
    );
    return root;
  }
  const bundleDir = (root: string) => path.join(root, 'dist', CLI_BUNDLE);
  const run = async (root: string) => ((await import(cliEntry(root))) as { main: () => Promise<{ where: string; later: string }> }).main();
  /** Sets the source's text and dates it `seconds` from now. */
  const edit = (root: string, later: string, seconds: number) => {
    const file = path.join(root, 'src', 'later', 'later.ts');
    writeFileSync(file, `export const later = (): string => ${JSON.stringify(later)};\n`);
    touch(file, seconds);
  };

  it('is taken as it is by the next CLI once noted, though the first CLI to run notes itself in a folder of the bundle made after the note', async () => {
    const root = packageWithCli('one');
    expect(await refreshDist(root)).toBeUndefined();
    expect(await refreshDist(root)).toBeUndefined();
    expect(checkedAsItIs(root)).toBe(true);
    expect(existsSync(path.join(bundleDir(root), 'running'))).toBe(false);
    cliEntry(root, { running: true });
    expect(existsSync(path.join(bundleDir(root), 'running'))).toBe(true);
    expect(checkedAsItIs(root)).toBe(true);
    // Bundled again (a source edited): cli.json is written again; looked at once more, then taken.
    const record = statSync(path.join(bundleDir(root), 'cli.json')).ino;
    edit(root, 'two', 0);
    expect(checkedAsItIs(root)).toBe(false);
    expect(await refreshDist(root)).toBeUndefined();
    expect(statSync(path.join(bundleDir(root), 'cli.json')).ino).not.toBe(record);
    expect(checkedAsItIs(root)).toBe(false);
    expect(await refreshDist(root)).toBeUndefined();
    expect(checkedAsItIs(root)).toBe(true);
    expect((await run(root)).later).toBe('two');
    // The bundle's record gone: looked at.
    rmSync(path.join(bundleDir(root), 'cli.json'));
    expect(checkedAsItIs(root)).toBe(false);
  });

  it('is made with dist/ and run from there; a module finds its files from its own place in dist/', async () => {
    const root = packageWithCli('one');
    expect(await refreshDist(root)).toBeUndefined();
    expect(cliEntry(root)).toMatch(new RegExp(`/dist/${CLI_BUNDLE}/main-\\w+\\.js$`));
    expect(await run(root)).toEqual({ where: path.join(root, 'dist', 'shared', 'where.js'), later: 'one' });
    // The module imported later is a file of its own, loaded when it is imported.
    const files = readdirSync(bundleDir(root));
    expect(files.filter((f) => f.startsWith('later-') && f.endsWith('.js'))).toHaveLength(1);
    expect(bundleStale(root)).toBe(false);
    // Not outputs whose source is gone.
    expect(findStale(root)).toMatchObject({ stale: [], orphans: [] });
    // A module of dist/ newer than the bundle: stale.
    touch(path.join(root, 'dist', 'shared', 'where.js'), 5);
    expect(bundleStale(root)).toBe(true);
  });

  it('is made again when a source changes; the files of an earlier bundle are left while a CLI that runs it may import them', async () => {
    const root = packageWithCli('one');
    await refreshDist(root);
    const named = () => readdirSync(bundleDir(root)).filter((f) => f.endsWith('.js') || f.endsWith('.js.map'));
    const laterOf = (files: string[], text: string) => files.find((f) => /^later-\w+\.js$/.test(f) && readFileSync(path.join(bundleDir(root), f), 'utf8').includes(`"${text}"`))!;
    const first = named();
    const firstLater = laterOf(first, 'one');
    // A CLI running from the first bundle, as bin/pocketpress.js runs in a checkout (this process).
    cliEntry(root, { running: true });
    const notes = path.join(bundleDir(root), 'running');
    const note = path.join(notes, readdirSync(notes).find((name) => name.endsWith(`-${process.pid}.json`))!);
    expect((JSON.parse(readFileSync(note, 'utf8')) as string[]).sort()).toEqual([...first].sort());
    const host = path.basename(note).replace(/-\d+\.json$/, '');

    edit(root, 'two', 5);
    expect(await refreshDist(root)).toBeUndefined();
    expect(await run(root)).toMatchObject({ later: 'two' });
    const secondLater = laterOf(named(), 'two');
    // Left two hours ago, but named by the CLI still running: there.
    for (const file of first) touch(path.join(bundleDir(root), file), -2 * 3600);
    edit(root, 'three', 10);
    await refreshDist(root);
    expect(named()).toContain(firstLater);
    expect(await run(root)).toMatchObject({ later: 'three' });

    // The CLI ended, and another was killed without removing its note: the first bundle's files go,
    // and the note of the process that no longer runs. A note of another host (a container sharing
    // the checkout), whose processes are not seen from here, is taken as it is for a day.
    rmSync(note);
    const killed = path.join(notes, `${host}-${spawnSync(process.execPath, ['-e', '0']).pid}.json`);
    writeFileSync(killed, JSON.stringify(first));
    const [elsewhere, elsewhereOld] = [path.join(notes, 'another-host-7.json'), path.join(notes, 'another-host-8.json')];
    writeFileSync(elsewhere, JSON.stringify([secondLater]));
    writeFileSync(elsewhereOld, JSON.stringify(first));
    touch(elsewhereOld, -2 * 24 * 3600);
    edit(root, 'four', 15);
    await refreshDist(root);
    expect(named()).not.toContain(firstLater);
    expect([existsSync(killed), existsSync(elsewhere), existsSync(elsewhereOld)]).toEqual([false, true, false]);
    // The second bundle's files were left less than a minute ago: there, for a CLI that has just read cli.json.
    expect(named()).toContain(secondLater);

    // A full compile removes at once what no running CLI names: this process now runs the fourth bundle.
    rmSync(elsewhere);
    cliEntry(root, { running: true });
    const fourthLater = laterOf(named(), 'four');
    edit(root, 'five', 20);
    await compileAll(root);
    expect(named()).not.toContain(secondLater);
    expect(named()).toContain(fourthLater);
    expect(await run(root)).toMatchObject({ later: 'five' });
  });

  it('runs dist/ module by module when cli.json is damaged or names a file that is not there, and is made again then', async () => {
    const root = packageWithCli('one');
    await refreshDist(root);
    const recordFile = path.join(bundleDir(root), 'cli.json');
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as { main: string; files: string[] };
    const plain = pathToFileURL(path.join(root, 'dist', 'cli', 'main.js')).href;
    for (const damaged of [JSON.stringify({ ...record, main: `${record.main}.map` }), JSON.stringify({ ...record, main: '../cli/main.js' }), JSON.stringify({ ...record, files: [] }), JSON.stringify({ ...record, inputs: {} }), '{"main": ']) {
      writeFileSync(recordFile, damaged);
      expect(cliEntry(root)).toBe(plain);
      expect(bundleStale(root)).toBe(true);
    }
    writeFileSync(recordFile, JSON.stringify(record));
    expect(cliEntry(root)).not.toBe(plain);
    const later = record.files.find((f) => /^later-\w+\.js$/.test(f))!;
    const kept = readFileSync(path.join(bundleDir(root), later));
    rmSync(path.join(bundleDir(root), later));
    expect(cliEntry(root)).toBe(plain);
    expect(bundleStale(root)).toBe(true);
    expect(await refreshDist(root)).toBeUndefined();
    expect(cliEntry(root)).toMatch(/main-\w+\.js$/);
    expect(readFileSync(path.join(bundleDir(root), later))).toEqual(kept);
    expect(await run(root)).toMatchObject({ later: 'one' });

    // cli.json as an earlier version wrote it: made again, its files left as from now.
    writeFileSync(recordFile, JSON.stringify({ main: record.main, newest: 0, files: record.files }));
    for (const file of record.files) touch(path.join(bundleDir(root), file), -2 * 3600);
    expect(bundleStale(root)).toBe(true);
    edit(root, 'two', 5);
    await refreshDist(root);
    expect(record.files.every((file) => existsSync(path.join(bundleDir(root), file)))).toBe(true);
    expect(await run(root)).toMatchObject({ later: 'two' });

    // A module of dist/ dated back (older sources checked out, a copy keeping its dates): stale.
    touch(path.join(root, 'dist', 'shared', 'where.js'), -3600);
    expect(bundleStale(root)).toBe(true);
    // A module it was made from removed (its source deleted): stale, and left out when the rest no longer bundles.
    await refreshDist(root);
    rmSync(path.join(root, 'src', 'later', 'later.ts'));
    expect(findStale(root).orphans.sort()).toEqual(['later/later.js', 'later/later.js.map']);
    const problem = await refreshDist(root);
    expect(problem?.message).toMatch(/^cannot bundle the CLI: .*later\.js.*; running dist\/ as it is$/);
    expect(cliEntry(root)).toBe(plain);
  });

  it('is left out, saying so, when it cannot be made: the CLI runs dist/ as it is', async () => {
    const root = packageWithCli('one');
    await refreshDist(root);
    const before = (JSON.parse(readFileSync(path.join(bundleDir(root), 'cli.json'), 'utf8')) as { files: string[] }).files;
    for (const file of before) touch(path.join(bundleDir(root), file), -2 * 3600);
    // Compiled file by file, but a module it imports is not there.
    writeFileSync(path.join(root, 'src', 'later', 'later.ts'), "export { later } from './gone.js';\n");
    touch(path.join(root, 'src', 'later', 'later.ts'), 5);
    const problem = await refreshDist(root);
    expect(problem?.fatal).toBe(false);
    expect(problem?.message).toMatch(/^cannot bundle the CLI: .*gone\.js.*; running dist\/ as it is$/);
    expect(existsSync(path.join(bundleDir(root), 'cli.json'))).toBe(false);
    expect(cliEntry(root)).toBe(pathToFileURL(path.join(root, 'dist', 'cli', 'main.js')).href);
    // Its files are left as from now, for a CLI that read cli.json before it went.
    expect(before.every((file) => existsSync(path.join(bundleDir(root), file)))).toBe(true);
  });

  it('runs pocketpress with no module of dist/ but the bundle and dist/vendor/, and the same output', async () => {
    // Every module the CLI resolves, written down by a resolve hook.
    const dir = tempDir('pocketpress-resolved-');
    const log = path.join(dir, 'resolved.txt');
    writeFileSync(path.join(dir, 'hooks.mjs'), "import { appendFileSync } from 'node:fs';\nexport async function resolve(specifier, context, next) {\n  const found = await next(specifier, context);\n  appendFileSync(process.env.RESOLVED_LOG, `${found.url}\\n`);\n  return found;\n}\n");
    writeFileSync(path.join(dir, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
    const game = path.join(FIXTURES, 'valid', 'full-game');
    // And every file it reads with readFileSync.
    const reads = path.join(dir, 'read.txt');
    writeFileSync(path.join(dir, 'reads.mjs'), "import fs from 'node:fs';\nimport { syncBuiltinESMExports } from 'node:module';\nconst original = fs.readFileSync;\nfs.readFileSync = function (file, ...rest) {\n  if (typeof file === 'string') fs.appendFileSync(process.env.READ_LOG, `${file}\\n`);\n  return original.call(this, file, ...rest);\n};\nsyncBuiltinESMExports();\n");
    const probes = ['register.mjs', 'reads.mjs'].flatMap((file) => ['--import', pathToFileURL(path.join(dir, file)).href]);
    // Once a CLI has found dist/ up to date (and noted it), the next takes it as it is, without loading the compiler's code.
    expect(spawnSync(process.execPath, [path.join(ROOT, 'bin', 'pocketpress.js'), '--version'], { cwd: ROOT }).status).toBe(0);
    // Without the cache: every face laid out, so that every file the layout reads is read.
    const spawned = spawnSync(process.execPath, [...probes, path.join(ROOT, 'bin', 'pocketpress.js'), 'validate', game, '--format', 'json', '--no-cache'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, RESOLVED_LOG: log, READ_LOG: reads } });
    const inProcess = await runCli(['validate', game, '--format', 'json', '--no-cache']);
    expect({ code: spawned.status, stdout: spawned.stdout }).toEqual({ code: inProcess.code, stdout: inProcess.stdout });
    const dist = pathToFileURL(path.join(ROOT, 'dist')).href + '/';
    const resolved = readFileSync(log, 'utf8').split('\n');
    expect(resolved).toContain(pathToFileURL(path.join(ROOT, 'bin', 'checked-sources.js')).href);
    expect(resolved).not.toContain(pathToFileURL(path.join(ROOT, 'bin', 'compile.js')).href);
    const fromDist = [...new Set(resolved.filter((url) => url.startsWith(dist)))].map((url) => url.slice(dist.length));
    expect(fromDist.filter((f) => !f.startsWith(`${CLI_BUNDLE}/`) && !f.startsWith('vendor/'))).toEqual([]);
    expect(fromDist).toContain(`${CLI_BUNDLE}/${(JSON.parse(readFileSync(path.join(ROOT, 'dist', CLI_BUNDLE, 'cli.json'), 'utf8')) as { main: string }).main}`);
    expect(fromDist.filter((f) => f.startsWith('vendor/')).length).toBeGreaterThan(2);
    // Modules that find files from their own place in dist/ found them: the validators compiled
    // ahead of time and their code cache, the icons' index, the hyphenation patterns (each of
    // which has a slower way when its file is not found).
    const read = readFileSync(reads, 'utf8').split('\n');
    for (const file of ['content/schema-validators.cjs', 'content/schema-validators.cjs.v8-cache', 'shared/game-icons-index.json', 'language/hyphen-patterns.json']) {
      expect(read).toContain(path.join(ROOT, 'dist', file));
    }
    // The cache keys' hash of the code leaves the bundle out (made from what it hashes).
    expect(CLI_BUNDLE_DIR).toBe(CLI_BUNDLE);
  });
});

describe('bin/pocketpress.js', () => {
  it("runs a dist/ compiled before fontkit's stand-ins existed (brotli and tiny-inflate then load as usual)", () => {
    // An installed package (no src/) whose dist/ lacks vendor/fontkit-stand-ins.js.
    const root = tempDir('pocketpress-old-dist-');
    cpSync(path.join(ROOT, 'bin'), path.join(root, 'bin'), { recursive: true });
    for (const folder of ['dist', 'templates', 'schemas']) cpSync(path.join(ROOT, folder), path.join(root, folder), { recursive: true });
    cpSync(path.join(ROOT, 'package.json'), path.join(root, 'package.json'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
    rmSync(path.join(root, 'dist', 'vendor', 'fontkit-stand-ins.js'));
    const game = path.join(FIXTURES, 'valid', 'full-game');
    const run = spawnSync(process.execPath, [path.join(root, 'bin', 'pocketpress.js'), 'validate', game, '--format', 'json'], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as { errors: number }).errors).toBe(0);
  });

  it('runs the code of src/ as it is now: the same output as the CLI run in-process', async () => {
    // As after an edit: a source newer than its output, which the bin compiles before it runs.
    touch(path.join(ROOT, 'src', 'cli', 'validate-command.ts'), 0);
    expect(findStale(ROOT).stale).toContain('cli/validate-command.ts');
    const game = path.join(FIXTURES, 'valid', 'full-game');
    const spawned = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'pocketpress.js'), 'validate', game, '--format', 'json'], { cwd: ROOT, encoding: 'utf8' });
    const inProcess = await runCli(['validate', game, '--format', 'json']);
    expect({ code: spawned.status, stdout: spawned.stdout }).toEqual({ code: inProcess.code, stdout: inProcess.stdout });
    expect(findStale(ROOT)).toMatchObject({ stale: [], orphans: [] });
  });

  it('ends quietly when its reader goes away: no stack trace, the exit code of the work', () => {
    const bin = path.join(ROOT, 'bin', 'pocketpress.js');
    // `true` exits at once, before the CLI has started, so every write meets a closed pipe.
    const piped = (args: string) => spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${bin}" ${args} 2>"$ERR" | true; echo "\${PIPESTATUS[0]}"`], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ERR: errFile } });
    const errFile = path.join(tempDir('pocketpress-pipe-'), 'stderr');
    expect(piped('--help').stdout).toBe('0\n');
    expect(readFileSync(errFile, 'utf8')).toBe('');
    // Diagnostics for a reader that is gone: still exit 1 (content errors), still nothing on stderr.
    expect(piped(`validate "${path.join(FIXTURES, 'invalid', 'duplicate-id')}"`).stdout).toBe('1\n');
    expect(readFileSync(errFile, 'utf8')).toBe('');
  });

  it('fails, saying so in one line, when what it prints cannot be written (a full disk)', () => {
    const bin = path.join(ROOT, 'bin', 'pocketpress.js');
    const full = spawnSync('bash', ['-c', `"${process.execPath}" "${bin}" validate "${path.join(FIXTURES, 'valid', 'full-game')}" --format json > /dev/full`], { cwd: ROOT, encoding: 'utf8' });
    expect({ code: full.status, stderr: full.stderr }).toEqual({ code: 2, stderr: 'pocketpress: cannot write to standard output: ENOSPC: no space left on device, write\n' });
  });

  it('prints the version in a packed copy of the package, which has dist/ and no src/', { timeout: 300_000 }, () => {
    expect(spawnSync(process.execPath, [path.join(ROOT, 'bin', 'pocketpress.js'), '--version'], { cwd: ROOT }).status).toBe(0);
    const base = tempDir('pocketpress-pack-');
    const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', base], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as { filename: string; files: { path: string }[] }[];
    const shipped = packed[0]!.files.map((f) => f.path);
    expect(shipped).toEqual(expect.arrayContaining(['bin/pocketpress.js', 'dist/cli/main.js', `dist/${CLI_BUNDLE}/cli.json`, 'dist/shared/game-paths.js', 'templates/card-frame.yaml', 'package.json']));
    expect(shipped.filter((f) => /^(src|test|content|scripts)\//.test(f))).toEqual([]);
    // Nor the note of how this checkout's sources stood (its paths are this machine's), there since a CLI ran here.
    expect(existsSync(path.join(ROOT, 'dist', 'checked', 'sources.json'))).toBe(true);
    expect(shipped.filter((f) => f.startsWith('dist/checked/'))).toEqual([]);
    // The bundle's files and no other (no note of a CLI running meanwhile, no earlier bundle's file).
    const record = JSON.parse(readFileSync(path.join(ROOT, 'dist', CLI_BUNDLE, 'cli.json'), 'utf8')) as { files: string[] };
    expect(shipped.filter((f) => f.startsWith(`dist/${CLI_BUNDLE}/`)).sort()).toEqual(['cli.json', ...record.files].map((f) => `dist/${CLI_BUNDLE}/${f}`).sort());

    // Unpacked beside the checkout's node_modules, so its imports resolve as in an installed package.
    const unpacked = path.join(ROOT, '.cache', `packed-${process.pid}`);
    mkdirSync(unpacked, { recursive: true });
    try {
      execFileSync('tar', ['-xzf', path.join(base, packed[0]!.filename), '-C', unpacked]);
      const run = spawnSync(process.execPath, [path.join(unpacked, 'package', 'bin', 'pocketpress.js'), '--version'], { encoding: 'utf8' });
      expect({ code: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
  });
});
