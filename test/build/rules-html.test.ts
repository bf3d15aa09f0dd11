import { appendFileSync, copyFileSync, cpSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../browser.js';
import { FIXTURES, runCli, tempDir } from '../helpers.js';

/** The rulebook fixture with a component list at the end of its English rules. */
const base = tempDir('pocketpress-rules-html-');
const game = path.join(base, 'guild-of-thieves');
const out = path.join(base, 'out');
const folder = path.join(out, 'guild-of-thieves', 'en');
const index = path.join(folder, 'rules', 'index.html');

const attrs = (html: string, tag: string, attr: string) => [...html.matchAll(new RegExp(`<${tag}\\b[^>]*\\s${attr}="([^"]*)"`, 'g'))].map((m) => m[1]!);

describe('the HTML rulebook', () => {
  let html = '';
  let browser: Browser | undefined;
  beforeAll(async () => {
    cpSync(path.join(FIXTURES, 'rulebook', 'guild-of-thieves'), game, { recursive: true });
    // Hostile content: an SVG with scripts, links to javascript: and file:, raw HTML.
    writeFileSync(path.join(game, 'art', 'trap.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(1)"><script>alert(2)</script><rect width="40" height="40" fill="#884422"/><circle cx="20" cy="20" r="10" fill="#ffffff"/></svg>');
    appendFileSync(path.join(game, 'rules', 'en.md'), '\n![trap](art/trap.svg)\n\n[js](javascript:alert(3)) [f](file:///etc/passwd)\n\n<script>alert(4)</script>\n');
    appendFileSync(path.join(game, 'rules', 'en.md'), '\n## Components\n\nA crown is worth more than a crown of paper.\n\n{{components}}\n');
    const result = await runCli(['build', game, '--out', out, '--lang', 'en']);
    expect(result.stderr).not.toMatch(/error/);
    expect(result.stdout).toMatch(/^wrote/m);
    html = readFileSync(index, 'utf8');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('is one page in the build language, with ids on its headings and a table of contents that leads to them', () => {
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    const ids = attrs(html, 'h[1-6]', 'id');
    expect(ids).toEqual(['guild-of-thieves', 'contents', 'setup', 'playing-a-turn', 'the-watch', 'end-of-the-game', 'variant-the-long-night', 'components']);
    const toc = /<nav class="toc"[\s\S]*?<\/nav>/.exec(html)![0];
    const links = attrs(toc, 'a', 'href');
    expect(links).toEqual(ids.slice(1).map((id) => `#${id}`));
    // The page break and the raw HTML comment are not shown as text.
    expect(html).not.toContain('pagebreak');
  });

  it('names only files beside it: images, component PNGs and fonts exist, nothing is fetched from the network', () => {
    const sources = attrs(html, 'img', 'src');
    expect(sources).toContain('images/map.png');
    expect(sources).toContain('../png/loot/purse.png');
    const fonts = [...html.matchAll(/url\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(fonts).toEqual(['fonts/Alegreya-Sans-normal-normal.woff', 'fonts/Alegreya-Sans-bold-normal.woff', 'fonts/Alegreya-Sans-normal-italic.woff', 'fonts/Alegreya-Sans-bold-italic.woff']);
    for (const file of [...sources, ...fonts, ...attrs(html, 'a', 'href').filter((h) => !h.startsWith('#'))]) {
      const target = path.resolve(path.dirname(index), file);
      expect(existsSync(target), file).toBe(true);
      expect(statSync(target).size, file).toBeGreaterThan(100);
    }
    expect(readFileSync(path.join(folder, 'rules', 'images', 'map.png'))).toEqual(readFileSync(path.join(game, 'art', 'map.png')));
    expect(html).not.toMatch(/https?:/i);
    const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as { files: { path: string; kind: string }[] };
    expect(manifest.files.filter((f) => f.kind === 'rules-html').map((f) => f.path)).toEqual(['rules/index.html']);
    expect(manifest.files.filter((f) => f.kind === 'rules-asset').map((f) => f.path).sort()).toEqual([...fonts.map((f) => `rules/${f}`), 'rules/images/map.png', 'rules/images/trap.svg'].sort());
  });

  it('holds no script: an SVG picture is copied sanitized, javascript: and file: links and raw HTML stay text', () => {
    expect(attrs(html, 'img', 'src')).toContain('images/trap.svg');
    const svg = readFileSync(path.join(folder, 'rules', 'images', 'trap.svg'), 'utf8');
    expect(svg).toContain('<rect');
    expect(svg).not.toMatch(/script|onload|alert/i);
    expect(html).not.toMatch(/<script|href="(javascript|file):/i);
    expect(html).toContain('&lt;script&gt;alert(4)&lt;/script&gt;');
  });

  it('draws icons inline as SVG, in the palette, and lists the components with their counts', () => {
    expect(html).toMatch(/the dead do not sleep <span class="icon" role="img" aria-label="skull"><svg [^>]*viewBox="0 0 512 512"[^>]*><path /);
    expect(html).not.toContain(':coin:');
    expect(html).toContain('--ink:#1d1b19;--accent:#8c1c1c;--shade:#f1e6c8');
    expect(html).toMatch(/<strong>Loot<\/strong> × 5<ul><li id="component-loot-purse"><a href="..\/png\/loot\/purse.png">purse<\/a> × 4<\/li>/);
    expect(html).toContain('@media print');
    // A rule that names a component links to its picture, once per paragraph, never in a heading.
    expect(html).toContain('<li>20 loot tokens (<em><a class="component" href="../png/loot/purse.png">purses</a></em>, <em>rings</em> and one <strong><a class="component" href="../png/loot/crown.png">crown</a></strong>)</li>');
    expect(html).toContain('<li>In a game of two, remove the <a class="component" href="../png/loot/crown.png">crown</a>.</li>');
    expect(html).toContain('<p>A <a class="component" href="../png/loot/crown.png">crown</a> is worth more than a crown of paper.</p>');
    expect(html).not.toMatch(/<h[1-6][^>]*>[^\n]*class="component"/);
    expect(html).toContain('<figure><img src="images/map.png" alt="The merchant quarter at night"><figcaption>The merchant quarter: five rows of four houses.</figcaption></figure>');
  });

  it('reads on a phone 390 px wide: no sideways scroll, every image loads, every contents link lands', { timeout: 120_000 }, async () => {
    browser = await launchBrowser();
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(index).href, { waitUntil: 'load' });
    // Run in the page (the tests are compiled without the DOM's types).
    const run = <T>(code: string) => page.evaluate(code) as Promise<T>;
    await run('document.fonts.ready.then(() => true)');
    expect(await run<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    const images = await run<{ src: string; ok: boolean; width: number }[]>(
      '[...document.images].map((i) => ({ src: i.getAttribute("src"), ok: i.complete && i.naturalWidth > 0, width: i.getBoundingClientRect().width }))',
    );
    expect(images.length).toBe(3);
    for (const image of images) {
      expect(image.ok, image.src).toBe(true);
      expect(image.width, image.src).toBeLessThanOrEqual(390);
    }
    const missing = await run<string[]>('[...document.querySelectorAll("nav.toc a")].map((a) => a.getAttribute("href")).filter((h) => !document.getElementById(h.slice(1)))');
    expect(missing).toEqual([]);
    expect(await run<number>('document.querySelectorAll("nav.toc a").length')).toBe(7);
    // The game's font is the one drawn, from the file beside the page.
    expect(await run<number>('[...document.fonts].filter((f) => f.family.replace(/"/g, "") === "Alegreya Sans" && f.status === "loaded").length')).toBeGreaterThanOrEqual(1);
    // An inline icon is about as tall as the text around it.
    const icon = await run<number>('document.querySelector(".icon svg").getBoundingClientRect().height');
    expect(icon).toBeGreaterThan(12);
    expect(icon).toBeLessThan(30);
    expect(requests.filter((r) => !r.startsWith('file:'))).toEqual([]);
    const shot = path.join(base, 'rules-390.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(statSync(shot).size).toBeGreaterThan(10_000);
    if (process.env.POCKETPRESS_KEEP_SCREENSHOT) copyFileSync(shot, process.env.POCKETPRESS_KEEP_SCREENSHOT);
  });
});
