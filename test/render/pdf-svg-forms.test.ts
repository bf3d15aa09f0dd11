import { PDFDocument as LibDocument, PDFDict, PDFName, PDFRawStream } from 'pdf-lib';
import { inflateSync } from 'node:zlib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DisplayList, ImageItem } from '../../src/shared/display-list.js';

// svg-to-pdfkit as it is, its calls counted: a form made from kept content does not draw the SVG again.
const drawn = vi.hoisted(() => ({ markups: [] as string[] }));
vi.mock('../../src/vendor/svg-to-pdfkit.js', async (original) => {
  const real = ((await original()) as { default: (...args: unknown[]) => void }).default;
  return {
    default: (doc: unknown, markup: string, ...rest: unknown[]) => {
      drawn.markups.push(markup);
      real(doc, markup, ...rest);
    },
  };
});

const { renderComponentPdf } = await import('../../src/render/pdf/render-component-pdf.js');

const DATE = new Date(Date.UTC(2024, 4, 1));
let unique = 0;
/** Art no earlier test drew (the kept calls live as long as the process): its root's id is its own. */
const art = (body: string, id = `art-${unique++}`) => `<svg xmlns="http://www.w3.org/2000/svg" id="${id}" viewBox="0 0 100 100">${body}</svg>`;
const image = (svg: string, x = 10): ImageItem => ({ type: 'image', x, y: 10, width: 50, height: 50, source: { kind: 'svg', svg, naturalWidth: 100, naturalHeight: 100 } });
const page = (...items: ImageItem[]): DisplayList => ({ width: 100, height: 100, bleed: 0, background: '#ffffff', fonts: {}, items });
const render = (lists: DisplayList[]) => renderComponentPdf(lists, { creationDate: DATE });

/** Each form XObject's content stream, inflated. */
async function formContents(pdf: Buffer): Promise<string[]> {
  const lib = await LibDocument.load(pdf);
  return lib.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((o): o is PDFRawStream => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Form') && o.dict.get(PDFName.of('Group')) === undefined)
    .map((stream) => inflateSync(stream.contents).toString('latin1'));
}

beforeEach(() => {
  drawn.markups.length = 0;
});

describe('SVG art written into several PDFs', () => {
  it('is drawn once: the next PDF makes its form by making the kept calls again, byte for byte the same file', async () => {
    const drawing = art('<path d="M10 10 L90 10 L50 90 Z" fill="#8a2be2"/><circle cx="50" cy="40" r="12" fill="none" stroke="#000" stroke-width="3"/>');
    const lists = [page(image(drawing)), page(image(drawing, 30))];
    const first = await render(lists);
    expect(drawn.markups.filter((m) => m.includes('#8a2be2'))).toHaveLength(1);
    const second = await render(lists);
    // Not drawn again, and the same bytes: the same objects in the same order, the same content.
    expect(drawn.markups.filter((m) => m.includes('#8a2be2'))).toHaveLength(1);
    expect(Buffer.compare(first, second)).toBe(0);
    const [content] = await formContents(second);
    // The triangle's path and its fill, the circle's stroke, in the form's own content.
    expect(content).toContain('0.5411764705882353 0.16862745098039217 0.8862745098039215 scn');
    expect(content).toContain('10 10 m\n90 10 l\n50 90 l\nh\nf');
    expect(content).toMatch(/3 w\n[^]*62 40 m\n62 44\.287187 [^]*\nS\n/);
  });

  it('keeps a size apart: the same art at another size is drawn for it', async () => {
    const drawing = art('<rect x="10" y="10" width="80" height="80" fill="#123456"/>');
    await render([page(image(drawing))]);
    await render([page({ ...image(drawing), width: 40, height: 20 })]);
    expect(drawn.markups.filter((m) => m.includes('#123456'))).toHaveLength(2);
  });

  it('keeps an opacity (its graphics state made in each document), draws a gradient again in each PDF', async () => {
    const translucent = art('<rect x="0" y="0" width="100" height="100" fill="#00ff00" fill-opacity="0.5"/>');
    const gradient = art('<defs><linearGradient id="g"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient></defs><rect width="100" height="100" fill="url(#g)"/>');
    const lists = [page(image(translucent)), page(image(gradient))];
    const first = await render(lists);
    const second = await render(lists);
    expect(drawn.markups.filter((m) => m.includes('#00ff00'))).toHaveLength(1);
    expect(drawn.markups.filter((m) => m.includes('linearGradient'))).toHaveLength(2);
    expect(Buffer.compare(first, second)).toBe(0);
    // The forms still name their resources: the opacity's graphics state (ca 0.5), the gradient's pattern.
    const lib = await LibDocument.load(second);
    const objects = lib.context.enumerateIndirectObjects().map(([, object]) => object);
    const resources = objects
      .filter((o): o is PDFRawStream => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Form'))
      .map((form) => lib.context.lookup(form.dict.get(PDFName.of('Resources'))) as PDFDict)
      .flatMap((dict) => dict.keys().map((key) => key.asString()));
    expect(resources).toEqual(expect.arrayContaining(['/ExtGState', '/Pattern']));
    const states = objects.filter((o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('ExtGState'));
    expect(states.map((s) => s.get(PDFName.of('ca'))?.toString())).toContain('0.5');
  });

  it('draws into a PDF that made other opacities first as it would have without the kept calls', async () => {
    const translucentBody = '<rect x="0" y="0" width="100" height="100" fill="#0000aa" fill-opacity="0.25"/>';
    const otherBody = '<circle cx="50" cy="50" r="40" fill="#aa0000" fill-opacity="0.75"/>';
    const translucent = art(translucentBody);
    const other = art(otherBody);
    // Kept from a PDF of its own, then made again after another opacity took the first graphics state's name.
    await render([page(image(translucent))]);
    const replayed = await render([page(image(other)), page(image(translucent))]);
    expect(drawn.markups.filter((m) => m.includes('#0000aa'))).toHaveLength(1);
    // What drawing both afresh gives: kept calls for neither (other ids make new art, the same drawing).
    const fresh = await render([page(image(art(otherBody, 'again-1'))), page(image(art(translucentBody, 'again-2')))]);
    expect(drawn.markups.filter((m) => m.includes('"again-'))).toHaveLength(2);
    expect(Buffer.compare(replayed, fresh)).toBe(0);
    expect((await formContents(replayed)).some((content) => /\/Gs2 gs/.test(content))).toBe(true);
  });
});
