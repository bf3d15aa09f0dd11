import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BuildCache } from '../../src/build/cache.js';
import { cacheFolder } from '../../src/build/cache-folder.js';
import { CACHE_SECRET_ENV } from '../../src/build/cache-secret.js';
import { fileStamp } from '../../src/shared/file-stamp.js';
import { keepUpToDate } from '../../src/build/up-to-date.js';
import { buildOnce, type BuildCommandOptions } from '../../src/cli/build-command.js';
import { PNG_SIGNATURE } from '../../src/shared/png-chunks.js';
import { VERSION } from '../../src/cli/main.js';
import { FIXTURES, ROOT, hashTree, runCli, tempDir } from '../helpers.js';

const GAME = path.join(FIXTURES, 'valid', 'full-game');
const io = { stdout: () => {}, stderr: () => {}, cwd: '/' };
const options = (out: string, more: Partial<BuildCommandOptions> = {}): BuildCommandOptions => ({ out, format: 'text', dpi: 72, paper: 'a4', duplex: 'long', backOffset: { x: 0, y: 0 }, ...more });

/** Every entry file of a cache folder (not the up-to-date records). */
function entries(cache: string): string[] {
  return readdirSync(cache, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.parentPath.endsWith('up-to-date'))
    .map((e) => path.join(e.parentPath, e.name));
}
const starts = (file: string, text: string | Buffer) => readFileSync(file).subarray(0, text.length).equals(Buffer.from(text));

/** Removes the kept deck sheets, their rows and the exports' indexes: the next build puts the sheets together from the trims. */
function withoutSheets(cache: string): void {
  const files = entries(cache);
      const indexes = files.filter((f) => starts(f, '[{"path"'));
      const sheets = indexes.flatMap((f) => (JSON.parse(readFileSync(f, 'utf8')) as { kept?: string }[]).flatMap((e) => (e.kept ? [e.kept] : [])));
      for (const f of files) if (indexes.includes(f) || sheets.some((k) => path.basename(f).startsWith(k)) || readFileSync(f).toString('latin1', 16, 20) === 'IDAT') rmSync(f, { force: true });
}

/**
 * Builds the fixture game with the cache, edits the cache as a stranger's copy could come, and
 * builds again: the exit code, and whether out/ holds the very files of the first build (which
 * are those of a --no-cache build).
 */
async function rebuiltAfter(edit: (cache: string) => void): Promise<{ code: number | string; same: boolean }> {
  const root = tempDir();
  const out = path.join(root, 'out');
  const cache = path.join(root, '.pocketpress-cache', 'out');
  expect((await buildOnce(GAME, options(out), '0.0.0-test', io)).code).toBe(0);
  const before = hashTree(out);
  rmSync(path.join(cache, 'up-to-date'), { recursive: true });
  edit(cache);
  let code: number | string;
  try {
    code = (await buildOnce(GAME, options(out), '0.0.0-test', io)).code;
  } catch (error) {
    code = `threw: ${(error as Error).message}`;
  }
  return { code, same: JSON.stringify(hashTree(out)) === JSON.stringify(before) };
}

/** A cache can come with a game from a stranger: what a build takes from it, writes into it, and keeps of itself. */
describe('a build cache that came with a game', () => {
  it('makes a layout again when its entry is JSON of another shape (null, {}, [])', async () => {
    for (const value of ['null', '{}', '[]']) {
      const got = await rebuiltAfter((cache) => entries(cache).filter((f) => starts(f, '{"value":{"list"')).forEach((f) => writeFileSync(f, value)));
      expect(got, value).toEqual({ code: 0, same: true });
    }
  });

  it('makes a kept PDF again when it was cut short', async () => {
    const got = await rebuiltAfter((cache) =>
      entries(cache)
        .filter((f) => starts(f, '%PDF-'))
        .forEach((f) => writeFileSync(f, readFileSync(f).subarray(0, 2000))),
    );
    expect(got).toEqual({ code: 0, same: true });
  });

  it('makes a kept PNG again when a bit of it flipped (its noted digest no longer holds)', async () => {
    const got = await rebuiltAfter((cache) =>
      entries(cache)
        .filter((f) => starts(f, PNG_SIGNATURE))
        .forEach((f) => {
          const bytes = readFileSync(f);
          bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 0x10;
          writeFileSync(f, bytes);
        }),
    );
    expect(got).toEqual({ code: 0, same: true });
  });

  it('draws a trim again when a bit of it flipped', async () => {
    const got = await rebuiltAfter((cache) => {
      withoutSheets(cache);
      for (const f of entries(cache)) {
        const bytes = readFileSync(f);
        if (bytes[0] === 0x7b || bytes[0] === 0x5b || starts(f, '%PDF') || starts(f, PNG_SIGNATURE) || /^[0-9a-f]{64} /.test(bytes.toString('latin1', 0, 65))) continue;
        bytes[Math.floor(bytes.length * 0.3)] = bytes[Math.floor(bytes.length * 0.3)]! ^ 0x10;
        writeFileSync(f, bytes);
      }
    });
    expect(got).toEqual({ code: 0, same: true });
  });

  it('checks an image again rather than take "false" (or "true") from the cache', async () => {
    const got = await rebuiltAfter((cache) => entries(cache).filter((f) => readFileSync(f, 'latin1') === 'true').forEach((f) => writeFileSync(f, 'false')));
    expect(got).toEqual({ code: 0, same: true });
  });

  it('makes the exports again when their index is empty, or names a file twice', async () => {
    const empty = await rebuiltAfter((cache) => entries(cache).filter((f) => starts(f, '[{"path"')).forEach((f) => writeFileSync(f, '[]')));
    expect(empty).toEqual({ code: 0, same: true });
    const twice = await rebuiltAfter((cache) =>
      entries(cache)
        .filter((f) => starts(f, '[{"path"'))
        .forEach((f) => {
          const index = JSON.parse(readFileSync(f, 'utf8')) as unknown[];
          writeFileSync(f, JSON.stringify([...index, index[0]]));
        }),
    );
    expect(twice).toEqual({ code: 0, same: true });
  });

  it("makes the exports again when their index names another output's path, its bytes kept beside it (every later build stopped with exit 2)", async () => {
    for (const other of ['png', 'cards.pdf', 'rulebook.pdf', 'notes.txt']) {
      const got = await rebuiltAfter((cache) =>
        entries(cache)
          .filter((f) => starts(f, '[{"path"'))
          .forEach((f) => {
            const index = JSON.parse(readFileSync(f, 'utf8')) as unknown[];
            writeFileSync(`${f}-${index.length}`, 'planted');
            writeFileSync(f, JSON.stringify([...index, { path: other, entry: { kind: 'tts-json' } }]));
          }),
      );
      expect(got, other).toEqual({ code: 0, same: true });
    }
  });

  it("never shows the lines of a file outside the game that a kept layout's problem names (validate prints problems with their lines)", async () => {
    const root = tempDir();
    const game = path.join(root, 'content', 'full-game');
    cpSync(GAME, game, { recursive: true });
    const secret = path.join(tempDir(), 'secret.txt');
    writeFileSync(secret, 'line one\npassword=hunter2-SECRET\n');
    const out = path.join(root, 'out');
    expect((await buildOnce(path.join(root, 'content'), options(out), VERSION, { ...io, cwd: root })).code).toBe(0);
    let planted = 0;
    for (const f of entries(cacheFolder({ out }))) {
      if (!starts(f, '{"value":{"list"')) continue;
      const kept = JSON.parse(readFileSync(f, 'utf8')) as { value: { problems: unknown[] } };
      kept.value.problems = [{ severity: 'warning', code: 'text-overflow', message: 'planted', file: secret, pointer: 'line:2' }];
      writeFileSync(f, JSON.stringify(kept));
      planted++;
    }
    expect(planted).toBeGreaterThan(5);
    const checked = await runCli(['validate'], root);
    expect(checked.stdout).not.toContain('hunter2');
    expect(checked.stdout).not.toContain('planted');
    expect(checked.code).toBe(0);
    const built = await buildOnce(path.join(root, 'content'), options(out), VERSION, { ...io, cwd: root });
    expect(built.code).toBe(0);
    expect(JSON.stringify(built.result?.diagnostics ?? [])).not.toContain('planted');
  });

  it('never draws a file outside the game that a kept display list names', async () => {
    const outside = path.join(tempDir(), 'private.png');
    copyFileSync(path.join(FIXTURES, 'rulebook', 'guild-of-thieves', 'art', 'map.png'), outside); // any PNG outside the game
    const got = await rebuiltAfter((cache) =>
      entries(cache)
        .filter((f) => starts(f, '{"width"'))
        .forEach((f) => {
          const page = JSON.parse(readFileSync(f, 'utf8'));
          page.items.push({ type: 'image', x: 100, y: 300, width: 400, height: 200, source: { kind: 'png', path: outside, naturalWidth: 1, naturalHeight: 1 } });
          writeFileSync(f, JSON.stringify(page));
        }),
    );
    expect(got).toEqual({ code: 0, same: true });
  });
});

describe("a stranger's build cache", () => {
  it('gives nothing, however well-formed its entries: they were made under its maker\'s secret', async () => {
    const root = tempDir();
    const out = path.join(root, 'out');
    const cache = path.join(root, '.pocketpress-cache', 'out');
    const build = async (secret?: string) => {
      rmSync(path.join(cache, 'up-to-date'), { recursive: true, force: true });
      if (secret === undefined) delete process.env[CACHE_SECRET_ENV];
      else process.env[CACHE_SECRET_ENV] = secret;
      try {
        return await buildOnce(GAME, options(out), '0.0.0-test', io);
      } finally {
        delete process.env[CACHE_SECRET_ENV];
      }
    };
    // The stranger builds the game and ships it with its cache, every PNG of it swapped for
    // another card's with its digest noted as the cache notes it: a well-formed poison.
    const first = await build('the stranger');
    expect(first.code).toBe(0);
    const clean = hashTree(out);
    const pngs = entries(cache).filter((f) => starts(f, PNG_SIGNATURE) && existsSync(`${f}.sha256`));
    expect(pngs.length).toBeGreaterThan(5);
    const bytes = pngs.map((f) => readFileSync(f));
    pngs.forEach((f, i) => {
      const swapped = bytes[(i + 1) % bytes.length]!;
      writeFileSync(f, swapped);
      writeFileSync(`${f}.sha256`, `${createHash('sha256').update(swapped).digest('hex')} ${fileStamp(f)}`);
    });
    // Under the stranger's secret the poison is taken (what the secret is for)...
    const poisoned = await build('the stranger');
    expect(poisoned.code).toBe(0);
    expect(hashTree(out)).not.toEqual(clean);
    // ...under the user's own (made by their first build), everything is made as into an empty cache: nothing of the stranger's is found.
    const own = await build();
    expect(own.code).toBe(0);
    // (How many PNGs and trims one build takes from what it made itself depends on which is drawn first.)
    for (const kind of ['layout', 'pdf', 'rulebook-layout', 'tts-band']) expect(own.stats[kind], kind).toEqual(first.stats[kind]);
    expect(own.stats['layout']!.reused).toBe(0);
    expect(hashTree(out)).toEqual(clean);
  });
});

describe('what the build cache writes', () => {
  it.skipIf(process.platform === 'win32')('never writes through a link left at its temporary name', async () => {
    const dir = tempDir();
    const victim = path.join(tempDir(), 'victim');
    writeFileSync(victim, 'precious');
    const key = 'ab'.padEnd(64, '0');
    mkdirSync(path.join(dir, 'ab'));
    symlinkSync(victim, path.join(dir, 'ab', `${key}.${process.pid}.tmp`));
    await new BuildCache(dir, 'test').bytes('pdf', key, async () => Buffer.from('%PDF-made'));
    expect(readFileSync(victim, 'utf8')).toBe('precious');
  });

  it.skipIf(process.platform === 'win32')('never writes into a shelf that is a link out of the cache', async () => {
    const dir = tempDir();
    const elsewhere = tempDir();
    symlinkSync(elsewhere, path.join(dir, 'ab'));
    await new BuildCache(dir, 'test').bytes('pdf', 'ab'.padEnd(64, '0'), async () => Buffer.from('%PDF-made'));
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')('is never kept inside out/, even through a link', () => {
    const root = tempDir();
    const out = path.join(root, 'out');
    mkdirSync(out);
    symlinkSync(out, path.join(root, 'cache'));
    expect(() => cacheFolder({ out, cacheDir: path.join(root, 'cache') })).toThrow(/inside the output folder/);
  });
});

describe('the record of the last build', () => {
  it.skipIf(process.platform === 'win32')('is not read when it is a named pipe: the check neither blocks nor fails', () => {
    const cache = tempDir();
    keepUpToDate(cache, 'k', { inputs: [], files: [], outputs: [], result: {} });
    const [name] = readdirSync(path.join(cache, 'up-to-date'));
    const record = path.join(cache, 'up-to-date', name!);
    rmSync(record);
    execFileSync('mkfifo', [record]);
    const module = pathToFileURL(path.join(ROOT, 'src', 'build', 'up-to-date.ts')).href;
    const script = `import { upToDate } from ${JSON.stringify(module)};\nprocess.stdout.write(String(upToDate(${JSON.stringify(cache)}, 'k', [], () => [])));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 10_000 });
    expect(run.signal, 'the read blocked on the pipe').toBeNull();
    expect(run.stdout).toBe('undefined');
  });
});

describe('control', () => {
  it('a cache left as it was gives the same files', async () => {
    expect(await rebuiltAfter(() => {})).toEqual({ code: 0, same: true });
  });
  it('a cache without its deck sheets, their rows and the exports\' indexes gives the same files (the sheets put together from the trims)', async () => {
    const got = await rebuiltAfter(withoutSheets);
    expect(got).toEqual({ code: 0, same: true });
  });
});
