/** pdfkit 0.20.2 internals used here (the same ones svg-to-pdfkit uses for its groups). */
interface DocumentInternals {
  page: PDFKit.PDFPage;
  _ctm: number[];
}

const HUGE = 1e5;
const groupCounts = new WeakMap<PDFKit.PDFDocument, number>();

/**
 * Draws `draw` into a new Form XObject (with `extra` entries in its dictionary) instead of the
 * current page, and returns the finished (already written) object. Inside, the coordinate
 * system is the one the form is painted in, so the form can be painted many times anywhere.
 */
export function drawIntoForm(doc: PDFKit.PDFDocument, extra: Record<string, unknown>, draw: () => void): PDFKit.PDFKitReference {
  const internals = doc as unknown as DocumentInternals;
  const resources = doc.ref({});
  const xobject = doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    FormType: 1,
    BBox: [-HUGE, -HUGE, HUGE, HUGE],
    ...extra,
    Resources: resources,
  });
  xobject.write('');
  const saved = { page: internals.page, ctm: internals._ctm };
  const inner = {
    width: saved.page.width,
    height: saved.page.height,
    write: (chunk: string) => xobject.write(chunk),
    fonts: {} as Record<string, unknown>,
    xobjects: {} as Record<string, unknown>,
    ext_gstates: {} as Record<string, unknown>,
    patterns: {} as Record<string, unknown>,
  };
  internals.page = inner as unknown as PDFKit.PDFPage;
  internals._ctm = [1, 0, 0, 1, 0, 0];
  try {
    draw();
  } finally {
    internals.page = saved.page;
    internals._ctm = saved.ctm;
  }
  const entries: [string, Record<string, unknown>][] = [
    ['Font', inner.fonts],
    ['XObject', inner.xobjects],
    ['ExtGState', inner.ext_gstates],
    ['Pattern', inner.patterns],
  ];
  for (const [key, value] of entries) if (Object.keys(value).length > 0) (resources.data as Record<string, unknown>)[key] = value;
  resources.end(undefined);
  xobject.end(undefined);
  return xobject;
}

/**
 * Draws `draw` into a transparency group (a Form XObject) and paints the group with `opacity`,
 * so overlapping children fade as one image (as SVG's `<g opacity>` does), not one by one.
 */
export function drawTransparencyGroup(doc: PDFKit.PDFDocument, opacity: number, draw: () => void): void {
  const xobject = drawIntoForm(doc, { Group: { S: 'Transparency', CS: 'DeviceRGB', I: true, K: false } }, draw);
  const count = (groupCounts.get(doc) ?? 0) + 1;
  groupCounts.set(doc, count);
  const name = `PPG${count}`;
  doc.page.xobjects[name] = xobject;
  doc.save();
  doc.opacity(opacity);
  doc.addContent(`/${name} Do`);
  doc.restore();
}
