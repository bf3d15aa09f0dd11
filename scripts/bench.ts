// npm run bench: how fast the pipeline lays out, rasterizes and imposes cards, against the
// limits measured in the same run (sharp alone on the same SVGs, pdfkit alone on the same
// pages). Each case runs in its own process so its peak memory is its own. One JSON line per case.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { layoutSet } from '../src/build/build-game.js';
import { mapLimit } from '../src/build/renderers.js';
import { checkContent } from '../src/content/check-content.js';
import { imposeComponents } from '../src/impose/component-sheets.js';
import { PAPERS } from '../src/impose/paper.js';
import { renderComponentPdf } from '../src/render/pdf/render-component-pdf.js';
import { pixelSize, renderPng } from '../src/render/png/render-png.js';
import { renderRaster } from '../src/render/raster/render-raster.js';
import { resolveGame } from '../src/resolve/resolve-game.js';

const DPI = 300;
const CONCURRENCY = 4;

/** A game with one set of `n` poker cards on a realistic template: three text boxes, an icon, a background image. */
async function syntheticGame(n: number): Promise<string> {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'pocketpress-bench-')), 'bench');
  mkdirSync(path.join(dir, 'sets'), { recursive: true });
  mkdirSync(path.join(dir, 'templates'), { recursive: true });
  mkdirSync(path.join(dir, 'art'), { recursive: true });
  const noise = Buffer.alloc(200 * 280 * 3, 0).map((_, i) => (i * 37 + ((i / 600) | 0) * 11) % 256);
  await sharp(noise, { raw: { width: 200, height: 280, channels: 3 } }).jpeg({ quality: 80 }).toFile(path.join(dir, 'art', 'back.jpg'));
  writeFileSync(path.join(dir, 'game.yaml'), 'id: bench\ntitle: Bench\nlanguages: [en]\nplayers: {min: 1, max: 4}\nplayTime: {min: 10, max: 20}\nsets: [sets/cards.yaml]\nicons: {skull: "game-icons:skull-crossed-bones"}\n');
  const items = Array.from({ length: n }, (_, i) =>
    `  - id: card-${i}\n    name: Card number ${i}\n    power: ${i % 10}\n    text: "Draw **${(i % 3) + 1}** cards, then discard one :skull: unless you hold the lantern of card ${i}."\n`,
  ).join('');
  writeFileSync(
    path.join(dir, 'sets', 'cards.yaml'),
    `id: cards\nkind: cards\nname: Cards\nsize: poker\nfront: face\nback: back\nfields:\n  type: object\n  properties:\n    name: {type: string}\n    power: {type: integer}\n    text: {type: string}\nitems:\n${items}`,
  );
  writeFileSync(
    path.join(dir, 'templates', 'face.yaml'),
    `background: "#f4ecd8"\nelements:\n  - {type: image, src: art/back.jpg, x: -3mm, y: -3mm, width: 69mm, height: 40mm, fit: cover, opacity: 0.4}\n  - {type: text, text: "{{item.name}}", x: 5mm, y: 5mm, width: 45mm, height: 8mm, size: 12, weight: bold}\n  - {type: text, text: "{{item.power}}", x: 50mm, y: 5mm, width: 8mm, height: 8mm, size: 14, align: center}\n  - {type: text, text: "{{item.text}}", x: 5mm, y: 45mm, width: 53mm, height: 35mm, size: 10, minSize: 7, align: center, valign: middle}\n`,
  );
  writeFileSync(path.join(dir, 'templates', 'back.yaml'), `background: "#1d1b19"\nelements:\n  - {type: text, text: ":skull:", x: 0, y: 30mm, width: 100%, height: 20mm, size: 40, align: center, color: white}\n`);
  return dir;
}

function time<T>(work: () => T): [T, number] {
  const start = performance.now();
  const result = work();
  return [result, performance.now() - start];
}

async function timeAsync<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

async function runCase(kind: 'png' | 'pdf' | 'layout', n: number): Promise<Record<string, unknown>> {
  const dir = await syntheticGame(n);
  const [faces, layoutMs] = time(() => {
    const check = checkContent(dir);
    const game = resolveGame(check.games[0]!, 'en');
    return layoutSet(game, game.sets[0]!, () => {});
  });
  const fronts = faces.filter((f) => !f.back);
  const back = faces.find((f) => f.back)!.list;
  const base = { case: `${kind}-${n}`, layoutMsPerItem: round(layoutMs / n) };
  if (kind === 'layout') return { ...base, ms: round(layoutMs), msPerItem: round(layoutMs / n) };
  if (kind === 'png') {
    const [, ms] = await timeAsync(() => mapLimit(fronts, CONCURRENCY, async (f) => void (await renderPng(f.list, { dpi: DPI }))));
    // The floor: Skia drawing and sharp encoding the same lists, nothing else.
    const [, limit] = await timeAsync(() =>
      mapLimit(fronts, CONCURRENCY, async (f) => {
        const size = pixelSize(f.list, DPI);
        const { data } = await renderRaster(f.list, size);
        await sharp(data, { raw: { width: size.widthPx, height: size.heightPx, channels: 4, premultiplied: true } }).png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer();
      }),
    );
    return { ...base, ms: round(ms), msPerItem: round(ms / n), limitMsPerItem: round(limit / n), ratioToLimit: round(ms / limit) };
  }
  const copies = fronts.map((f) => ({ front: f.list, back }));
  const request = { copies, width: back.width, height: back.height, bleed: back.bleed, shape: 'rectangle' as const, cornerRadius: 0, page: PAPERS.a4, duplex: 'long' as const, gutter: 0, margin: 20, backOffset: { x: 0, y: 0 } };
  const [pdf, ms] = await timeAsync(() => renderComponentPdf(imposeComponents(request).pages));
  const pages = imposeComponents(request).pages;
  const [, limit] = await timeAsync(() => renderComponentPdf(pages));
  return { ...base, ms: round(ms), msPerItem: round(ms / n), limitMsPerItem: round(limit / n), ratioToLimit: round(ms / limit), pdfMb: round(pdf.length / 1e6) };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

const [, , kind, count] = process.argv;
if (kind) {
  const result = await runCase(kind as 'png' | 'pdf' | 'layout', Number(count));
  console.log(JSON.stringify({ ...result, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
} else {
  const full = process.env['BENCH_FULL'] === '1';
  const cases: [string, number][] = [
    ['layout', 1000],
    ['layout', 10000],
    ['png', 100],
    ['png', 1000],
    ...(full ? ([['png', 10000]] as [string, number][]) : []),
    ['pdf', 100],
    ['pdf', 1000],
    ['pdf', 10000],
  ];
  const self = fileURLToPath(import.meta.url);
  for (const [k, n] of cases) {
    execFileSync(process.execPath, ['--import', 'tsx', self, k, String(n)], { stdio: ['ignore', 'inherit', 'inherit'] });
  }
  console.log(
    JSON.stringify({
      targets: { pngRatioToLimit: 1.3, pdf1000Ms: 2000, peakRssMb10000: 600, warmBuildShareOfCold: 0.1 },
      note: full ? 'full run' : 'set BENCH_FULL=1 to add png-10000 (about 10 minutes)',
    }),
  );
}
