import { PDFArray, PDFDict, PDFDocument as LibDocument, PDFName, PDFNumber, PDFRef } from 'pdf-lib';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DisplayList, TextItem as DisplayTextItem } from '../../src/shared/display-list.js';
import { renderComponentPdf } from '../../src/render/pdf/render-component-pdf.js';
import { defaultCreationDate } from '../../src/render/pdf/creation-date.js';
import { documentFont, openFont } from '../../src/shared/fonts.js';
import { glyphOrigins, openPdf, textItems } from './read-pdf.js';
import { FONTS, FRENCH, mm, sampleCard, shapeRun } from './sample-list.js';

const DATE = new Date(Date.UTC(2024, 4, 1, 12, 0, 0));
const render = (lists: DisplayList[]) => renderComponentPdf(lists, { title: 'Épée & co', author: 'Anne Autrice', lang: 'fr', creationDate: DATE });
async function fontDescriptors(bytes: Buffer): Promise<PDFDict[]> {
  const lib = await LibDocument.load(bytes);
  return lib.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'));
}

const textRuns = (list: DisplayList) => list.items.filter((i): i is DisplayTextItem => i.type === 'text').flatMap((i) => i.runs);

let card: DisplayList;
let pdf: Buffer;
beforeAll(async () => {
  card = sampleCard();
  pdf = await render([card, sampleCard(0)]);
});

describe('renderComponentPdf', () => {
  it('makes one page per list, trim + 2 × bleed, with TrimBox inset by the bleed and BleedBox = MediaBox', async () => {
    const lib = await LibDocument.load(pdf);
    expect(lib.getPageCount()).toBe(2);
    const [withBleed, withoutBleed] = lib.getPages();
    const b = mm(3);
    const close = (box: { x: number; y: number; width: number; height: number }, expected: number[]) =>
      [box.x, box.y, box.width, box.height].forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 3));
    close(withBleed!.getMediaBox(), [0, 0, mm(69), mm(94)]);
    close(withBleed!.getBleedBox(), [0, 0, mm(69), mm(94)]);
    close(withBleed!.getTrimBox(), [b, b, mm(63), mm(88)]);
    close(withoutBleed!.getMediaBox(), [0, 0, mm(63), mm(88)]);
    close(withoutBleed!.getTrimBox(), [0, 0, mm(63), mm(88)]);
    // Really written, not pdf-lib's fallback to the MediaBox.
    const written = (box: string) => (withBleed!.node.get(PDFName.of(box)) as PDFArray).asArray().map((n) => Math.round((n as PDFNumber).asNumber() * 100) / 100);
    expect(written('TrimBox')).toEqual([b, b, mm(66), mm(91)].map((n) => Math.round(n * 100) / 100));
    expect(written('BleedBox')).toEqual([0, 0, mm(69), mm(94)].map((n) => Math.round(n * 100) / 100));
  });

  it('embeds the font as a subset (ABCDEF+AlegreyaSans-Regular)', async () => {
    const descriptors = await fontDescriptors(pdf);
    expect(descriptors).toHaveLength(1);
    expect(descriptors[0]!.get(PDFName.of('FontName'))!.toString()).toMatch(/^\/[A-Z]{6}\+AlegreyaSans-Regular$/);
    expect(descriptors[0]!.get(PDFName.of('FontFile2'))).toBeInstanceOf(PDFRef);
  });

  it('names each subset after its glyphs, not after pdfkit’s resource id', async () => {
    const tagOf = async (text: string) => {
      const list: DisplayList = { width: 100, height: 40, bleed: 0, fonts: FONTS, items: [{ type: 'text', runs: [shapeRun(text, { size: 12, x: 5, baseline: 20 })] }] };
      const descriptor = (await fontDescriptors(await render([list])))[0]!;
      return descriptor.get(PDFName.of('FontName'))!.toString().slice(1, 7);
    };
    expect(await tagOf('été')).toBe(await tagOf('été'));
    expect(await tagOf('été')).not.toBe(await tagOf('fémur'));
    expect(await tagOf('été')).not.toBe('CZZZZZ');
  });

  it('keeps the text as extractable text, French accents included, at each run’s x and baseline', async () => {
    const page = await (await openPdf(pdf)).getPage(1);
    const items = await textItems(page);
    const height = mm(94);
    const bleed = mm(3);
    for (const run of textRuns(card)) {
      const item = items.find((i) => i.str === run.text);
      expect(item?.str, run.text).toBe(run.text);
      expect(item!.transform[0]).toBeCloseTo(run.size, 3);
      expect(item!.transform[4]).toBeCloseTo(bleed + run.x, 2);
      expect(item!.transform[5]).toBeCloseTo(height - bleed - run.baseline, 2);
      // The PDF's text ends with the last glyph: no letter spacing after it.
      expect(item!.width).toBeCloseTo(run.width - run.letterSpacing, 2);
    }
    expect(items.map((i) => i.str)).toContain(FRENCH);
  });

  it('puts every glyph exactly where the run places it (no re-shaping by pdfkit)', async () => {
    const page = await (await openPdf(pdf)).getPage(1);
    const drawn = await glyphOrigins(page);
    const runs = textRuns(card);
    expect(drawn).toHaveLength(runs.length);
    runs.forEach((run, r) => {
      expect(drawn[r]!.map((g) => g.unicode).join('')).toBe(run.text);
      run.glyphs.forEach((glyph, i) => {
        expect(drawn[r]![i]!.x).toBeCloseTo(run.x + glyph.x, 3);
        expect(drawn[r]![i]!.y).toBeCloseTo(run.baseline + glyph.y, 3);
      });
    });
    // Letter spacing makes them differ from what pdfkit's own shaping would give.
    const spaced = runs.find((r) => r.letterSpacing > 0)!;
    expect(spaced.glyphs[1]!.x).toBeGreaterThan(spaced.glyphs[0]!.advance - spaced.letterSpacing + 0.5);
  });

  it('maps glyphs that shaping the text would not give back to Unicode through the cmap', async () => {
    const ligated = shapeRun('ffi', { size: 20, x: 10, baseline: 40 });
    const f = shapeRun('f', { size: 20, x: 0, baseline: 0 }).glyphs[0]!;
    const i = shapeRun('i', { size: 20, x: 0, baseline: 0 }).glyphs[0]!;
    expect(ligated.glyphs.length).toBeLessThan(3);
    const separate = { ...ligated, glyphs: [f, { ...f, x: f.advance }, { ...i, x: 2 * f.advance }] };
    const list: DisplayList = { width: 100, height: 60, bleed: 0, fonts: FONTS, items: [{ type: 'text', runs: [separate] }] };
    const page = await (await openPdf(await render([list]))).getPage(1);
    expect((await textItems(page)).map((t) => t.str).join('')).toBe('ffi');
  });

  it('writes title, author, language and the creation date given', async () => {
    const document = await openPdf(pdf);
    const info = (await document.getMetadata()).info as Record<string, string>;
    expect(info.Title).toBe('Épée & co');
    expect(info.Author).toBe('Anne Autrice');
    expect(info.Language).toBe('fr');
    expect(info.CreationDate).toMatch(/^D:20240501120000/);
  });

  it('gives byte-identical output for the same input, with an ID that follows the content', async () => {
    const again = await render([sampleCard(), sampleCard(0)]);
    expect(again.equals(pdf)).toBe(true);
    // Without a date given, the clock is not used either.
    const first = await renderComponentPdf([sampleCard()]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await renderComponentPdf([sampleCard()])).equals(first)).toBe(true);
    const id = (bytes: Buffer) => /\/ID \[<([0-9a-f]{32})>/.exec(bytes.toString('latin1'))![1];
    const other = sampleCard();
    other.background = '#ffffff';
    expect(id(await render([other, sampleCard(0)]))).not.toBe(id(pdf));
  });

  it('defaults the creation date to SOURCE_DATE_EPOCH, else a fixed date', () => {
    expect(defaultCreationDate({ SOURCE_DATE_EPOCH: '1700000000' }).getTime()).toBe(1_700_000_000_000);
    expect(defaultCreationDate({}).toISOString()).toBe('2000-01-01T00:00:00.000Z');
  });

  it('draws a group with opacity as one transparency group', async () => {
    const page = await (await openPdf(pdf)).getPage(1);
    const ops = await page.getOperatorList();
    const groups = ops.fnArray.filter((fn) => fn === pdfjs.OPS.beginGroup);
    expect(groups).toHaveLength(1);
  });

  it('gives each PDF a font of its own that reads the tables the layout decoded, and the same bytes as before any was decoded', async () => {
    const path = FONTS['Alegreya Sans/regular']!.path;
    const tables = (font: object) => (font as { _tables: Record<string, unknown> })._tables;
    const layoutFont = openFont(path);
    const a = documentFont(path);
    const b = documentFont(path);
    expect(a).not.toBe(layoutFont);
    expect(a).not.toBe(b);
    // Decoded once: what one reads, the others find.
    expect(tables(a)).toBe(tables(layoutFont));
    expect(tables(b)).toBe(tables(layoutFont));
    expect(b.unitsPerEm).toBe(layoutFont.unitsPerEm);
    // Glyphs (cached with the characters first looked up) are each document's own.
    expect(a.getGlyph(36)).not.toBe(layoutFont.getGlyph(36));
    // The tables a PDF reads are decoded by the layout's font, which each keeps: none keeps a document's font (and its glyphs) alive.
    for (const tag of ['head', 'hhea', 'maxp', 'hmtx', 'loca', 'post', 'cmap']) expect((tables(layoutFont)[tag] as { parent?: unknown } | undefined)?.parent, tag).toBe(layoutFont);
    // The PDF is the same whichever tables were decoded before it (pdf was made first, in beforeAll).
    expect(Buffer.compare(await render([card, sampleCard(0)]), pdf)).toBe(0);
  });

  it('refuses an empty list of pages and unknown fonts', async () => {
    await expect(renderComponentPdf([])).rejects.toThrow(/at least one/);
    const bad: DisplayList = { width: 50, height: 50, bleed: 0, fonts: {}, items: [{ type: 'text', runs: [shapeRun('a', { size: 9, x: 0, baseline: 9 })] }] };
    await expect(renderComponentPdf([bad])).rejects.toThrow(/Alegreya Sans\/regular/);
  });
});
