import SVGtoPDF from '../../vendor/svg-to-pdfkit.js';
import type { ImageItem } from '../../shared/display-list.js';
import { prepareSvgImage, tintAlpha } from '../image-source.js';
import { clipToShape } from './outline-shape.js';
import { drawIntoForm, drawTransparencyGroup } from './draw-transparency-group.js';
import { callsSize, recordCalls, replayCalls, type SvgCall, type SvgCallStore } from './svg-calls.js';

interface SvgForm {
  name: string;
  xobject: PDFKit.PDFKitReference;
}

/** Each distinct SVG (markup and size) drawn once per document, as a Form XObject. */
const svgForms = new WeakMap<PDFKit.PDFDocument, Map<string, SvgForm>>();

/**
 * The form of each image source (its markup or file), tint and size, per document: the cards
 * of a sheet repeat the same icons, and preparing the markup (tint, viewBox) is not free.
 */
const formsBySource = new WeakMap<PDFKit.PDFDocument, Map<string, Map<string, SvgForm>>>();

/**
 * The pdfkit calls that drew each SVG by markup and size, kept across documents when they can
 * be made again (see svg-calls.ts): a build writes the same art into its sheets, its
 * print-and-play kit and its print-shop files, and svg-to-pdfkit parsed and drew it for each
 * (in a build of the shipped games, SVG art was the larger part of writing PDFs). At most
 * KEPT_CALLS_BYTES of markup and calls, the oldest let go first.
 */
const keptCalls = new Map<string, { calls: readonly SvgCall[]; size: number }>();
const KEPT_CALLS_BYTES = 32 * 1024 * 1024;
let keptCallsBytes = 0;

/** Where each document keeps its calls between builds, when it has somewhere (see keepSvgCallsIn). */
const stores = new WeakMap<PDFKit.PDFDocument, SvgCallStore>();

/** Calls kept and looked for in `store` too while `doc` is drawn: a rebuild draws the art of the faces it did not lay out again without parsing it. */
export function keepSvgCallsIn(doc: PDFKit.PDFDocument, store: SvgCallStore): void {
  stores.set(doc, store);
}

/** The most one drawing's calls may hold to be kept (larger art is drawn afresh each time). */
const MAX_CALLS_BYTES = KEPT_CALLS_BYTES / 4;

function keepCalls(key: string, calls: readonly SvgCall[]): void {
  const size = 2 * key.length + callsSize(calls);
  if (size > MAX_CALLS_BYTES || keptCalls.has(key)) return;
  keptCalls.set(key, { calls, size });
  keptCallsBytes += size;
  for (const [old, kept] of keptCalls) {
    if (keptCallsBytes <= KEPT_CALLS_BYTES) break;
    keptCalls.delete(old);
    keptCallsBytes -= kept.size;
  }
}

/**
 * What an `<image href>` inside SVG art may name: only a PNG or JPEG embedded in the SVG itself.
 * Anything else (a path, file:, http:) would make pdfkit read a file of the machine, so it is
 * refused (pdfkit then fails to open "" and the image is left out).
 */
export function embeddedImageOnly(link: string): string {
  const compact = link.replace(/\s+/g, '');
  return /^data:image\/(png|jpe?g);base64,[A-Za-z0-9+/=]+$/i.test(compact) ? compact : '';
}

/**
 * The SVG drawn at the origin into a Form XObject, made on first use: svg-to-pdfkit parses and
 * draws each distinct image once per document, and every placement is a `Do` of the same form.
 */
function svgForm(doc: PDFKit.PDFDocument, markup: string, width: number, height: number): SvgForm {
  let forms = svgForms.get(doc);
  if (!forms) svgForms.set(doc, (forms = new Map()));
  const key = `${width} ${height}\n${markup}`;
  let form = forms.get(key);
  if (!form) {
    const xobject = drawIntoForm(doc, {}, () => {
      const inMemory = keptCalls.get(key)?.calls;
      if (inMemory) return replayCalls(doc, inMemory);
      const svgToPdf = (target: PDFKit.PDFDocument) =>
        SVGtoPDF(target, markup, 0, 0, { width, height, preserveAspectRatio: 'none', warningCallback: () => undefined, imageCallback: embeddedImageOnly });
      let drawn = false;
      const record = () => {
        drawn = true;
        const made = recordCalls(doc, svgToPdf);
        return made && callsSize(made) <= MAX_CALLS_BYTES ? made : null;
      };
      const store = stores.get(doc);
      const calls = store ? store.calls(key, record) : record();
      if (calls) keepCalls(key, calls);
      if (drawn) return;
      if (calls) replayCalls(doc, calls);
      else svgToPdf(doc);
    });
    form = { name: `PPS${forms.size + 1}`, xobject };
    forms.set(key, form);
  }
  return form;
}

/** Draws an SVG image as vector graphics, stretched to its box. */
function drawSvg(doc: PDFKit.PDFDocument, item: ImageItem, opacity: number): void {
  let sources = formsBySource.get(doc);
  if (!sources) formsBySource.set(doc, (sources = new Map()));
  // Inline markup is one string shared by every item that shows the icon: a cheap key.
  const source = item.source.svg ?? `file:${item.source.path ?? ''}`;
  let variants = sources.get(source);
  if (!variants) sources.set(source, (variants = new Map()));
  const variant = `${item.width} ${item.height} ${item.tint ?? ''} ${item.source.naturalWidth} ${item.source.naturalHeight}`;
  let form = variants.get(variant);
  if (!form) variants.set(variant, (form = svgForm(doc, prepareSvgImage(item.source, item.tint), item.width, item.height)));
  const draw = () => {
    doc.page.xobjects[form.name] = form.xobject;
    doc.save();
    doc.translate(item.x, item.y);
    doc.addContent(`/${form.name} Do`);
    doc.restore();
  };
  if (opacity < 1) drawTransparencyGroup(doc, opacity, draw);
  else draw();
}

/** Draws a PNG, JPEG or SVG image into its box, clipped when the item says so. */
export function drawImage(doc: PDFKit.PDFDocument, item: ImageItem): void {
  const opacity = Math.max(0, Math.min(1, (item.opacity ?? 1) * tintAlpha(item.tint)));
  if (opacity === 0 || item.width <= 0 || item.height <= 0) return;
  doc.save();
  if (item.clip) clipToShape(doc, item.clip);
  if (item.source.kind === 'svg') {
    drawSvg(doc, item, opacity);
  } else {
    if (opacity < 1) doc.fillOpacity(opacity);
    if (!item.source.path) throw new Error(`a ${item.source.kind} image needs a file path`);
    // By path: pdfkit embeds each file once per document however often it is drawn.
    doc.image(item.source.path, item.x, item.y, { width: item.width, height: item.height });
  }
  doc.restore();
}
