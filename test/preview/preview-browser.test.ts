import { cpSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startPreview, type PreviewHandle } from '../../src/preview/server.js';
import { launchBrowser } from '../browser.js';
import { FIXTURES, tempDir } from '../helpers.js';

describe('pocketpress preview in Chromium', () => {
  let browser: Browser | undefined;
  let preview: PreviewHandle | undefined;
  afterAll(async () => {
    await browser?.close();
    await preview?.close();
    if (preview) rmSync(preview.out, { recursive: true, force: true });
  });

  it('shows the gallery, follows saves, and shows a content error with its file and line', { timeout: 240_000 }, async () => {
    const base = tempDir('pocketpress-preview-e2e-');
    const game = path.join(base, 'full-game');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
    const cardsYaml = path.join(game, 'sets', 'cards.yaml');

    preview = await startPreview({ dir: game, cwd: base, dpi: 72, out: path.join(base, '.preview-out') });
    browser = await launchBrowser();
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${preview.url}#game=full-game&lang=en&set=cards`);

    // The gallery: 2 fronts and the 1 back the set shares.
    const cards = page.locator('figure.card[data-set="cards"][data-lang="en"]');
    await expect.poll(() => cards.count(), { timeout: 60_000 }).toBe(3);
    expect(await page.locator('figure.card[data-side="front"]').count()).toBe(2);
    expect(await page.locator('figure.card[data-item="_back"][data-side="back"]').count()).toBe(1);
    await expect.poll(() => page.locator('#status').getAttribute('class')).toBe('ok');
    // Every image really loads.
    await expect
      .poll(() => page.locator('figure.card img').evaluateAll((imgs) => imgs.every((i) => (i as unknown as { complete: boolean; naturalWidth: number }).complete && (i as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0)))
      .toBe(true);

    // Without filters: both languages, the tiles, the rulebook pages and the print sheets.
    await page.selectOption('#f-set', '');
    await page.selectOption('#f-lang', '');
    expect(await page.locator('figure.card').count()).toBe(2 * (3 + 2));
    expect(await page.locator('.grid.pages figure').count()).toBe(4);
    expect(await page.locator('.grid.sheets figure').count()).toBeGreaterThan(0);

    // The zoom view at print size, French beside English.
    await page.locator('figure.card[data-lang="en"][data-item="wick"]').click();
    expect(await page.locator('#zoom .print').count()).toBe(2);
    const box = await page.locator('#zoom .print[data-lang="fr"]').boundingBox();
    // 2.5 in + 2 × 0.125 in bleed at 96 CSS px per inch.
    expect(box!.width).toBeCloseTo(((63.5 + 2 * 3.18) / 25.4) * 96, 0);
    await page.locator('#t-bleed').uncheck();
    expect((await page.locator('#zoom .print[data-lang="en"]').boundingBox())!.width).toBeCloseTo((63.5 / 25.4) * 96, 0);
    await page.keyboard.press('Escape');

    // Save a new name: the wick's image changes without a reload.
    const wick = page.locator('figure.card[data-lang="en"][data-item="wick"] img');
    const before = (await wick.getAttribute('src'))!;
    const oil = page.locator('figure.card[data-lang="en"][data-item="oil"] img');
    const oilBefore = await oil.getAttribute('src');
    const bytesBefore = await (await fetch(new URL(before, preview.url))).arrayBuffer();
    writeFileSync(cardsYaml, readFileSync(cardsYaml, 'utf8').replace('name: {en: Wick, fr: Mèche}', 'name: {en: Candle, fr: Mèche}'));
    const saved = Date.now();
    await expect.poll(() => wick.getAttribute('src'), { timeout: 60_000, interval: 100 }).not.toBe(before);
    const after = (await wick.getAttribute('src'))!;
    console.log(`the wick's image changed ${Date.now() - saved} ms after the save: ${before} → ${after}`);
    const bytesAfter = await (await fetch(new URL(after, preview.url))).arrayBuffer();
    expect(Buffer.from(bytesAfter).equals(Buffer.from(bytesBefore))).toBe(false);
    // The oil card did not change.
    expect(await oil.getAttribute('src')).toBe(oilBefore);

    // Two saves in a row by rename (as Vim, Emacs, JetBrains and `sed -i` save): each is seen.
    for (const name of ['Taper', 'Torch']) {
      const previous = (await wick.getAttribute('src'))!;
      const staged = `${cardsYaml}.tmp`;
      writeFileSync(staged, readFileSync(cardsYaml, 'utf8').replace(/name: \{en: \w+, fr: Mèche\}/, `name: {en: ${name}, fr: Mèche}`));
      renameSync(staged, cardsYaml);
      await expect.poll(() => wick.getAttribute('src'), { timeout: 60_000, interval: 100 }).not.toBe(previous);
    }

    // A content error: shown with its file and line; the last good images stay.
    writeFileSync(cardsYaml, readFileSync(cardsYaml, 'utf8').replace('{label: {en: Dawn, fr: Aube}, light: 2}', '{label: {en: Dawn, fr: Aube}, light: two}'));
    const diagnostic = page.locator('.diag[data-code="wrong-type"]');
    await expect.poll(() => diagnostic.count(), { timeout: 60_000, interval: 100 }).toBe(1);
    expect(await diagnostic.getAttribute('data-file')).toBe(path.join('full-game', 'sets', 'cards.yaml'));
    expect(await diagnostic.getAttribute('data-line')).toBe('34');
    expect(await diagnostic.innerText()).toContain(`${path.join('full-game', 'sets', 'cards.yaml')}:34:46`);
    expect(await diagnostic.innerText()).toContain('expected a whole number');
    expect(await page.locator('#status').getAttribute('class')).toBe('error');
    expect(await page.locator('figure.card').count()).toBe(10);

    const screenshot = path.join(base, 'preview.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    console.log(`screenshot: ${screenshot}`);
    expect(statSync(screenshot).size).toBeGreaterThan(10_000);
    expect(pageErrors).toEqual([]);
  });
});
