import { PDFDict, PDFDocument as LibDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { DisplayList } from '../../src/shared/display-list.js';
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
});
