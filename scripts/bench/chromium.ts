// Chromium as a peer: Debian's /usr/bin/chromium, else the one @sparticuz/chromium ships, driven
// by playwright-core. Returns a reason instead when neither is here.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { childrenUsage, type Measure } from './measure.js';

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launchChromium(): Promise<Browser | string> {
  let playwright: typeof import('playwright-core');
  try {
    playwright = await import('playwright-core');
  } catch {
    return 'playwright-core is not installed';
  }
  if (existsSync('/usr/bin/chromium')) return playwright.chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS });
  try {
    const { default: chromium } = await import('@sparticuz/chromium');
    return await playwright.chromium.launch({ executablePath: await chromium.executablePath(), args: [...chromium.args, ...FLAGS] });
  } catch (error) {
    return `neither /usr/bin/chromium nor a working @sparticuz/chromium (${(error as Error).message.split('\n')[0]})`;
  }
}

/** Measures `work` in the browser: this process's CPU plus the browser processes', wall, the largest peak RSS. */
export async function measureBrowserWork(work: () => Promise<unknown>): Promise<Measure> {
  const own = process.cpuUsage();
  const before = childrenUsage();
  const started = performance.now();
  await work();
  const wallMs = performance.now() - started;
  const after = childrenUsage();
  const used = process.cpuUsage(own);
  return { scope: 'work', cpuMs: (used.user + used.system) / 1000 + after.cpuMs - before.cpuMs, wallMs, peakRssMb: Math.max(after.peakRssMb, process.resourceUsage().maxRSS / 1024) };
}

/** Prints sheets.html to a PDF. */
export async function chromiumPdf(browser: Browser, html: string, out: string): Promise<void> {
  const page = await browser.newPage();
  await page.goto(pathToFileURL(html).href, { waitUntil: 'load' });
  await page.pdf({ path: out, preferCSSPageSize: true, printBackground: true });
  await page.close();
}

/** Screenshots each card of cards.html to a PNG at `dpi`. */
export async function chromiumPngs(browser: Browser, html: string, outDir: string, dpi: number): Promise<number> {
  const page = await browser.newPage({ deviceScaleFactor: dpi / 96, viewport: { width: 400, height: 600 } });
  await page.goto(pathToFileURL(html).href, { waitUntil: 'load' });
  const cards = await page.$$('.card');
  for (const [i, card] of cards.entries()) await card.screenshot({ path: `${outDir}/card-${i}.png`, type: 'png' });
  await page.close();
  return cards.length;
}
