import { PDFDict, PDFDocument as LibDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { DisplayList, ImageItem } from '../../src/shared/display-list.js';
import { renderComponentPdf } from '../../src/render/pdf/render-component-pdf.js';
import { sampleCard } from './sample-list.js';

const DATE = new Date(Date.UTC(2024, 4, 1, 12, 0, 0));

/** The indirect Form XObjects a page paints directly, by resource name. */
function pageForms(lib: LibDocument, index: number): Map<string, PDFRef> {
  const resources = lib.getPages()[index]!.node.Resources()!;
  const xobjects = resources.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const forms = new Map<string, PDFRef>();
  for (const [name, value] of xobjects?.entries() ?? []) if (value instanceof PDFRef) forms.set(name.decodeText(), value);
  return forms;
}

describe('renderComponentPdf, streamed', () => {
  it('takes a generator (sync or async) and gives the same bytes as an array', async () => {
    const lists = () => [sampleCard(), sampleCard(0), sampleCard()];
    const fromArray = await renderComponentPdf(lists(), { creationDate: DATE });
    function* sync(): Generator<DisplayList> {
      yield* lists();
    }
    async function* later(): AsyncGenerator<DisplayList> {
      for (const list of lists()) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        yield list;
      }
    }
    expect((await renderComponentPdf(sync(), { creationDate: DATE })).equals(fromArray)).toBe(true);
    expect((await renderComponentPdf(later(), { creationDate: DATE })).equals(fromArray)).toBe(true);
  });

  it('rejects an empty iterable', async () => {
    await expect(renderComponentPdf([])).rejects.toThrow(/at least one display list/);
    await expect(renderComponentPdf((function* () {})())).rejects.toThrow(/at least one display list/);
  });

  it('draws each distinct SVG once and paints it on every page from the same Form XObject', async () => {
    const pdf = await renderComponentPdf([sampleCard(), sampleCard(), sampleCard()], { creationDate: DATE });
    const lib = await LibDocument.load(pdf);
    const svgForms = [0, 1, 2].map((page) => [...pageForms(lib, page)].filter(([name]) => name.startsWith('PPS')));
    expect(svgForms[0]).toHaveLength(1);
    expect(svgForms[1]).toEqual(svgForms[0]);
    expect(svgForms[2]).toEqual(svgForms[0]);
    const form = lib.context.lookup(svgForms[0]![0]![1]);
    expect(form).toBeInstanceOf(PDFRawStream);
    expect((form as PDFRawStream).dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('Form'));
  });

  it('makes one form per tint and size of an SVG, shared by every item that asks for the same', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="currentColor"/></svg>';
    const icon = (tint: string, size: number, x: number): ImageItem => ({ type: 'image', x, y: 10, width: size, height: size, tint, source: { kind: 'svg', svg, naturalWidth: 10, naturalHeight: 10 } });
    const list: DisplayList = {
      width: 200,
      height: 50,
      bleed: 0,
      fonts: {},
      items: [icon('#ff0000', 10, 0), icon('#ff0000', 10, 20), icon('#0000ff', 10, 40), icon('#ff0000', 20, 60), icon('#ff0000', 10, 90)],
    };
    const pdf = await renderComponentPdf([list], { creationDate: DATE });
    const lib = await LibDocument.load(pdf);
    const forms = [...pageForms(lib, 0)].filter(([name]) => name.startsWith('PPS'));
    expect(forms.map(([name]) => name).sort()).toEqual(['PPS1', 'PPS2', 'PPS3']);
    const content = (name: string) => inflateSync((lib.context.lookup(forms.find(([n]) => n === name)![1]) as PDFRawStream).contents).toString('latin1');
    // Made in drawing order: red 10 pt, blue 10 pt, red 20 pt.
    expect(content('PPS1')).toMatch(/\n1 0 0 scn\n/);
    expect(content('PPS2')).toMatch(/\n0 0 1 scn\n/);
    expect(content('PPS3')).toMatch(/\n1 0 0 scn\n/);
    // The clip of each form is its own size: 10 pt and 20 pt (in svg-to-pdfkit's px, × 0.75).
    expect(content('PPS1')).toContain('\n13.333333 13.333333 l\n');
    expect(content('PPS2')).toContain('\n13.333333 13.333333 l\n');
    expect(content('PPS3')).toContain('\n26.666667 26.666667 l\n');
    const streams = lib.context.enumerateIndirectObjects().flatMap(([, o]) => (o instanceof PDFRawStream && o.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode') ? [o] : []));
    const page = streams.map((o) => inflateSync(o.contents).toString('latin1')).find((text) => text.includes(' Do\n'))!;
    expect([...page.matchAll(/\/(PPS\d) Do/g)].map((m) => m[1])).toEqual(['PPS1', 'PPS1', 'PPS2', 'PPS3', 'PPS1']);
  });
});
