import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BuildCache } from '../../src/build/cache.js';
import { TrimStore } from '../../src/build/trim-store.js';
import type { DisplayList } from '../../src/shared/display-list.js';
import { keptTrimAtMost } from '../../src/shared/trim-bytes.js';
import { ROOT, tempDir } from '../helpers.js';

const size = { width: 20, height: 30 };
const list: DisplayList = { width: 72, height: 72, bleed: 9, background: '#ff0000', items: [], fonts: {} };
const trim = { data: Buffer.alloc(20 * 30 * 3, 200), width: 20, height: 30, channels: 3 as const };

/** A cache holding the trim of `list`, and the file it is kept in. */
async function keptOnce(): Promise<{ cache: BuildCache; file: string }> {
  const dir = tempDir();
  const cache = new BuildCache(dir, 'test');
  const first = new TrimStore(cache);
  await first.keep(list, trim);
  first.dispose();
  const entry = readdirSync(dir, { recursive: true, withFileTypes: true }).find((e) => e.isFile())!;
  return { cache, file: path.join(entry.parentPath, entry.name) };
}

/** readKeptTrim in a process of its own (an open that blocks cannot be interrupted in this one): what it gave, and how it ended. */
function readElsewhere(kept: unknown) {
  const module = pathToFileURL(path.join(ROOT, 'src', 'shared', 'trim-bytes.ts')).href;
  const script = `import { readKeptTrim } from ${JSON.stringify(module)};\nprocess.stdout.write(String((await readKeptTrim(${JSON.stringify(kept)}))?.length));`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
}

describe('a trim kept in the cache, read where a deck sheet band is made', () => {
  it('is handed out by its real path and read back whole', async () => {
    const { cache, file } = await keptOnce();
    const kept = new TrimStore(cache).keptAt(list, size)!;
    expect(kept).toEqual({ file, width: 20, height: 30 });
    expect(readElsewhere(kept).stdout).toBe(String(20 * 30 * 3));
    expect(cache.stats['trim']).toEqual({ made: 1, reused: 1 });
  });

  it.skipIf(process.platform === 'win32')('that became a named pipe or a link after it was handed out is not read: the read neither blocks nor follows the link', async () => {
    const { cache } = await keptOnce();
    const kept = new TrimStore(cache).keptAt(list, size)!;
    const whole = readFileSync(kept.file);
    rmSync(kept.file);
    execFileSync('mkfifo', [kept.file]);
    const run = readElsewhere(kept);
    expect(run.signal, 'the read blocked on the pipe').toBeNull();
    expect(run.stdout).toBe('undefined');
    rmSync(kept.file);
    const elsewhere = path.join(tempDir(), 'trim');
    writeFileSync(elsewhere, whole);
    symlinkSync(elsewhere, kept.file);
    expect(readElsewhere(kept).stdout).toBe('undefined');
  });

  it('is not handed out when its entry is a link out of the cache, a pipe, a folder, or larger than a trim is kept in (that one removed)', async () => {
    const { cache, file } = await keptOnce();
    const outside = path.join(tempDir(), 'secret');
    writeFileSync(outside, readFileSync(file));
    const store = () => new TrimStore(cache);
    rmSync(file);
    symlinkSync(outside, file);
    expect(store().keptAt(list, size)).toBeUndefined();
    rmSync(file);
    if (process.platform !== 'win32') {
      execFileSync('mkfifo', [file]);
      expect(store().keptAt(list, size)).toBeUndefined();
      rmSync(file);
    }
    mkdirSync(file);
    expect(store().keptAt(list, size)).toBeUndefined();
    rmSync(file, { recursive: true });
    writeFileSync(file, Buffer.alloc(keptTrimAtMost(size) + 1));
    expect(store().keptAt(list, size)).toBeUndefined();
    expect(readdirSync(path.dirname(file))).toEqual([]);
    expect(cache.stats['trim']).toEqual({ made: 1, reused: 0 });
  });

  it('found damaged where it was read and asked for again is counted found once, then drawn', async () => {
    const { cache, file } = await keptOnce();
    const store = new TrimStore(cache);
    expect(store.keptAt(list, size)).toEqual({ file, width: 20, height: 30 });
    writeFileSync(file, readFileSync(file).subarray(0, 5));
    // The band's thread found it damaged: asked for again, it is read, found damaged and dropped.
    expect(await store.find(list, size)).toBeUndefined();
    expect(readdirSync(path.dirname(file))).toEqual([]);
    expect(cache.stats['trim']).toEqual({ made: 1, reused: 1 });
  });

  it('whose pixels are not those its CRC says (a bit flipped that Brotli does not see) is dropped and drawn again', async () => {
    const { packTrim, unpackTrim } = await import('../../src/shared/trim-bytes.js');
    const packed = await packTrim(trim.data);
    expect((await unpackTrim(packed, size))!.data.equals(trim.data)).toBe(true);
    // Other pixels of the same size, whole Brotli, under this trim's CRC.
    const other = await packTrim(Buffer.alloc(trim.data.length, 199));
    const forged = Buffer.concat([packed.subarray(0, 4), other.subarray(4)]);
    expect(await unpackTrim(forged, size)).toBeUndefined();
    // So in the cache: found damaged, removed.
    const { cache, file } = await keptOnce();
    writeFileSync(file, forged);
    expect(await new TrimStore(cache).find(list, size)).toBeUndefined();
    expect(readdirSync(path.dirname(file))).toEqual([]);
  });
});
