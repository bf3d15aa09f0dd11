import { describe, expect, it } from 'vitest';
import PDFDocument from '../../src/vendor/pdfkit.js';
import { gatheringPageContent } from '../../src/render/pdf/draw-display-list.js';
import { drawIntoForm } from '../../src/render/pdf/draw-transparency-group.js';
import { writeStringsAsLatin1 } from '../../src/render/pdf/latin1-writes.js';

/** pdfkit 0.20.2's private parts these tests look at. */
interface Internals {
  page: { content: { buffer: Uint8Array[]; data: { Length: number }; uncompressedLength: number } };
  _root: unknown;
}

const newDocument = () => {
  const doc = new PDFDocument({ autoFirstPage: false, compress: false, font: null as unknown as string });
  doc.addPage({ size: [100, 100], margin: 0 });
  return doc;
};
const content = (doc: PDFKit.PDFDocument) => Buffer.concat((doc as unknown as Internals).page.content.buffer).toString('latin1');

/** Some drawing through pdfkit: operators, opacity (a graphics state), raw bytes, and a form drawn between them. */
function draw(doc: PDFKit.PDFDocument): void {
  doc.save().rect(1, 2, 3, 4).fillColor([0.5, 0.25, 0], 0.5).fill();
  doc.addContent('BT /F1 12 Tf [<0012> -3 <0045>] TJ ET');
  (doc as unknown as { page: { write(b: Uint8Array): void } }).page.write(Buffer.from('% raw bytes'));
  drawIntoForm(doc, {}, () => doc.rect(5, 6, 7, 8).fill());
  doc.transform(1, 0, 0, -1, 10, 20).restore();
}

describe("a page's content gathered while a face is drawn", () => {
  it('is the very bytes pdfkit writes operator by operator, a form\'s content left to the form', () => {
    const plain = newDocument();
    draw(plain);
    const gathered = newDocument();
    gatheringPageContent(gathered, () => draw(gathered));
    expect(content(gathered)).toBe(content(plain));
    expect(content(gathered)).toContain('1 2 3 4 re\n');
    expect(content(gathered)).toContain('% raw bytes');
    expect(content(gathered)).not.toContain('5 6 7 8 re');
    const page = (doc: PDFKit.PDFDocument) => (doc as unknown as Internals).page.content;
    expect([page(gathered).data.Length, page(gathered).uncompressedLength]).toEqual([page(plain).data.Length, page(plain).uncompressedLength]);
    // After the page's opening transform, written in three pieces (before the raw bytes, the bytes, after them), not one an operator.
    expect(page(gathered).buffer.length).toBe(1 + 3);
    expect(page(plain).buffer.length).toBeGreaterThan(8);
  });

  it('writes the page through pdfkit again once drawn, even after a failure', () => {
    const doc = newDocument();
    expect(() => gatheringPageContent(doc, () => {
      doc.addContent('q');
      throw new Error('drawing failed');
    })).toThrow('drawing failed');
    doc.addContent('Q');
    expect(content(doc)).toBe('1 0 0 -1 0 100 cm\nq\nQ\n');
    // The page's opening transform, the gathered "q", then "Q" written by pdfkit itself.
    expect((doc as unknown as Internals).page.content.buffer.length).toBe(3);
  });
});

/** A whole compressed document with text, colours, opacity, a form and Latin-1 in its info, as bytes. */
async function wholeDocument(patch: boolean): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true, font: null as unknown as string, info: { Title: 'Café \u0141ódź', CreationDate: new Date(0) } });
  if (patch) writeStringsAsLatin1(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(Buffer.from(chunk)));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  for (let page = 0; page < 3; page++) {
    doc.addPage({ size: [100, 100], margin: 0 });
    draw(doc);
    doc.addContent(`% page ${page} \u00e9\u0141`);
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

describe('strings written as latin1', () => {
  it('make the whole document pdfkit makes with its own methods, byte for byte', async () => {
    // pdfkit as this test file loaded it is not patched yet: its own bytes first.
    const own = await wholeDocument(false);
    const patched = await wholeDocument(true);
    expect(patched.length).toBeGreaterThan(1000);
    expect(patched.equals(own)).toBe(true);
  });

  it('are the bytes pdfkit made of them: each character\'s low byte, a line feed after each', () => {
    const doc = newDocument();
    writeStringsAsLatin1(doc);
    const ref = doc.ref({}) as unknown as { write(s: string): void; buffer: Uint8Array[]; data: { Length: number } };
    ref.write('A\u00e9\u0141\u20ac');
    expect([...ref.buffer[0]!]).toEqual([0x41, 0xe9, 0x41, 0xac, 0x0a]);
    expect(ref.data.Length).toBe(5);
    const written: Uint8Array[] = [];
    const document = doc as unknown as { _write(s: string): void; push(chunk: Uint8Array): boolean; _offset: number };
    document.push = (chunk) => written.push(chunk) > 0;
    const offset = document._offset;
    document._write('%\u00ff\u0100');
    expect(written.map((w) => [...w])).toEqual([[0x25, 0xff, 0x00, 0x0a]]);
    expect(document._offset).toBe(offset + 4);
  });
});
