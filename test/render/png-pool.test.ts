import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { PngPool } from '../../src/render/png/png-pool.js';
import { renderPng } from '../../src/render/png/render-png.js';
import type { DisplayList, ImageItem } from '../../src/shared/display-list.js';
import { sampleCard } from './sample-list.js';

describe('the pool of PNG workers', () => {
  const pool = new PngPool(2);
  afterAll(() => pool.close());

  it('draws on worker threads the very bytes the main thread draws, in any order of completion', async () => {
    const lists = [0, 1, 2, 3, 3, 2].map((bleed) => sampleCard(bleed));
    const dpis = [72, 100, 150, 72, 96, 120];
    const pooled = await Promise.all(lists.map((list, i) => pool.render(list, dpis[i]!)));
    const local = await Promise.all(lists.map((list, i) => renderPng(list, { dpi: dpis[i]! })));
    expect(pooled.map((p) => [p.widthPx, p.heightPx])).toEqual(local.map((p) => [p.widthPx, p.heightPx]));
    pooled.forEach((p, i) => expect(Buffer.compare(p.png, local[i]!.png)).toBe(0));
    expect(pooled[0]!.png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('draws on this thread one card after another, giving the event loop a turn (where Skia lets its memory go) as it goes', async () => {
    const here = new PngPool(0);
    let turned = false;
    setImmediate(() => (turned = true));
    const order: number[] = [];
    // Asked for all at once, as a build asks: 24 cards at 300 dpi, each 10 to 40 ms of drawing.
    const seen = await Promise.all(Array.from({ length: 24 }, (_, i) => here.render(sampleCard(3), 300).then(() => (order.push(i), turned))));
    await here.close();
    expect(order).toEqual(Array.from({ length: 24 }, (_, i) => i));
    // The last card after a turn at least: before, every card was drawn within one turn.
    expect(seen[23]).toBe(true);
  });

  it('lets the memory of Skia go on its workers between requests, however fast they come', async () => {
    // Cards without pictures (nothing awaited on the worker): 150 at 300 dpi, asked for at once.
    const one = new PngPool(1);
    const card = sampleCard(3);
    const list: DisplayList = { ...card, items: card.items.filter((item) => item.type !== 'image') };
    await one.render(list, 72);
    const before = process.memoryUsage().rss;
    let peak = before;
    await Promise.all(Array.from({ length: 150 }, () => one.render(list, 300).then(() => (peak = Math.max(peak, process.memoryUsage().rss)))));
    await one.close();
    // Each request begun as its message came, the finalizers that free canvases never ran: 594 MB more; now 94.
    expect((peak - before) / 2 ** 20).toBeLessThan(300);
  });

  it('starts its workers with room in their old generation: a thread that leaves buffers behind card after card is collected in full a few times, not a dozen', async () => {
    const warmed = new PngPool(1);
    warmed.warm();
    await warmed.close();
    // As a worker drawing cards: 1 MB of buffers and 20 000 small objects left each time, 200 times over.
    const code = `
      const { PerformanceObserver, constants } = require('node:perf_hooks');
      const { parentPort } = require('node:worker_threads');
      let full = 0;
      new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++; }).observe({ entryTypes: ['gc'] });
      let pixels, objects;
      for (let i = 0; i < 200; i++) { pixels = Buffer.allocUnsafeSlow(1 << 20); pixels[0] = i; objects = Array.from({ length: 20000 }, (_, k) => ({ k })); }
      setTimeout(() => parentPort.postMessage(full), 100);`;
    const thread = new Worker(code, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
    const full = await new Promise<number>((resolve) => thread.once('message', resolve));
    await thread.terminate();
    // With V8's own start (18 MB for so small a heap): 13.
    expect(full).toBeLessThanOrEqual(5);
  });

  it('passes a drawing error back to its caller, and goes on drawing the others', async () => {
    const broken = { ...sampleCard(0), fonts: { body: { path: '/nonexistent/font.woff', family: 'Nowhere', weight: 'normal', style: 'normal' } } } as DisplayList;
    const [bad, good] = await Promise.allSettled([pool.render(broken, 72), pool.render(sampleCard(0), 72)]);
    expect(bad.status).toBe('rejected');
    expect((bad as PromiseRejectedResult).reason.message).toMatch(/font/i);
    expect(good.status).toBe('fulfilled');
  });

  it('draws a lone request on the calling thread, and starts a worker for several at once', async () => {
    const lazy = new PngPool(1);
    try {
      const alone = await lazy.render(sampleCard(1), 72);
      expect(lazy.running).toBe(0);
      expect(Buffer.compare(alone.png, (await renderPng(sampleCard(1), { dpi: 72 })).png)).toBe(0);
      const [a, b] = await Promise.all([lazy.render(sampleCard(0), 72), lazy.render(sampleCard(2), 72)]);
      expect(lazy.running).toBe(1);
      expect(Buffer.compare(a.png, (await renderPng(sampleCard(0), { dpi: 72 })).png)).toBe(0);
      expect(b.widthPx).toBeGreaterThan(0);
    } finally {
      await lazy.close();
    }
  });

  it('warmed, starts one worker at once and draws even a lone request there; with 0 workers starts none', async () => {
    const warmed = new PngPool(2);
    try {
      warmed.warm();
      expect(warmed.running).toBe(1);
      warmed.warm();
      expect(warmed.running).toBe(1);
      const alone = await warmed.render(sampleCard(1), 72);
      expect(warmed.running).toBe(1);
      expect(Buffer.compare(alone.png, (await renderPng(sampleCard(1), { dpi: 72 })).png)).toBe(0);
    } finally {
      await warmed.close();
    }
    const none = new PngPool(0);
    none.warm();
    expect(none.running).toBe(0);
  });

  it('with 0 workers draws on the calling thread', async () => {
    const local = new PngPool(0);
    const png = await local.render(sampleCard(0), 72);
    expect(Buffer.compare(png.png, (await renderPng(sampleCard(0), { dpi: 72 })).png)).toBe(0);
  });

  it('draws a photo from the pixels it keeps exactly as from the file, and as a thread that never drew it does, whatever size it was drawn at before', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pocketpress-photo-'));
    try {
      // 320 × 200 px of fine detail (a gradient crossed by a checker of 3 px squares): drawn 56 mm wide it is
      // scaled down at 72 and 100 dpi, up at 300 dpi.
      const width = 320;
      const height = 200;
      const raw = Buffer.alloc(width * height * 3);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const checker = (Math.floor(x / 3) + Math.floor(y / 3)) % 2 === 0 ? 60 : 0;
          raw.set([(x * 255) / width, (y * 255) / height, 255 - checker * 3], (y * width + x) * 3);
        }
      }
      const file = path.join(dir, 'photo.jpg');
      await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toFile(file);
      const card = sampleCard(3);
      const photo: ImageItem = { type: 'image', x: 10, y: 140, width: 160, height: 100, opacity: 0.8, source: { kind: 'jpeg', path: file, naturalWidth: width, naturalHeight: height } };
      const list: DisplayList = { ...card, items: [...card.items, photo] };
      // This thread draws the photo at every size first; a new worker has never decoded it.
      const here = [];
      for (const dpi of [72, 300, 100]) here.push(await renderPng(list, { dpi }));
      const fresh = new PngPool(1);
      try {
        const [, drawnFirst] = await Promise.all([fresh.render(sampleCard(0), 72), fresh.render(list, 100)]);
        expect(fresh.running).toBe(1);
        expect(Buffer.compare(drawnFirst.png, here[2]!.png)).toBe(0);
        const [at72, at300] = await Promise.all([fresh.render(list, 72), fresh.render(list, 300)]);
        expect(Buffer.compare(at72.png, here[0]!.png)).toBe(0);
        expect(Buffer.compare(at300.png, here[1]!.png)).toBe(0);
      } finally {
        await fresh.close();
      }
      // And the photo is drawn: the card without it differs.
      expect(Buffer.compare((await renderPng(card, { dpi: 100 })).png, here[2]!.png)).not.toBe(0);
      // The same JPEG with an XMP segment (APP1) is decoded from its own bytes at every draw: the pixels kept give the same card.
      const jpeg = readFileSync(file);
      const xmp = Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"/>', 'latin1');
      const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, 0]), xmp]);
      app1.writeUInt16BE(app1.length - 2, 2);
      const plain = path.join(dir, 'photo-xmp.jpg');
      writeFileSync(plain, Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]));
      const decodedEachTime: DisplayList = { ...card, items: [...card.items, { ...photo, source: { ...photo.source, path: plain } }] };
      for (const [i, dpi] of [72, 300, 100].entries()) expect(Buffer.compare((await renderPng(decodedEachTime, { dpi })).png, here[i]!.png)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
