import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveLength } from '../../src/shared/lengths.js';
import { FIXTURES, runCli, tempDir } from '../helpers.js';
import { openPdf } from '../render/read-pdf.js';
import { pagePaths, type PdfPath } from '../render/pdf-paths.js';

const mm = (n: number) => resolveLength(`${n}mm`);

/** A project folder holding the fixture game, its pocketpress.yaml, and a configuration folder for printers.yaml. */
function project(settings: string, printers?: string): { dir: string; config: string } {
  const dir = tempDir();
  cpSync(path.join(FIXTURES, 'valid', 'home-print'), path.join(dir, 'content', 'home-print'), { recursive: true });
  writeFileSync(path.join(dir, 'pocketpress.yaml'), settings);
  const config = path.join(dir, 'config');
  if (printers !== undefined) {
    mkdirSync(path.join(config, 'pocketpress'), { recursive: true });
    writeFileSync(path.join(config, 'pocketpress', 'printers.yaml'), printers);
  }
  return { dir, config };
}

const saved = process.env['XDG_CONFIG_HOME'];
afterAll(() => {
  if (saved === undefined) delete process.env['XDG_CONFIG_HOME'];
  else process.env['XDG_CONFIG_HOME'] = saved;
});

async function build(where: { dir: string; config: string }, args: string[] = []) {
  process.env['XDG_CONFIG_HOME'] = where.config;
  const out = path.join(where.dir, 'out');
  const result = await runCli(['build', '--out', out, '--dpi', '20', ...args], where.dir);
  return { ...result, pdf: () => readFileSync(path.join(out, 'home-print', 'en', 'deck.pdf')) };
}

async function pathsOf(bytes: Buffer): Promise<PdfPath[][]> {
  const pdf = await openPdf(bytes);
  const pages: PdfPath[][] = [];
  for (let i = 1; i <= pdf.numPages; i++) pages.push(await pagePaths(await pdf.getPage(i)));
  return pages;
}

/** The page's own clip and white background: the paper, which no offset moves. */
const isPaper = (p: PdfPath) => p.points.every((pt) => (pt.x === 0 || Math.abs(pt.x - 595.275591) < 1e-3) && (pt.y === 0 || Math.abs(pt.y - 841.889764) < 1e-3));

/**
 * Crop marks: black two-point lines (the fixture draws no black). They move with the backs too,
 * but are shortened, or left out, where they would reach into the printable margin, so their
 * outer ends need not move by the whole offset, nor their number stay the same.
 */
const isCropMark = (p: PdfPath) => p.paint === 'stroke' && p.points.length === 2 && p.stroke === '0,0,0';

/** Every point of every path drawn on the paper in `moved` minus the same point in `base`: one (dx, dy) per point. */
function shifts(allBase: PdfPath[], allMoved: PdfPath[]): { dx: number; dy: number }[] {
  expect(allBase.filter(isPaper)).toHaveLength(2);
  const base = allBase.filter((p) => !isPaper(p) && !isCropMark(p));
  const moved = allMoved.filter((p) => !isPaper(p) && !isCropMark(p));
  expect(moved.length).toBe(base.length);
  expect(base.length).toBeGreaterThan(0);
  return base.flatMap((p, i) => p.points.map((pt, j) => ({ dx: moved[i]!.points[j]!.x - pt.x, dy: moved[i]!.points[j]!.y - pt.y })));
}

const PRINTERS = `default: office-laser
printers:
  office-laser:
    duplex: long
    backOffset: {x: 1.5mm, y: -0.5mm}
  attic-inkjet: {duplex: short, backOffset: {x: -2mm, y: 1mm}}
`;

describe('a printer profile moves every back page, and only the backs, by its offset', () => {
  let plain: PdfPath[][];
  beforeAll(async () => {
    const result = await build(project('content: content\nprinter: none-yet\nprinters: {none-yet: {backOffset: {x: 0, y: 0}}}\n'));
    expect(result.code, result.stderr + result.stdout).toBe(0);
    plain = await pathsOf(result.pdf());
  }, 120_000);

  it('the printers.yaml default (long edge, built long edge): backs move 1.5 mm right and 0.5 mm up', async () => {
    const result = await build(project('content: content\n', PRINTERS));
    expect(result.code, result.stderr).toBe(0);
    const pages = await pathsOf(result.pdf());
    expect(pages).toHaveLength(plain.length);
    expect(pages.length).toBe(12);
    for (const [i, page] of pages.entries()) {
      const moved = shifts(plain[i]!, page);
      expect(moved.length).toBeGreaterThan(20);
      const want = i % 2 === 1 ? { dx: mm(1.5), dy: mm(-0.5) } : { dx: 0, dy: 0 };
      for (const s of moved) {
        expect(s.dx).toBeCloseTo(want.dx, 3);
        expect(s.dy).toBeCloseTo(want.dy, 3);
      }
    }
  }, 120_000);

  it('--printer picks a profile measured on the short edge; a long-edge build turns its offset about', async () => {
    const result = await build(project('content: content\n', PRINTERS), ['--printer', 'attic-inkjet']);
    expect(result.code, result.stderr).toBe(0);
    const pages = await pathsOf(result.pdf());
    for (const [i, page] of pages.entries()) {
      const want = i % 2 === 1 ? { dx: mm(2), dy: mm(-1) } : { dx: 0, dy: 0 };
      for (const s of shifts(plain[i]!, page)) {
        expect(s.dx).toBeCloseTo(want.dx, 3);
        expect(s.dy).toBeCloseTo(want.dy, 3);
      }
    }
  }, 120_000);

  it('the project\'s printers: and printer: win over printers.yaml, and --back-offset over both', async () => {
    const where = project('content: content\nprinter: shop\nprinters:\n  shop: {backOffset: {x: 0.5mm, y: 0.25mm}}\n', PRINTERS);
    const pages = await pathsOf((await build(where)).pdf());
    for (const s of shifts(plain[1]!, pages[1]!)) expect([s.dx, s.dy].map((v) => Math.round(v * 1000) / 1000)).toEqual([mm(0.5), mm(0.25)].map((v) => Math.round(v * 1000) / 1000));
    const typed = await pathsOf((await build(where, ['--back-offset', '1,1'])).pdf());
    for (const s of shifts(plain[1]!, typed[1]!)) expect(s.dx).toBeCloseTo(mm(1), 3);
  }, 120_000);
});

describe('printer profile problems', () => {
  it('an unknown --printer is a usage error naming the closest profile', async () => {
    const result = await build(project('content: content\n', PRINTERS), ['--printer', 'office-lasr']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no printer profile named "office-lasr"');
    expect(result.stderr).toContain('did you mean "office-laser"?');
  });

  it('an unknown printer: in pocketpress.yaml is reported at its line and column', async () => {
    const result = await build(project('content: content\nout: out\nprinter: atic-inkjet\n', PRINTERS), ['--format', 'json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/pocketpress\.yaml:3:10 +error +unknown-printer +no printer profile named "atic-inkjet".*did you mean "attic-inkjet"\?/);
  });

  it('a malformed printers.yaml is reported at its line and column, and stops the build', async () => {
    const broken = 'printers:\n  office-laser:\n    backOffset: {x: 1.5 cm x, y: 0}\n    colour: red\n';
    const result = await build(project('content: content\n', broken));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/printers\.yaml:3:21 +error +bad-value/);
    expect(result.stderr).toMatch(/printers\.yaml:4:5 +error +unknown-key +"colour" is not allowed here/);
  });

  it('a printers.yaml that is not YAML is a yaml-syntax error at its line', async () => {
    const result = await build(project('content: content\n', 'printers:\n  a: {backOffset: {x: 1mm\n'));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/printers\.yaml:\d+:\d+ +error +yaml-syntax/);
  });
});
