import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputWriter, recoverOutput } from '../../src/build/output-writer.js';
import { folderStamps } from '../../src/build/up-to-date.js';
import { fileStamp } from '../../src/shared/file-stamp.js';
import { mapLimit } from '../../src/shared/map-limit.js';
import { tempDir } from '../helpers.js';

/** A dead process id: a process that ran and ended. */
function deadPid(): number {
  return 2 ** 22 + 12345; // above Linux's pid_max default, so never a live process
}

function writeVersion(dir: string, version: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ version }));
  writeFileSync(path.join(dir, 'card.png'), version);
}

function versionAt(dir: string): string | undefined {
  return existsSync(path.join(dir, 'manifest.json')) ? (JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { version: string }).version : undefined;
}

/**
 * The commit of a build that was killed after `step` of its moves, as a dead process leaves it:
 * two folders (g/en, g/fr), each moved by two renames (old away, new in).
 */
function killedCommit(step: number): string {
  const out = tempDir();
  const pid = deadPid();
  const staging = path.join(out, `.staging-${pid}-1`);
  const swaps = ['en', 'fr'].map((lang, i) => ({ to: path.join(out, 'g', lang), staged: path.join(staging, 'g', lang), old: path.join(staging, `.old-${i}`) }));
  for (const s of swaps) {
    writeVersion(s.to, 'old');
    writeVersion(s.staged, 'new');
  }
  writeFileSync(path.join(out, `.commit-${pid}.json`), JSON.stringify({ swaps }));
  const moves = swaps.flatMap((s) => [() => renameSync(s.to, s.old), () => renameSync(s.staged, s.to)]);
  moves.slice(0, step).forEach((move) => move());
  return out;
}

describe('a commit killed at any instant', () => {
  for (let step = 0; step <= 4; step++) {
    it(`after ${step} of its 4 renames: the next build finishes it, every folder whole and new, nothing left over`, () => {
      const out = killedCommit(step);
      // At this instant each folder is either in place (old or new) or waits in the staging folder.
      recoverOutput(out);
      expect(versionAt(path.join(out, 'g', 'en'))).toBe('new');
      expect(versionAt(path.join(out, 'g', 'fr'))).toBe('new');
      expect(readdirSync(out).sort()).toEqual(['g']);
    });
  }

  it('a journal cut off before any move leaves the old folders and removes the staging folder', () => {
    const out = killedCommit(0);
    const journal = readdirSync(out).find((n) => n.startsWith('.commit-'))!;
    writeFileSync(path.join(out, journal), '{"swa');
    recoverOutput(out);
    expect(versionAt(path.join(out, 'g', 'en'))).toBe('old');
    expect(readdirSync(out).sort()).toEqual(['g']);
  });

  it('removes a half-written journal a dead build left', () => {
    const out = tempDir();
    writeVersion(path.join(out, 'g', 'en'), 'old');
    writeFileSync(path.join(out, `.commit-${deadPid()}.json.tmp`), '{"swa');
    recoverOutput(out);
    expect(readdirSync(out)).toEqual(['g']);
    expect(versionAt(path.join(out, 'g', 'en'))).toBe('old');
  });

  it('leaves the staging folder and journal of a build that is still running', () => {
    const out = tempDir();
    mkdirSync(path.join(out, `.staging-${process.pid}-1`));
    writeFileSync(path.join(out, `.commit-${process.pid}.json`), JSON.stringify({ swaps: [] }));
    recoverOutput(out);
    expect(readdirSync(out).sort()).toEqual([`.commit-${process.pid}.json`, `.staging-${process.pid}-1`]);
  });
});

describe('OutputWriter', () => {
  it('refuses writes once aborted, so a worker still running writes nothing into out/', () => {
    const out = tempDir();
    const writer = new OutputWriter(out);
    writer.prepare([{ game: 'g', lang: 'en' }]);
    const folder = writer.folder('g', 'en');
    folder.add({ path: 'a.png', bytes: Buffer.from('a'), entry: { kind: 'component-png' } });
    writer.abort();
    expect(() => folder.add({ path: 'b.png', bytes: Buffer.from('b'), entry: { kind: 'component-png' } })).toThrow(/stopped/);
    expect(readdirSync(out)).toEqual([]);
  });

  it('writes no file outside its folder, whatever path it is given', () => {
    const out = tempDir();
    const writer = new OutputWriter(out);
    writer.prepare([{ game: 'g', lang: 'en' }]);
    const folder = writer.folder('g', 'en');
    for (const escape of ['../../../escaped.txt', '../en-other/a.txt', '..', '.', path.resolve(tempDir(), 'abs.txt')]) {
      expect(() => folder.add({ path: escape, bytes: Buffer.from('x'), entry: { kind: 'tts-json' } }), escape).toThrow(/not a path inside the output folder/);
    }
    // A name that merely begins with two dots is a name.
    folder.add({ path: '..dots.txt', bytes: Buffer.from('x'), entry: { kind: 'tts-json' } });
    writer.commit('test');
    expect(readdirSync(path.join(out, 'g', 'en')).sort()).toEqual(['..dots.txt', 'manifest.json']);
    expect(readdirSync(out).sort()).toEqual(['g']);
  });

  it('gives one path to one file: a second file there, a file where a folder is, one inside a file, or one named as the manifest is refused', () => {
    const out = tempDir();
    const writer = new OutputWriter(out);
    writer.prepare([{ game: 'g', lang: 'en' }]);
    const folder = writer.folder('g', 'en');
    const add = (file: string, bytes = 'x') => folder.add({ path: file, bytes: Buffer.from(bytes), entry: { kind: 'tts-json' } });
    add('rulebook.pdf', 'the rulebook');
    add('png/cards/a.png');
    for (const clash of ['rulebook.pdf', 'png', 'png/cards', 'rulebook.pdf/a.png', 'png/cards/a.png', 'manifest.json']) {
      expect(() => add(clash, 'another'), clash).toThrow(`g/en: two files of this build would be written to ${clash}`);
    }
    add('png/cards/b.png');
    add('png/tokens/a.png');
    writer.commit('test');
    expect(readFileSync(path.join(out, 'g', 'en', 'rulebook.pdf'), 'utf8')).toBe('the rulebook');
    const manifest = JSON.parse(readFileSync(path.join(out, 'g', 'en', 'manifest.json'), 'utf8')) as { files: { path: string }[] };
    expect(manifest.files.map((f) => f.path)).toEqual(['png/cards/a.png', 'png/cards/b.png', 'png/tokens/a.png', 'rulebook.pdf']);
  });

  it('gives one game × language folder one writer', () => {
    const out = tempDir();
    const writer = new OutputWriter(out);
    writer.prepare([{ game: 'g', lang: 'en' }]);
    writer.folder('g', 'en');
    expect(() => writer.folder('g', 'en')).toThrow(`two games of this build would be written to ${path.join(out, 'g', 'en')}`);
    writer.folder('g', 'fr');
  });

  it('a commit that fails halfway takes back the folders it moved in, those there was none of before too', () => {
    const out = tempDir();
    writeVersion(path.join(out, 'kept', 'en'), 'old');
    const writer = new OutputWriter(out);
    writer.prepare([{ game: 'kept', lang: 'en' }, { game: 'new', lang: 'en' }, { game: 'blocked', lang: 'en' }]);
    for (const game of ['kept', 'new', 'blocked']) writer.folder(game, 'en').add({ path: 'card.png', bytes: Buffer.from('new'), entry: { kind: 'component-png' } });
    // A file where the last game's folder goes: its move fails, after the first two were made.
    writeFileSync(path.join(out, 'blocked'), 'a file');
    expect(() => writer.commit('pocketpress test')).toThrow();
    expect(readdirSync(out).sort()).toEqual(['blocked', 'kept']);
    expect(readFileSync(path.join(out, 'kept', 'en', 'card.png'), 'utf8')).toBe('old');
  });

  it('commits into place and keeps no staging folder or journal', () => {
    const out = tempDir();
    writeVersion(path.join(out, 'g', 'en'), 'old');
    const writer = new OutputWriter(out);
    writer.prepare([{ game: 'g', lang: 'en' }]);
    writer.folder('g', 'en').add({ path: 'card.png', bytes: Buffer.from('new'), entry: { kind: 'component-png' } });
    writer.commit('pocketpress test');
    expect(readFileSync(path.join(out, 'g', 'en', 'card.png'), 'utf8')).toBe('new');
    expect(readdirSync(out)).toEqual(['g']);
  });

  it('rehearsing, counts every file but writes none, reads none back, and never commits', () => {
    const out = tempDir();
    writeVersion(path.join(out, 'g', 'en'), 'old');
    const kept = path.join(tempDir(), 'kept.png');
    writeFileSync(kept, 'kept bytes');
    const writer = new OutputWriter(out, true);
    writer.prepare([{ game: 'g', lang: 'en' }]);
    const folder = writer.folder('g', 'en');
    folder.add({ path: 'png/cards/a.png', bytes: Buffer.from('a'), entry: { kind: 'component-png' } });
    folder.copy('png/cards/b.png', { file: kept, size: 10, sha256: '0'.repeat(64) }, { kind: 'component-png' });
    expect(folder.entries.map((e) => e.path)).toEqual(['png/cards/a.png', 'png/cards/b.png']);
    expect(folder.read('png/cards/a.png')).toBeUndefined();
    const staged = readdirSync(out).filter((n) => n.startsWith('.staging-'));
    expect(staged).toHaveLength(1);
    expect(readdirSync(path.join(out, staged[0]!), { recursive: true, withFileTypes: true }).filter((e) => e.isFile())).toEqual([]);
    expect(() => writer.commit('pocketpress test')).toThrow(/never moved into place/);
    writer.abort();
    expect(readdirSync(out)).toEqual(['g']);
    expect(versionAt(path.join(out, 'g', 'en'))).toBe('old');
  });

  /**
   * A build of folder g/en whose card PNGs all come from the cache (`kept`), committed; with
   * the stamps the build before it took of its output, as run-build passes them. `meanwhile`
   * runs once the files are staged, before the commit. Gives the stamps of this one's output.
   */
  function buildFromCache(out: string, kept: Record<string, string>, trusted?: ReadonlySet<string>, meanwhile?: () => void): ReadonlySet<string> {
    const writer = new OutputWriter(out, false, trusted);
    writer.prepare([{ game: 'g', lang: 'en' }]);
    const folder = writer.folder('g', 'en');
    for (const [name, file] of Object.entries(kept)) {
      const bytes = readFileSync(file);
      folder.copy(`png/${name}`, { file, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }, { kind: 'component-png' });
    }
    meanwhile?.();
    writer.commit('pocketpress test');
    return new Set(folderStamps([path.join(out, 'g', 'en')]));
  }

  /** Three PNGs in the cache, built once into out/. */
  function builtOnce() {
    const out = tempDir();
    const cache = tempDir();
    const kept = Object.fromEntries(['a', 'b', 'c'].map((n) => [`${n}.png`, path.join(cache, n)]));
    for (const [name, file] of Object.entries(kept)) writeFileSync(file, `bytes of ${name}`);
    const stamps = buildFromCache(out, kept);
    const at = (name: string) => path.join(out, 'g', 'en', 'png', name);
    const inodes = Object.fromEntries(Object.keys(kept).map((name) => [name, statSync(at(name)).ino]));
    return { out, kept, stamps, at, inodes };
  }

  it('takes a cached file the replaced folder holds as the last build left it from there (the same file, no copy); an edited one, even dated back, from the cache', () => {
    const { out, kept, stamps, at, inodes } = builtOnce();
    // Copies, not the cache's own files.
    for (const [name, file] of Object.entries(kept)) expect(inodes[name]).not.toBe(statSync(file).ino);
    // b.png overwritten with bytes of its size and dated back before the manifest (as an archive unpacks it), c.png removed.
    const old = new Date(statSync(path.join(out, 'g', 'en', 'manifest.json')).mtimeMs - 60_000);
    writeFileSync(at('b.png'), 'PLANTED b.png!');
    utimesSync(at('b.png'), old, old);
    rmSync(at('c.png'));
    const next = buildFromCache(out, kept, stamps);
    expect(statSync(at('a.png')).ino).toBe(inodes['a.png']);
    expect(statSync(at('a.png')).nlink).toBe(1);
    expect(statSync(at('b.png')).ino).not.toBe(inodes['b.png']);
    expect(readFileSync(at('b.png'), 'utf8')).toBe('bytes of b.png');
    expect(readFileSync(at('c.png'), 'utf8')).toBe('bytes of c.png');
    expect(readdirSync(out)).toEqual(['g']);
    // A file whose digest the old manifest gives otherwise is not taken either.
    writeFileSync(kept['a.png']!, 'bytes of A.png');
    buildFromCache(out, kept, next);
    expect(readFileSync(at('a.png'), 'utf8')).toBe('bytes of A.png');
    expect(statSync(at('a.png')).ino).not.toBe(inodes['a.png']);
  });

  it('takes nothing without the stamps of the last build, nor from a folder whose manifest was rewritten', () => {
    const { out, kept, stamps, at, inodes } = builtOnce();
    buildFromCache(out, kept);
    expect(statSync(at('a.png')).ino).not.toBe(inodes['a.png']);
    const { out: out2, kept: kept2, stamps: stamps2, at: at2, inodes: inodes2 } = builtOnce();
    // The manifest written again with the same content: another file, not the one the last build wrote.
    const manifest = path.join(out2, 'g', 'en', 'manifest.json');
    writeFileSync(`${manifest}.new`, readFileSync(manifest));
    renameSync(`${manifest}.new`, manifest);
    buildFromCache(out2, kept2, stamps2);
    expect(statSync(at2('a.png')).ino).not.toBe(inodes2['a.png']);
    expect(stamps.size).toBeGreaterThan(3);
  });

  it('a file written in place under its old name while the build runs: the cache\'s copy is committed, as the manifest says', () => {
    const { out, kept, stamps, at } = builtOnce();
    const oldName = at('a.png');
    buildFromCache(out, kept, stamps, () => writeFileSync(oldName, 'EDITED a.png!!'));
    expect(readFileSync(at('a.png'), 'utf8')).toBe('bytes of a.png');
    const manifest = JSON.parse(readFileSync(path.join(out, 'g', 'en', 'manifest.json'), 'utf8')) as { files: { path: string; sha256: string }[] };
    expect(manifest.files.find((f) => f.path === 'png/a.png')!.sha256).toBe(createHash('sha256').update('bytes of a.png').digest('hex'));
  });

  it('takes no file whose mode is not the one a file written now gets', () => {
    const { out, kept, stamps, at, inodes } = builtOnce();
    const before = process.umask(0o077);
    try {
      buildFromCache(out, kept, stamps);
    } finally {
      process.umask(before);
    }
    expect(statSync(at('a.png')).ino).not.toBe(inodes['a.png']);
    expect(statSync(at('a.png')).mode & 0o777).toBe(0o600);
  });

  it('never takes a file from outside the folder it replaces, through a link in it', () => {
    const { out, kept, stamps, at } = builtOnce();
    // The png folder of out/ made a link to a folder elsewhere holding a file of the same name and size.
    const elsewhere = tempDir();
    writeFileSync(path.join(elsewhere, 'a.png'), 'SECRET of a.pn');
    rmSync(path.join(out, 'g', 'en', 'png'), { recursive: true });
    symlinkSync(elsewhere, path.join(out, 'g', 'en', 'png'));
    // As if the last build had stamped it so.
    const forged = new Set([...stamps, ...folderStamps([elsewhere])]);
    buildFromCache(out, kept, new Set([...forged, fileStamp(path.join(out, 'g', 'en', 'png', 'a.png'))]));
    expect(readFileSync(at('a.png'), 'utf8')).toBe('bytes of a.png');
    expect(statSync(at('a.png')).ino).not.toBe(statSync(path.join(elsewhere, 'a.png')).ino);
    expect(readFileSync(path.join(elsewhere, 'a.png'), 'utf8')).toBe('SECRET of a.pn');
    // Nor from a folder elsewhere that the game × language folder is a link to, manifest and all.
    const other = tempDir();
    mkdirSync(path.join(other, 'png'));
    writeFileSync(path.join(other, 'png', 'a.png'), 'SECRET of a.pn');
    writeFileSync(path.join(other, 'manifest.json'), readFileSync(path.join(out, 'g', 'en', 'manifest.json')));
    rmSync(path.join(out, 'g', 'en'), { recursive: true });
    symlinkSync(other, path.join(out, 'g', 'en'));
    const linkedStamps = new Set([fileStamp(path.join(out, 'g', 'en', 'png', 'a.png')), fileStamp(path.join(out, 'g', 'en', 'manifest.json'))]);
    buildFromCache(out, kept, linkedStamps);
    expect(readFileSync(at('a.png'), 'utf8')).toBe('bytes of a.png');
    expect(statSync(at('a.png')).ino).not.toBe(statSync(path.join(other, 'png', 'a.png')).ino);
  });

  it('reuses nothing from a folder whose manifest is not one it can read', () => {
    const { out, kept, at, inodes } = builtOnce();
    writeFileSync(path.join(out, 'g', 'en', 'manifest.json'), '{"files": [');
    buildFromCache(out, kept, new Set(folderStamps([path.join(out, 'g', 'en')])));
    expect(statSync(at('a.png')).ino).not.toBe(inodes['a.png']);
    expect(readFileSync(at('a.png'), 'utf8')).toBe('bytes of a.png');
  });
});

describe('mapLimit', () => {
  it('stops taking work after the first failure and throws it', async () => {
    const started: number[] = [];
    const work = async (n: number) => {
      started.push(n);
      await new Promise((r) => setTimeout(r, 5));
      if (n === 1) throw new Error('disk full');
      return n;
    };
    await expect(mapLimit([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 2, work)).rejects.toThrow('disk full');
    // Two workers: items 0 and 1 start, then at most the one item the other worker took before the failure.
    expect(started.length).toBeLessThanOrEqual(3);
  });
});
