import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOnce, type BuildCommandOptions } from '../../src/cli/build-command.js';
import { VERSION } from '../../src/cli/main.js';
import { resolveLength } from '../../src/shared/lengths.js';
import { SILHOUETTE_MARKS } from '../../src/shared/print-options.js';
import { openPdf, strokedSegments, textItems } from '../render/read-pdf.js';
import { FIXTURES, tempDir } from '../helpers.js';

const mm = (n: number) => resolveLength(`${n}mm`);
const io = { stdout: () => {}, stderr: () => {}, cwd: '/' };
const GAME = path.join(FIXTURES, 'valid', 'full-game');

function options(out: string, cacheDir: string, extra: Partial<BuildCommandOptions> = {}): BuildCommandOptions {
  return {
    out,
    cacheDir,
    lang: ['en'],
    format: 'text',
    dpi: 72,
    paper: 'a4',
    duplex: 'long',
    backOffset: { x: 0, y: 0 },
    quiet: true,
    cutGuides: 'marks',
    printableMargin: mm(5),
    cutterInset: SILHOUETTE_MARKS.inset,
    cutterSquare: SILHOUETTE_MARKS.square,
    cutterLength: SILHOUETTE_MARKS.length,
    cutterThickness: SILHOUETTE_MARKS.thickness,
    ...extra,
  };
}

interface Entry {
  path: string;
  kind: string;
  [key: string]: unknown;
}

const manifest = (dir: string) => (JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { files: Entry[] }).files;

describe('the print-and-play kit, built', () => {
  const base = tempDir('pocketpress-kit-');
  const out = path.join(base, 'out');
  const cache = path.join(base, 'cache');
  const dir = path.join(out, 'full-game', 'en');
  beforeAll(async () => {
    // A cache an earlier version left inside out/ (two-hex-digit shelves), and a user's own folder beside it.
    mkdirSync(path.join(out, '.cache', 'ab'), { recursive: true });
    writeFileSync(path.join(out, '.cache', 'ab', 'entry'), 'old');
    mkdirSync(path.join(out, 'notes'), { recursive: true });
    writeFileSync(path.join(out, 'notes', 'mine.txt'), 'keep me');
    expect((await buildOnce(GAME, options(out, cache, { cutter: 'silhouette' }), VERSION, io)).code).toBe(0);
  }, 120_000);

  it('writes print-and-play.pdf: a contents page, the rulebook, then the packed sheets; the manifest counts its sheets of paper', async () => {
    const entry = manifest(dir).find((e) => e.path === 'print-and-play.pdf')!;
    expect(entry).toMatchObject({ kind: 'print-and-play', paper: 'A4', duplex: 'long', contentsPage: 1, sets: ['cards', 'tiles'] });
    const pdf = await openPdf(readFileSync(path.join(dir, 'print-and-play.pdf')));
    expect(pdf.numPages).toBe(entry['pages']);
    const rulebook = manifest(dir).find((e) => e.path === 'rulebook.pdf')!;
    expect(entry['rulebookPages']).toBe(rulebook['pages']);
    // Booklet sheets print two pages on one sheet; the one component sheet is duplex (the cards have backs).
    expect(entry['pages']).toBe(1 + Number(rulebook['pages']) + 2 * Number(entry['componentSheets']));
    expect(entry['sheetsOfPaper']).toBe(Number(rulebook['pages']) / 2 + Number(entry['componentSheets']));
    // The separate files: each set's sheets (fronts and backs) and the rulebook.
    const separate = manifest(dir).filter((e) => e.kind === 'card-sheet' || e.kind === 'tile-sheet').reduce((n, e) => n + Number(e['pages']) / (e['duplex'] === 'long' ? 2 : 1), 0) + Number(rulebook['pages']) / 2;
    // The tiles have no back: one-sided, so their sheets say no duplex.
    expect(manifest(dir).find((e) => e.path === 'tiles.pdf')).toMatchObject({ print: 'one-sided', pages: 1 });
    expect(manifest(dir).find((e) => e.path === 'tiles.pdf')!['duplex']).toBeUndefined();
    expect(entry['separateSheetsOfPaper']).toBe(separate);
    expect(Number(entry['sheetsOfPaper'])).toBeLessThan(separate);
    const contents = (await textItems(await pdf.getPage(1))).map((t) => t.str).join(' ');
    expect(contents).toContain('print-and-play kit');
    expect(contents).toMatch(/Pages? \d/);
    expect(contents).toContain('flip on the long edge');
  });

  it('puts a board larger than the paper into the kit as its pieces, after the packed sheets, and counts them', async () => {
    const out = path.join(tempDir('pocketpress-kit-pieces-'), 'out');
    const result = await buildOnce(path.join(FIXTURES, 'valid', 'home-print'), options(out, `${out}-cache`), VERSION, io);
    expect(result.code).toBe(0);
    const folder = path.join(out, 'home-print', 'en');
    const entries = manifest(folder);
    const map = entries.find((e) => e.path === 'map.pdf')!;
    expect(map['pages']).toBe(4);
    const entry = entries.find((e) => e.path === 'print-and-play.pdf')!;
    const pdf = await openPdf(readFileSync(path.join(folder, 'print-and-play.pdf')));
    expect(pdf.numPages).toBe(entry['pages']);
    // The last four pages are the map's pieces A1, B1, A2, B2, each naming itself.
    for (let i = 0; i < 4; i++) {
      const text = (await textItems(await pdf.getPage(pdf.numPages - 3 + i))).map((t) => t.str).join(' ');
      expect(text).toContain('Market map');
    }
    const contents = (await textItems(await pdf.getPage(1))).map((t) => t.str).join(' ');
    expect(contents).toMatch(/Pages \d+–\d+ ?: Market map in pieces; print one-sided/);
    expect(Number(entry['componentSheets'])).toBeGreaterThanOrEqual(4 + 1);
    expect(entry['sheetsOfPaper']).toBe(entry['componentSheets']);
  });

  it('keeps every mark and cut line at least the printable margin (5 mm) from the paper edge, read back from the PDFs', async () => {
    let checked = 0;
    for (const file of ['cards.pdf', 'tiles.pdf', 'print-and-play.pdf']) {
      const pdf = await openPdf(readFileSync(path.join(dir, file)));
      for (let n = 1; n <= pdf.numPages; n++) {
        const page = await pdf.getPage(n);
        const [w, h] = [page.view[2]!, page.view[3]!];
        for (const s of (await strokedSegments(page)).filter((x) => x.width <= 0.5)) {
          checked++;
          for (const x of [s.x1, s.x2]) expect(Math.min(x, w - x), `${file} page ${n}`).toBeGreaterThanOrEqual(mm(5) - 0.01);
          for (const y of [s.y1, s.y2]) expect(Math.min(y, h - y), `${file} page ${n}`).toBeGreaterThanOrEqual(mm(5) - 0.01);
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('writes one SVG cut file per kit sheet with --cutter silhouette', () => {
    const entry = manifest(dir).find((e) => e.path === 'print-and-play.pdf')!;
    const cuts = manifest(dir).filter((e) => e.kind === 'cut-file');
    expect(cuts).toHaveLength(Number(entry['componentSheets']));
    for (const c of cuts) {
      const svg = readFileSync(path.join(dir, c.path), 'utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="210mm" height="297mm"/);
      expect([...svg.matchAll(/<(rect|ellipse|polygon) /g)].length - 7).toBe(c['pieces']);
    }
  });

  it('keeps the cache out of out/, removes an old out/.cache, and leaves a user\'s own folders alone', () => {
    expect(existsSync(path.join(out, '.cache'))).toBe(false);
    expect(readFileSync(path.join(out, 'notes', 'mine.txt'), 'utf8')).toBe('keep me');
    expect(readdirSync(cache).length).toBeGreaterThan(0);
    expect(readdirSync(out).sort()).toEqual(['full-game', 'notes']);
  });

  it('--kit-only writes the kit but not each set\'s sheets', async () => {
    const only = path.join(base, 'only');
    expect((await buildOnce(GAME, options(only, cache, { kitOnly: true }), VERSION, io)).code).toBe(0);
    const files = manifest(path.join(only, 'full-game', 'en')).map((e) => e.path);
    expect(files).toContain('print-and-play.pdf');
    expect(files).not.toContain('cards.pdf');
    expect(files).not.toContain('tiles.pdf');
    // The same kit as the full build's.
    expect(readFileSync(path.join(only, 'full-game', 'en', 'print-and-play.pdf')).length).toBeGreaterThan(0);
  });
});
