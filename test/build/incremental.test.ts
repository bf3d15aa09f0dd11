import { createHash } from 'node:crypto';
import { chmodSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildOnce, type BuildCommandOptions } from '../../src/cli/build-command.js';
import { fileStamp } from '../../src/shared/file-stamp.js';
import { FIXTURES, tempDir } from '../helpers.js';

const io = { stdout: () => {}, stderr: () => {}, cwd: '/' };

function options(out: string): BuildCommandOptions {
  return { out, format: 'text', dpi: 72, paper: 'a4', duplex: 'long', backOffset: { x: 0, y: 0 }, quiet: true };
}

/** A copy of the full-game fixture, its output folder and cache folder, a build of it, and an edit of the oil card's English name. */
function fullGame() {
  const game = path.join(tempDir(), 'full-game');
  cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
  const out = tempDir();
  const cacheDir = path.join(tempDir(), 'cache');
  const set = path.join(game, 'sets', 'cards.yaml');
  return {
    game,
    out,
    cacheDir,
    build: () => buildOnce(game, { ...options(out), cacheDir }, '0.0.0-test', io),
    rename: (from: string, to: string) => writeFileSync(set, readFileSync(set, 'utf8').replace(`name: {en: ${from}, fr: Huile}`, `name: {en: ${to}, fr: Huile}`)),
  };
}

describe('incremental builds', () => {
  it('makes nothing again when nothing changed, and only the changed card and its set\'s PDFs when one card changes', async () => {
    const { game, out, cacheDir, build, rename } = fullGame();
    const first = await build();
    expect(first.code).toBe(0);
    expect(first.stats['png']!.made).toBeGreaterThan(0);
    const again = await build();
    expect(again.code).toBe(0);
    expect(Object.values(again.stats).every((s) => s.made === 0)).toBe(true);

    const before = readFileSync(path.join(out, 'full-game', 'en', 'png', 'cards', 'wick.png'));
    const tilesDir = path.join(out, 'full-game', 'en', 'tts', 'tiles');
    const tileImages = () => Object.fromEntries(readdirSync(tilesDir).map((f) => [f, readFileSync(path.join(tilesDir, f)).toString('base64')]));
    const tilesBefore = tileImages();
    rename('Oil', 'Lamp oil');
    // A rebuild runs in a process of its own: nothing the first builds drew is held in memory.
    vi.resetModules();
    const fresh = await import('../../src/cli/build-command.js');
    const changed = await fresh.buildOnce(game, { ...options(out), cacheDir }, '0.0.0-test', io);
    expect(changed.code).toBe(0);
    // English only: the oil card's face is laid out and rendered again; its set's print-shop
    // PDF and sheet PDF are made again; nothing else.
    expect(changed.stats['layout']!.made).toBe(1);
    expect(changed.stats['png']!.made).toBe(1);
    // The set's sheets, its print-shop PDF and the print-and-play kit.
    expect(changed.stats['pdf']!.made).toBe(3);
    // The tiles' Tabletop Simulator images come from the cache, the same bytes: only the cards' deck sheet is made again.
    expect(first.stats['tts-piece']!.made).toBeGreaterThan(0);
    // The English export is made again (its deck sheet changed): its tile's two images are both taken from the cache.
    expect(changed.stats['tts-piece']).toEqual({ made: 0, reused: 2 });
    expect(Object.keys(tilesBefore).length).toBeGreaterThan(1);
    expect(tileImages()).toEqual(tilesBefore);
    // The kit's contents page says the same (no page moved): laid out by the first build only.
    expect(first.stats['kit-contents']!.made).toBeGreaterThan(0);
    expect(changed.stats['kit-contents']).toEqual({ made: 0, reused: first.stats['kit-contents']!.made });
    expect(readFileSync(path.join(out, 'full-game', 'en', 'png', 'cards', 'wick.png')).equals(before)).toBe(true);
    // The SVG art of the PDFs made again is drawn by making the pdfkit calls the first build kept: none is parsed
    // again, and the PDFs are byte for byte those of a build without the cache.
    expect(first.stats['svg-calls']!.made).toBeGreaterThan(0);
    expect(changed.stats['svg-calls']!.made).toBe(0);
    expect(changed.stats['svg-calls']!.reused).toBeGreaterThan(0);
    const uncached = tempDir();
    expect((await buildOnce(game, { ...options(uncached), cache: false }, '0.0.0-test', io)).code).toBe(0);
    for (const pdf of ['print-and-play.pdf', 'cards.pdf', path.join('print-shop', 'cards.pdf')]) {
      expect(readFileSync(path.join(out, 'full-game', 'en', pdf)).equals(readFileSync(path.join(uncached, 'full-game', 'en', pdf))), pdf).toBe(true);
    }
  }, 60_000);

  it('copies the PNGs the cache holds into the output, with digests in the manifest that are those of the bytes written', async () => {
    const { out, cacheDir, build, rename } = fullGame();
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    const pngEntries = () => {
      const manifest = JSON.parse(readFileSync(path.join(out, 'full-game', 'en', 'manifest.json'), 'utf8')) as { files: { path: string; kind: string; sha256: string; bytes: number }[] };
      return manifest.files.filter((f) => f.kind === 'component-png');
    };
    const agree = () => {
      const entries = pngEntries();
      expect(entries.length).toBeGreaterThan(2);
      for (const e of entries) {
        const bytes = readFileSync(path.join(out, 'full-game', 'en', e.path));
        expect({ path: e.path, sha256: sha(bytes), bytes: bytes.length }).toEqual({ path: e.path, sha256: e.sha256, bytes: e.bytes });
      }
      return entries;
    };
    await build();
    const first = agree();
    // Each PNG drawn has its digest noted beside it in the cache as it is kept (the manifest's),
    // with the stamp of the file as it is: the next build takes it from there, reading none of the PNGs again.
    const noted = readdirSync(cacheDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.sha256'));
    const notes = noted.map((f) => ({ note: readFileSync(path.join(cacheDir, f), 'utf8'), file: path.join(cacheDir, f.slice(0, -'.sha256'.length)) }));
    for (const { note, file } of notes) expect(note).toBe(`${sha(readFileSync(file))} ${fileStamp(file)}`);
    for (const e of first) expect(notes.map((n) => n.note.slice(0, 64))).toContain(e.sha256);
    // A card edited: every other PNG comes from the cache, copied; the manifest says the same of them.
    rename('Oil', 'Lamp oil');
    const changed = await build();
    expect(changed.stats['png']).toMatchObject({ made: 1 });
    const second = agree();
    expect(second.filter((e) => first.some((f) => f.path === e.path && f.sha256 === e.sha256)).length).toBe(second.length - 1);
    // A PNG of the cache written again (another version of the file): its digest is taken again, not the one kept beside it.
    const kept = readdirSync(cacheDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.sha256')).map((f) => path.join(cacheDir, f.slice(0, -'.sha256'.length)));
    expect(kept.length).toBeGreaterThan(0);
    const victim = kept.find((f) => statSync(f).size > 0)!;
    const other = readFileSync(kept.find((f) => f !== victim)!);
    writeFileSync(victim, other);
    // And a cache restored read-only: the PNGs copied from it are files of out/ like the others, writable.
    for (const f of kept.filter((k) => k !== victim)) chmodSync(f, 0o444);
    rename('Lamp oil', 'Oil');
    await build();
    for (const e of agree()) expect(statSync(path.join(out, 'full-game', 'en', e.path)).mode & 0o200).toBe(0o200);
    // A copy is a file of its own: a PNG of out/ edited by hand leaves the cache's as it was.
    const cachedBytes = new Map(kept.map((f) => [f, readFileSync(f)]));
    for (const e of pngEntries()) writeFileSync(path.join(out, 'full-game', 'en', e.path), 'edited by hand');
    for (const [f, bytes] of cachedBytes) expect(readFileSync(f).equals(bytes)).toBe(true);
  }, 60_000);

  it('takes the PNGs the last build wrote from out/ as they are, and an out/ PNG edited since, even dated back, from the cache', async () => {
    const { out, build, rename } = fullGame();
    await build();
    const png = (name: string) => path.join(out, 'full-game', 'en', 'png', 'cards', `${name}.png`);
    const before = { wick: statSync(png('wick')) };
    const wickBytes = readFileSync(png('wick'));
    rename('Oil', 'Lamp oil');
    await build();
    // The same file (linked from the folder it replaced), not a copy.
    expect(statSync(png('wick')).ino).toBe(before.wick.ino);
    expect(readFileSync(png('wick')).equals(wickBytes)).toBe(true);
    // Edited in place and dated back: the next build copies the cache's PNG in its place.
    const dated = statSync(png('wick')).mtime;
    writeFileSync(png('wick'), Buffer.alloc(wickBytes.length, 7));
    utimesSync(png('wick'), dated, dated);
    rename('Lamp oil', 'Oil');
    await build();
    expect(readFileSync(png('wick')).equals(wickBytes)).toBe(true);
  }, 60_000);

  it('never gives back a cache entry that is a link to a file outside the cache (a cache folder can come with a project)', async () => {
    const { out, cacheDir, build, rename } = fullGame();
    await build();
    // Every entry of the cache becomes a link to a secret beside it.
    const secret = path.join(tempDir(), 'secret.txt');
    writeFileSync(secret, 'the key to the old tower');
    const entries = readdirSync(cacheDir, { recursive: true, encoding: 'utf8' }).filter((f) => /^[0-9a-f]{2}[\\/][0-9a-f]{64}$/.test(f));
    expect(entries.length).toBeGreaterThan(10);
    for (const f of entries) {
      rmSync(path.join(cacheDir, f));
      symlinkSync(secret, path.join(cacheDir, f));
    }
    rename('Oil', 'Lamp oil');
    const again = await build();
    expect(again.code).toBe(0);
    // Nothing came from the links: no file of out/ holds the secret, and every PNG is one.
    const written = readdirSync(out, { recursive: true, encoding: 'utf8' }).map((f) => path.join(out, f)).filter((f) => statSync(f).isFile());
    expect(written.filter((f) => readFileSync(f).includes('the key to the old tower'))).toEqual([]);
    expect(readFileSync(path.join(out, 'full-game', 'en', 'png', 'cards', 'wick.png')).subarray(1, 4).toString()).toBe('PNG');
  }, 60_000);

  it('builds on when a cache entry or its folder is something else than a file (a folder, a file for a folder): the entry is not kept, and the sheets are those of a build without the cache', async () => {
    const { game, out, cacheDir, build, rename } = fullGame();
    await build();
    const entries = readdirSync(cacheDir, { recursive: true, encoding: 'utf8' }).filter((f) => /^[0-9a-f]{2}[\\/][0-9a-f]{64}$/.test(f));
    expect(entries.length).toBeGreaterThan(10);
    // Every entry becomes a folder holding a file; one folder of entries becomes a file.
    for (const f of entries) {
      rmSync(path.join(cacheDir, f));
      mkdirSync(path.join(cacheDir, f));
      writeFileSync(path.join(cacheDir, f, 'x'), 'x');
    }
    const shard = path.dirname(path.join(cacheDir, entries[0]!));
    rmSync(shard, { recursive: true });
    writeFileSync(shard, 'not a folder');
    rename('Oil', 'Lamp oil');
    const again = await build();
    expect(again.code).toBe(0);
    const fresh = tempDir();
    expect((await buildOnce(game, { ...options(fresh), cache: false }, '0.0.0-test', io)).code).toBe(0);
    const sheets = readdirSync(path.join(fresh, 'full-game', 'en', 'tts'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.png'));
    expect(sheets.length).toBeGreaterThan(0);
    for (const f of sheets) expect(readFileSync(path.join(out, 'full-game', 'en', 'tts', f)).equals(readFileSync(path.join(fresh, 'full-game', 'en', 'tts', f))), f).toBe(true);
  }, 120_000);

  it('draws SVG art afresh when the calls kept for it are damaged or are not calls it keeps, and keeps them again', async () => {
    const { game, out, cacheDir, rename } = fullGame();
    // Each build runs in a process of its own: nothing an earlier one drew is held in memory.
    const buildAlone = async () => {
      vi.resetModules();
      return (await import('../../src/cli/build-command.js')).buildOnce(game, { ...options(out), cacheDir }, '0.0.0-test', io);
    };
    expect((await buildAlone()).code).toBe(0);
    const entries = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? entries(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    const kept = entries(cacheDir).filter((file) => readFileSync(file, 'utf8').startsWith('[["save"'));
    expect(kept.length).toBeGreaterThan(1);
    // One cut short, the others calls to a method that reads a file.
    writeFileSync(kept[0]!, readFileSync(kept[0]!, 'utf8').slice(0, 20));
    for (const file of kept.slice(1)) writeFileSync(file, JSON.stringify([['image', ['/etc/passwd', 0, 0]]]));
    rename('Oil', 'Lamp oil');
    const changed = await buildAlone();
    expect(changed.code).toBe(0);
    expect(changed.stats['svg-calls']!.made).toBeGreaterThan(0);
    const uncached = tempDir();
    expect((await buildOnce(game, { ...options(uncached), cache: false }, '0.0.0-test', io)).code).toBe(0);
    expect(readFileSync(path.join(out, 'full-game', 'en', 'print-and-play.pdf')).equals(readFileSync(path.join(uncached, 'full-game', 'en', 'print-and-play.pdf')))).toBe(true);
    // Kept again as drawn.
    for (const file of kept) expect(readFileSync(file, 'utf8').startsWith('[["save"')).toBe(true);
  }, 60_000);

  it('a new tool version makes everything again', async () => {
    const out = tempDir();
    const game = path.join(FIXTURES, 'valid', 'primitives');
    const first = await buildOnce(game, options(out), '1.0.0', io);
    const same = await buildOnce(game, options(out), '1.0.0', io);
    expect(same.stats['png']!.made).toBe(0);
    const next = await buildOnce(game, options(out), '1.0.1', io);
    // The French face is the English one (no text differs), so it comes from the cache in both runs.
    expect(next.stats).toEqual(first.stats);
    expect(next.stats['png']!.made).toBe(1);
  });
});
