import PDFDocument from '../../vendor/pdfkit.js';
import type { DisplayList } from '../../shared/display-list.js';
import { drawDisplayList } from './draw-display-list.js';
import { setContentId } from './set-content-id.js';
import { defaultCreationDate } from './creation-date.js';
import { StructureWriter } from './structure-writer.js';
import { writeStringsAsLatin1 } from './latin1-writes.js';
import { turnEvery } from '../../shared/event-loop.js';
import { keepSvgCallsIn } from './draw-image.js';
import type { SvgCallStore } from './svg-calls.js';

export interface ComponentPdfOptions {
  title?: string;
  author?: string;
  /** BCP 47 language of the text, written as the catalog's /Lang. */
  lang?: string;
  /** Defaults to SOURCE_DATE_EPOCH, else 2000-01-01T00:00:00Z: never the clock. */
  creationDate?: Date;
  /**
   * A tagged PDF: the display lists' structure (see GroupItem.structure) as the structure
   * tree in drawing order, everything else marked as artifacts, bookmarks for the headings.
   */
  tagged?: boolean;
  /** Where the pdfkit calls that drew SVG art are kept between builds (see svg-calls.ts). */
  svgCalls?: SvgCallStore;
}

/** Sets TrimBox (the page inset by the bleed) and BleedBox (the whole page) on the current page. */
function setPageBoxes(doc: PDFKit.PDFDocument, list: DisplayList): void {
  const { bleed } = list;
  const width = list.width + 2 * bleed;
  const height = list.height + 2 * bleed;
  const data = doc.page.dictionary.data as Record<string, unknown>;
  data.TrimBox = [bleed, bleed, width - bleed, height - bleed];
  data.BleedBox = [0, 0, width, height];
}

/** The first item of an iterable (sync or async) and an iterator over the rest. */
async function peek<T>(items: Iterable<T> | AsyncIterable<T>): Promise<{ first: IteratorResult<T>; rest: Iterator<T> | AsyncIterator<T> }> {
  const rest = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
  return { first: await rest.next(), rest };
}

/**
 * One PDF page per display list, each page the list's trim plus bleed, with TrimBox and
 * BleedBox, embedded font subsets and real text. The same input gives the same bytes.
 *
 * Pages are streamed: each page is written out (and its content released) when the next one
 * starts, so `lists` may be a generator (sync or async) that makes each list on demand, and
 * memory stays flat however many pages there are.
 */
export async function renderComponentPdf(
  lists: Iterable<DisplayList> | AsyncIterable<DisplayList>,
  options: ComponentPdfOptions = {},
): Promise<Buffer> {
  const { first, rest } = await peek(lists);
  if (first.done) throw new Error('renderComponentPdf needs at least one display list');
  const info: PDFKit.DocumentInfo = {
    Producer: 'pocketpress (PDFKit)',
    Creator: 'pocketpress',
    CreationDate: options.creationDate ?? defaultCreationDate(),
  };
  if (options.title !== undefined) info.Title = options.title;
  if (options.author !== undefined) info.Author = options.author;
  const doc = new PDFDocument({
    autoFirstPage: false,
    // Never keep pages: each one is flushed when the next is added.
    bufferPages: false,
    compress: true,
    pdfVersion: '1.7',
    info,
    displayTitle: options.title !== undefined,
    ...(options.lang ? { lang: options.lang } : {}),
    ...(options.tagged ? { tagged: true } : {}),
    // No default font: pdfkit would load Helvetica's metrics for text nothing draws in it.
    font: null as unknown as string,
  });
  writeStringsAsLatin1(doc);
  // pdfkit numbers fonts from its default one (F1): the fonts drawn with keep their numbers.
  (doc as unknown as { _fontCount: number })._fontCount = 1;
  const structure = options.tagged ? new StructureWriter(doc) : undefined;
  if (options.svgCalls) keepSvgCallsIn(doc, options.svgCalls);
  const chunks: Uint8Array[] = [];
  let length = 0;
  doc.on('data', (chunk: Uint8Array) => {
    chunks.push(chunk);
    length += chunk.length;
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const drawPage = (list: DisplayList) => {
    doc.addPage({ size: [list.width + 2 * list.bleed, list.height + 2 * list.bleed], margin: 0 });
    setPageBoxes(doc, list);
    drawDisplayList(doc, list, { x: list.bleed, y: list.bleed }, structure);
  };
  // A page takes 1–2 ms: the event loop turns between pages every WORK_TURN_MS.
  const turn = turnEvery();
  drawPage(first.value);
  for (let next = await rest.next(); !next.done; next = await rest.next()) {
    drawPage(next.value);
    await turn();
  }
  structure?.finish();
  doc.end();
  await ended;
  // One copy into one buffer; setContentId rewrites the ID in place.
  return setContentId(Buffer.concat(chunks, length));
}
