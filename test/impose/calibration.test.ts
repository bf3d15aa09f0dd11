import { describe, expect, it } from 'vitest';
import { calibrationPdf, makeCalibration } from '../../src/build/calibrate.js';
import { mirrorPoint, SCALE_RANGE, SCALE_STEP } from '../../src/impose/calibration.js';
import { PAPERS } from '../../src/impose/paper.js';
import { resolveLength } from '../../src/shared/lengths.js';
import { openPdf } from '../render/read-pdf.js';
import { pagePaths } from '../render/pdf-paths.js';
import { runCli, tempDir } from '../helpers.js';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const mm = (n: number) => resolveLength(`${n}mm`);

describe.each([
  ['a4', 'long'],
  ['letter', 'short'],
] as const)('the calibration sheet on %s, %s-edge flip', (paper, duplex) => {
  const sheet = makeCalibration({ paper, duplex });
  const page = PAPERS[paper];

  it('puts an x and a y scale of ±5 mm in 0.5 mm steps under each of the five front marks, as the flip turns the sheet', () => {
    expect(sheet.marks).toHaveLength(5);
    expect(sheet.scales).toHaveLength(10);
    for (const [i, mark] of sheet.marks.entries()) {
      const under = mirrorPoint(mark, page, duplex);
      const [x, y] = [sheet.scales[2 * i]!, sheet.scales[2 * i + 1]!];
      // The x scale's zero has the front's vertical line through it; the y scale's zero the horizontal one.
      expect(x.axis).toBe('x');
      expect(x.zero.x).toBeCloseTo(under.x, 6);
      expect(y.axis).toBe('y');
      expect(y.zero.y).toBeCloseTo(under.y, 6);
      expect(x.ticks).toHaveLength(2 * (SCALE_RANGE / SCALE_STEP) + 1);
      for (const tick of [...x.ticks.map((t) => ({ t, zero: x.zero.x })), ...y.ticks.map((t) => ({ t, zero: y.zero.y }))]) {
        expect(tick.t.at - tick.zero).toBeCloseTo(mm(tick.t.mm), 6);
      }
    }
    const long = mirrorPoint({ x: 100, y: 50 }, page, 'long');
    const short = mirrorPoint({ x: 100, y: 50 }, page, 'short');
    expect(long).toEqual({ x: page.width - 100, y: 50 });
    expect(short).toEqual({ x: 100, y: page.height - 50 });
  });

  it('draws, in the PDF, the front\'s lines and every tick of the back\'s scales where the geometry says', async () => {
    const pdf = await openPdf(await calibrationPdf({ paper, duplex }));
    expect(pdf.numPages).toBe(2);
    const front = (await pagePaths(await pdf.getPage(1))).filter((p) => p.paint === 'stroke' && p.points.length === 2);
    for (const mark of sheet.marks) {
      // A vertical and a horizontal line each run through the mark's crossing point.
      const spans = (values: number[], at: number) => Math.min(...values) < at && Math.max(...values) > at;
      const vertical = front.some((p) => p.points.every((q) => Math.abs(q.x - mark.x) < 0.01) && spans(p.points.map((q) => q.y), mark.y));
      const horizontal = front.some((p) => p.points.every((q) => Math.abs(q.y - mark.y) < 0.01) && spans(p.points.map((q) => q.x), mark.x));
      expect(vertical, `vertical line through (${mark.x}, ${mark.y})`).toBe(true);
      expect(horizontal, `horizontal line through (${mark.x}, ${mark.y})`).toBe(true);
    }
    const back = (await pagePaths(await pdf.getPage(2))).filter((p) => p.paint === 'stroke' && p.points.length === 2);
    let found = 0;
    for (const scale of sheet.scales) {
      for (const tick of scale.ticks) {
        const hit = back.find((p) =>
          scale.axis === 'x'
            ? Math.abs(p.points[0]!.x - tick.at) < 0.01 && Math.abs(p.points[1]!.x - tick.at) < 0.01 && Math.min(p.points[0]!.y, p.points[1]!.y) < scale.zero.y && Math.max(p.points[0]!.y, p.points[1]!.y) > scale.zero.y
            : Math.abs(p.points[0]!.y - tick.at) < 0.01 && Math.abs(p.points[1]!.y - tick.at) < 0.01 && Math.min(p.points[0]!.x, p.points[1]!.x) < scale.zero.x && Math.max(p.points[0]!.x, p.points[1]!.x) > scale.zero.x,
        );
        if (hit) found++;
      }
    }
    expect(found).toBe(10 * 21);
    // Nothing on the back lies under a front line but the scales: the ticks 0 sit exactly under the marks.
    const zeroTicks = sheet.scales.map((s) => s.ticks.find((t) => t.mm === 0)!.at);
    expect(zeroTicks.filter((_, i) => i % 2 === 0)).toEqual(sheet.marks.map((m) => mirrorPoint(m, page, duplex).x));
  });
});

describe('pocketpress calibrate', () => {
  it('writes calibration-<paper>-<duplex>.pdf into --out and says how to read it', async () => {
    const out = tempDir();
    const result = await runCli(['calibrate', '--paper', 'letter', '--duplex', 'short', '--out', out]);
    expect(result.code).toBe(0);
    expect(existsSync(path.join(out, 'calibration-letter-short.pdf'))).toBe(true);
    expect(result.stdout).toContain('backOffset');
    const pdf = await openPdf(readFileSync(path.join(out, 'calibration-letter-short.pdf')));
    const first = await pdf.getPage(1);
    expect(first.view.slice(2)).toEqual([612, 792]);
  });
});
