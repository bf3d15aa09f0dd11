import { afterAll, describe, expect, it } from 'vitest';
import { PngPool } from '../../src/render/png/png-pool.js';
import { renderPng } from '../../src/render/png/render-png.js';
import type { DisplayList } from '../../src/shared/display-list.js';
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

  it('with 0 workers draws on the calling thread', async () => {
    const local = new PngPool(0);
    const png = await local.render(sampleCard(0), 72);
    expect(Buffer.compare(png.png, (await renderPng(sampleCard(0), { dpi: 72 })).png)).toBe(0);
  });
});
