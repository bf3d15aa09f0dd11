import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, ROOT, runCli, tempDir } from '../helpers.js';

interface Entry {
  path: string;
  kind: string;
  set?: string;
  item?: string | null;
  side?: string;
  widthPx?: number;
  heightPx?: number;
  dpi?: number;
  pages?: number;
  sha256: string;
  bytes: number;
}

describe('pocketpress build', () => {
  const out = tempDir();
  let result: Awaited<ReturnType<typeof runCli>>;
  beforeAll(async () => {
    result = await runCli(['build', path.join(FIXTURES, 'valid', 'full-game'), '--out', out]);
  }, 120_000);

  it('exits 0 and says what it wrote', () => {
    expect(result.stderr).toBe('[1/2] full-game/en\n[2/2] full-game/fr\n');
    expect(result.code).toBe(0);
    const [head, ...rest] = result.stdout.split('\n');
    expect(head).toMatch(/^wrote 48 files for full-game\/en, full-game\/fr into .* in \d+\.\d s \(\d+ made, \d+ from the cache\)$/);
    // The files to print, by name.
    const where = path.relative(ROOT, out);
    expect(rest.join('\n')).toBe(
      [
        'to print:',
        ...['en', 'fr'].flatMap((l) => ['cards.pdf', 'print-and-play.pdf', 'rulebook.pdf', 'tiles.pdf'].map((f) => `  ${where}/full-game/${l}/${f}`)),
        'print-and-play kits:',
        ...['en', 'fr'].map((l) => `  ${where}/full-game/${l}/print-and-play.pdf: 2 sheets of A4 (3 with the separate files)`),
        '',
      ].join('\n'),
    );
  });

  it('writes a manifest listing every file with its size and hash', () => {
    for (const lang of ['en', 'fr']) {
      const dir = path.join(out, 'full-game', lang);
      const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { game: string; lang: string; generator: string; files: Entry[] };
      expect(manifest.game).toBe('full-game');
      expect(manifest.lang).toBe(lang);
      expect(manifest.generator).toMatch(/^pocketpress \d+\.\d+\.\d+$/);
      expect(manifest.files.map((f) => f.path)).toEqual([
        'cards.pdf',
        'tiles.pdf',
        'png/cards/oil.png',
        'png/cards/wick.png',
        'png/cards/_back.png',
        'png/tiles/corner.png',
        'png/tiles/crossing.png',
        'print-shop/cards.pdf',
        'print-shop/tiles.pdf',
        'print-and-play.pdf',
        'rulebook-pages.pdf',
        'rulebook.pdf',
        'rules/index.html',
        'rules/fonts/Alegreya-Sans-normal-normal.woff',
        'rules/fonts/Alegreya-Sans-bold-normal.woff',
        'rules/fonts/Alegreya-Sans-normal-italic.woff',
        'rules/fonts/Alegreya-Sans-bold-italic.woff',
        'full-game.json',
        'tts/cards-1.png',
        'tts/cards-back.png',
        'tts/full-game.json',
        'tts/tiles/corner.png',
        'tts/tiles/crossing.png',
      ].sort());
      for (const f of manifest.files) {
        const bytes = readFileSync(path.join(dir, f.path));
        expect(bytes.length).toBe(f.bytes);
      }
    }
  });

  it('renders a 2.5 × 3.5 in card with 1/8 in bleed at 300 dpi as 825 × 1125 px, with density metadata', async () => {
    const file = path.join(out, 'full-game', 'en', 'png', 'cards', 'wick.png');
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([825, 1125, 300]);
    const manifest = JSON.parse(readFileSync(path.join(out, 'full-game', 'en', 'manifest.json'), 'utf8')) as { files: Entry[] };
    expect(manifest.files.find((f) => f.path === 'png/cards/wick.png')).toMatchObject({ kind: 'component-png', set: 'cards', item: 'wick', side: 'front', widthPx: 825, heightPx: 1125, dpi: 300 });
  });

  it('renders a 40 × 34.64 mm hex tile without bleed at 300 dpi as 472 × 409 px', async () => {
    const meta = await sharp(path.join(out, 'full-game', 'fr', 'png', 'tiles', 'corner.png')).metadata();
    expect([meta.width, meta.height]).toEqual([472, 409]);
  });

  it('writes a print-shop PDF: a front and the shared back per card, page = trim + bleed, TrimBox inside', async () => {
    const pdf = await PDFDocument.load(readFileSync(path.join(out, 'full-game', 'en', 'print-shop', 'cards.pdf')));
    expect(pdf.getPageCount()).toBe(4);
    const page = pdf.getPage(0);
    expect(page.getWidth()).toBeCloseTo(2.75 * 72, 2);
    expect(page.getHeight()).toBeCloseTo(3.75 * 72, 2);
    const trim = page.getTrimBox();
    expect([trim.x, trim.y, trim.width, trim.height].map((n) => Math.round(n * 100) / 100)).toEqual([9, 9, 180, 252]);
  });

  it('lays the cards on A4 sheets: 4 copies (3 wicks, 1 oil) on a fronts page and a backs page', async () => {
    const manifest = JSON.parse(readFileSync(path.join(out, 'full-game', 'en', 'manifest.json'), 'utf8')) as { files: Entry[] };
    expect(manifest.files.find((f) => f.path === 'cards.pdf')).toMatchObject({ kind: 'card-sheet', set: 'cards', paper: 'A4', duplex: 'long', pages: 2, items: 4, perSheet: 9 });
    expect(manifest.files.find((f) => f.path === 'tiles.pdf')).toMatchObject({ kind: 'tile-sheet', pages: 1, items: 3 });
    const pdf = await PDFDocument.load(readFileSync(path.join(out, 'full-game', 'en', 'cards.pdf')));
    expect(pdf.getPageCount()).toBe(2);
    expect([pdf.getPage(0).getWidth(), pdf.getPage(0).getHeight()].map((n) => Math.round(n * 100) / 100)).toEqual([595.28, 841.89]);
  });

  it('uses Letter paper and writes sheet PNGs on request', async () => {
    const letter = tempDir();
    const r = await runCli(['build', path.join(FIXTURES, 'valid', 'full-game'), '--out', letter, '--lang', 'en', '--paper', 'letter', '--sheet-png', '--dpi', '50']);
    expect(r.code).toBe(0);
    const pdf = await PDFDocument.load(readFileSync(path.join(letter, 'full-game', 'en', 'cards.pdf')));
    expect([pdf.getPage(0).getWidth(), pdf.getPage(0).getHeight()]).toEqual([612, 792]);
    const meta = await sharp(path.join(letter, 'full-game', 'en', 'sheets', 'cards-1.png')).metadata();
    expect([meta.width, meta.height]).toEqual([425, 550]);
  });

  it('gives the same bytes when built again', async () => {
    const again = tempDir();
    expect((await runCli(['build', path.join(FIXTURES, 'valid', 'full-game'), '--out', again, '--lang', 'fr'])).code).toBe(0);
    for (const file of ['png/cards/wick.png', 'print-shop/cards.pdf', 'cards.pdf']) {
      expect(readFileSync(path.join(again, 'full-game', 'fr', file)).equals(readFileSync(path.join(out, 'full-game', 'fr', file))), file).toBe(true);
    }
  });
});

describe('a build with problems', () => {
  const game = path.join(FIXTURES, 'build', 'problems');

  it('reports each layout problem at the item line that causes it, and writes nothing', async () => {
    const out = tempDir();
    mkdirSync(path.join(out, 'problems', 'en'), { recursive: true });
    writeFileSync(path.join(out, 'problems', 'en', 'previous.txt'), 'kept');
    writeFileSync(path.join(out, 'problems', 'en', 'manifest.json'), '{"game":"problems","lang":"en","files":[]}');
    const result = await runCli(['build', '.', '--out', out, '--format', 'json', '--lang', 'en'], game);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { diagnostics: { code: string; file: string; line: number; column: number; message: string }[] };
    expect(report.diagnostics.map((d) => [d.code, d.file, d.line, d.column])).toEqual([
      ['text-overflow', 'sets/cards.yaml', 21, 11],
      ['missing-glyph', 'sets/cards.yaml', 24, 17],
      ['missing-file', 'sets/cards.yaml', 27, 10],
      ['unknown-color', 'sets/cards.yaml', 30, 11],
      ['outside-safe-zone', 'templates/face.yaml', 30, 5],
    ]);
    expect(report.diagnostics[0]!.message).toMatch(/\(en\) does not fit its 20 × 8 mm box in the set "cards" even at 7 pt/);
    expect(report.diagnostics[1]!.message).toMatch(/U\+2603/);
    expect(readFileSync(path.join(out, 'problems', 'en', 'previous.txt'), 'utf8')).toBe('kept');
    expect(readdirSync(out).filter((f) => f.startsWith('.staging'))).toEqual([]);
    expect(readFileSync(path.join(out, 'problems', 'en', 'manifest.json'), 'utf8')).toBe('{"game":"problems","lang":"en","files":[]}');
  });
});

describe('where a build may write', () => {
  it('refuses an --out that is a file (exit 2), with no stack trace', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'out.txt');
    writeFileSync(file, 'mine');
    const result = await runCli(['build', path.join(FIXTURES, 'valid', 'full-game'), '--out', file, '--lang', 'en']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/out\.txt is a file; --out needs a folder/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file, 'utf8')).toBe('mine');
  });

  it('never replaces a folder it did not write, and leaves everything as it was', async () => {
    const out = tempDir();
    mkdirSync(path.join(out, 'full-game', 'en'), { recursive: true });
    writeFileSync(path.join(out, 'full-game', 'en', 'notes.md'), 'my notes');
    const result = await runCli(['build', path.join(FIXTURES, 'valid', 'full-game'), '--out', out]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/full-game\/en holds files that a build did not write/);
    expect(readFileSync(path.join(out, 'full-game', 'en', 'notes.md'), 'utf8')).toBe('my notes');
    expect(existsSync(path.join(out, 'full-game', 'fr'))).toBe(false);
    expect(readdirSync(out)).toEqual(['full-game']);
  });

  it('replaces its own earlier output', async () => {
    const out = tempDir();
    const game = path.join(FIXTURES, 'valid', 'full-game');
    expect((await runCli(['build', game, '--out', out, '--lang', 'en'])).code).toBe(0);
    writeFileSync(path.join(out, 'full-game', 'en', 'stale.txt'), 'old');
    expect((await runCli(['build', game, '--out', out, '--lang', 'en'])).code).toBe(0);
    expect(existsSync(path.join(out, 'full-game', 'en', 'stale.txt'))).toBe(false);
    expect(existsSync(path.join(out, 'full-game', 'en', 'manifest.json'))).toBe(true);
  });

  it('reports a damaged image at the line that names it', async () => {
    const game = path.join(tempDir(), 'full-game');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
    writeFileSync(path.join(game, 'art', 'flame.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M5 0 C8');
    const result = await runCli(['build', game, '--out', tempDir(), '--lang', 'en', '--format', 'json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { diagnostics: { code: string; file: string; line: number; column: number }[] };
    expect(report.diagnostics.map((d) => [d.code, path.basename(d.file), d.line, d.column])).toEqual([['bad-image', 'cards.yaml', 30, 10]]);
  });
});
