import SVGtoPDF from '../../vendor/svg-to-pdfkit.js';
import type { ImageItem } from '../../shared/display-list.js';
import { prepareSvgImage, tintAlpha } from '../image-source.js';
import { clipToShape } from './outline-shape.js';
import { drawIntoForm, drawTransparencyGroup } from './draw-transparency-group.js';

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
    const xobject = drawIntoForm(doc, {}, () =>
      SVGtoPDF(doc, markup, 0, 0, { width, height, preserveAspectRatio: 'none', warningCallback: () => undefined, imageCallback: embeddedImageOnly }),
    );
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
