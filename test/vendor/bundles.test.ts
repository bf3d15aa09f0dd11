// The bundles of dist/vendor/ (compiled from src/vendor/ before the tests run) against the
// packages they are made of, loaded as Node loads them: the same results, byte for byte.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import PackagePdfDocument from 'pdfkit';
import * as packageFontkit from 'fontkit';
import EsModuleMarkdownIt from 'markdown-it';
import PackageLineBreaker from 'linebreak';
import { ROOT } from '../helpers.js';

const bundle = async <T>(name: string): Promise<T> => (await import(pathToFileURL(path.join(ROOT, 'dist', 'vendor', `${name}.js`)).href)) as T;

const RULES = `# Setup

Shuffle the **dev cards**; deal *three* to each player.\\
Then [read on](#play).

| Phase | What happens |
|:------|-------------:|
| Day   | Draw 1 card  |

- one
  1. two
> a <span>quote</span> -- "quoted"

\`\`\`
code
\`\`\`
`;

/** A PDF with text in two of pdfkit's standard fonts and an sRGB output intent (PDF/A), as bytes. */
async function pdfBytes(PDFDocument: typeof PackagePdfDocument): Promise<Buffer> {
  const doc = new PDFDocument({ subset: 'PDF/A-1b', pdfVersion: '1.4', info: { CreationDate: new Date(Date.UTC(2026, 0, 1)) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.font('Helvetica').text('Setup: deal three cards').font('Times-Roman').text('to each player.');
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

describe('the vendored packages as the CLI loads them', () => {
  it('markdown-it parses and renders as its ES modules do', async () => {
    const { MarkdownIt } = await bundle<{ MarkdownIt: typeof EsModuleMarkdownIt }>('markdown-it');
    for (const options of [{ html: true, typographer: false, linkify: false }, { html: false, typographer: false, linkify: false }, { html: true }]) {
      const ours = new MarkdownIt(options);
      const theirs = new EsModuleMarkdownIt(options);
      expect(JSON.stringify(ours.parse(RULES, {}))).toBe(JSON.stringify(theirs.parse(RULES, {})));
      expect(ours.render(RULES)).toBe(theirs.render(RULES));
    }
    const tokens = new MarkdownIt({ html: true }).parse(RULES, {});
    expect(tokens.filter((t) => t.type === 'table_open')).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ type: 'heading_open', tag: 'h1', map: [0, 1] });
  });

  it('pdfkit finds its standard fonts and colour profile in the installed package: the same PDF, byte for byte', async () => {
    const { default: BundledPdfDocument } = await bundle<{ default: typeof PackagePdfDocument }>('pdfkit');
    const ours = await pdfBytes(BundledPdfDocument);
    expect(ours.equals(await pdfBytes(PackagePdfDocument))).toBe(true);
    // Both standard fonts' metrics and the ICC profile (a 3 144-byte sRGB stream) are in it.
    const text = ours.toString('latin1');
    expect(text).toContain('/BaseFont /Helvetica');
    expect(text).toContain('/BaseFont /Times-Roman');
    expect(text).toMatch(/\/OutputIntents/);
  });

  it('linebreak (its Unicode table inflated by Node) breaks a French text where the package does', async () => {
    const { default: LineBreaker } = await bundle<{ default: typeof PackageLineBreaker }>('linebreak');
    const text = 'Piochez « trois » cartes — puis défaussez-en une ; l’adversaire joue. 12,5 % 中文字符 https://example.org/a-b';
    const breaks = (Breaker: typeof PackageLineBreaker) => {
      const found: [number, boolean][] = [];
      const breaker = new Breaker(text);
      for (let b = breaker.nextBreak(); b; b = breaker.nextBreak()) found.push([b.position, b.required]);
      return found;
    };
    expect(breaks(LineBreaker)).toEqual(breaks(PackageLineBreaker));
    expect(breaks(LineBreaker).length).toBeGreaterThan(15);
  });

  it('fontkit is not bundled (the peak memory of a build grew with it): its file re-exports the package, the one the pdfkit bundle takes', async () => {
    const fontkit = await bundle<typeof packageFontkit>('fontkit');
    expect(fontkit.create).toBe(packageFontkit.create);
    expect(readFileSync(path.join(ROOT, 'dist', 'vendor', 'fontkit.js'), 'utf8').length).toBeLessThan(1000);
    const pdfkit = readFileSync(path.join(ROOT, 'dist', 'vendor', 'pdfkit.js'), 'utf8');
    expect(pdfkit).toMatch(/from\s*"\.\/fontkit\.js"/);
    // Nor does it hold a copy of fontkit's code (its WOFF2 reader, its OpenType processors).
    expect(pdfkit).not.toContain('Error decoding compressed data in WOFF2');
  });
});
