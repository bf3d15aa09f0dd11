import { createHash } from 'node:crypto';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BuildCache } from '../../src/build/cache.js';
import { fileStamp } from '../../src/shared/file-stamp.js';
import { tempDir } from '../helpers.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A file dated `seconds` ago (its change time is now all the same). */
function fileOf(dir: string, name: string, text: string, seconds = 60): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  const when = new Date(Date.now() - seconds * 1000);
  utimesSync(file, when, when);
  return file;
}

/** Past the second within which a file changed is not noted (its change time included). */
const aSecondLater = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe("the hashes of a build's files, noted for the next build", () => {
  it('are taken by the next build for a file whose stamp is the one noted, and read again for any other', async () => {
    const dir = tempDir();
    const art = tempDir();
    const file = fileOf(art, 'art.png', 'first');
    await aSecondLater();
    const first = new BuildCache(dir, 'test');
    expect(first.hashFile(file)).toBe(sha('first'));
    first.keepFileHashes();
    const noted = JSON.parse(readFileSync(path.join(dir, 'file-hashes.json'), 'utf8')) as Record<string, string>;
    expect(noted).toEqual({ [fileStamp(file)]: sha('first') });

    // Taken from the note, not read: a hash planted for the very stamp is what the next build gives.
    writeFileSync(path.join(dir, 'file-hashes.json'), JSON.stringify({ [fileStamp(file)]: 'f'.repeat(64) }));
    expect(new BuildCache(dir, 'test').hashFile(file)).toBe('f'.repeat(64));
    // Another version of the file (written again, whatever its dates): read again.
    writeFileSync(file, 'second');
    utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    await aSecondLater();
    const later = new BuildCache(dir, 'test');
    expect(later.hashFile(file)).toBe(sha('second'));
    later.keepFileHashes();
    expect(Object.values(JSON.parse(readFileSync(path.join(dir, 'file-hashes.json'), 'utf8')) as Record<string, string>)).toEqual([sha('second')]);
  });

  it('leave out a file changed within a second of being read, even dated back (it could keep its stamp through another change), and files no build read since', async () => {
    const dir = tempDir();
    const art = tempDir();
    const old = fileOf(art, 'old.png', 'old');
    await aSecondLater();
    // Written now and dated back a minute: its change time is now.
    const fresh = fileOf(art, 'fresh.png', 'fresh');
    const cache = new BuildCache(dir, 'test');
    cache.hashFile(old);
    cache.hashFile(fresh);
    cache.keepFileHashes();
    expect(Object.keys(JSON.parse(readFileSync(path.join(dir, 'file-hashes.json'), 'utf8')) as object)).toEqual([fileStamp(old)]);
    // A build that read only the fresh one (the old one gone from the game) notes nothing of the old one.
    const next = new BuildCache(dir, 'test');
    next.hashFile(fresh);
    next.keepFileHashes();
    expect(JSON.parse(readFileSync(path.join(dir, 'file-hashes.json'), 'utf8'))).toEqual({});
  });

  it('are not taken when the note is damaged, holds no hash, or the cache keeps nothing; a read-only cache notes nothing', () => {
    const art = tempDir();
    const file = fileOf(art, 'art.png', 'art');
    for (const note of ['not JSON', '[]', JSON.stringify({ [fileStamp(file)]: 'not a hash' }), JSON.stringify({ [fileStamp(file)]: 7 })]) {
      const dir = tempDir();
      writeFileSync(path.join(dir, 'file-hashes.json'), note);
      expect(new BuildCache(dir, 'test').hashFile(file), note).toBe(sha('art'));
    }
    const dir = tempDir();
    const readOnly = new BuildCache(dir, 'test', { readOnly: true });
    readOnly.hashFile(file);
    readOnly.keepFileHashes();
    expect(() => readFileSync(path.join(dir, 'file-hashes.json'))).toThrow();
    new BuildCache(undefined, 'test').keepFileHashes();
  });
});
