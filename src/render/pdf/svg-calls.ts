/**
 * The pdfkit calls svg-to-pdfkit makes to draw one SVG, kept so that the same art (markup and
 * size) is drawn into the next PDF by making the same calls again, without parsing the SVG and
 * working out its shapes a second time. Made again on another document, the same calls leave
 * the same bytes and the same objects as drawing did (an opacity's graphics state included,
 * made or found in that document's own registry, as drawing would have).
 *
 * Only drawing that is nothing but such calls is kept: svg-to-pdfkit's groups, masks,
 * patterns, gradients, text, images and links reach into pdfkit's internals (objects made
 * apart, the page's resources written directly), so a drawing that calls anything else, reads
 * any of the document's state but its transformation matrix, or sets anything on it, is not.
 */

const FILL_COLOR = '_fillColor';

/** A value passed to a kept call: numbers, strings, booleans, or arrays and plain objects of them (a dash's `{ phase }`). */
type Plain = number | string | boolean | null | undefined | readonly Plain[] | { readonly [key: string]: Plain };

/** One call: the method's name and its arguments. */
export type SvgCall = readonly [method: string, args: readonly Plain[]];

/** pdfkit's methods whose calls can be kept: they draw into the current page (or form) and touch nothing else but the document's opacity registry. */
const KEPT_METHODS = new Set([
  'save',
  'restore',
  'addContent',
  'transform',
  'translate',
  'scale',
  'rotate',
  'rect',
  'roundedRect',
  'ellipse',
  'circle',
  'polygon',
  'path',
  'moveTo',
  'lineTo',
  'bezierCurveTo',
  'quadraticCurveTo',
  'closePath',
  'fill',
  'stroke',
  'fillAndStroke',
  'clip',
  'lineWidth',
  'lineCap',
  'lineJoin',
  'miterLimit',
  'dash',
  'undash',
  'fillColor',
  'strokeColor',
  'fillOpacity',
  'strokeOpacity',
  'opacity',
]);

/**
 * The document's state a kept drawing may read: the matrix the calls themselves set, and the
 * fill colour, which svg-to-pdfkit reads before drawing and sets back after (the one thing it
 * may set: to the colour it was).
 */
const READABLE = new Set(['_ctm', FILL_COLOR]);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

const isPlain = (value: unknown): value is Plain =>
  value === null ||
  ['number', 'string', 'boolean', 'undefined'].includes(typeof value) ||
  (Array.isArray(value) && value.every(isPlain)) ||
  (isRecord(value) && Object.values(value).every(isPlain));

/** A deep copy, so that neither side changes the other's arrays afterwards. */
function copyOf(value: Plain): Plain {
  if (Array.isArray(value)) return value.map(copyOf);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, copyOf(v as Plain)]));
  return value;
}
const copy = (args: readonly Plain[]): Plain[] => args.map(copyOf);

/**
 * Runs `draw` with a stand-in for `doc` that passes everything through to it and notes the
 * calls; gives the calls when the drawing was nothing but calls that can be kept.
 */
export function recordCalls(doc: PDFKit.PDFDocument, draw: (doc: PDFKit.PDFDocument) => void): SvgCall[] | undefined {
  const calls: SvgCall[] = [];
  let kept = true;
  const target = doc as unknown as Record<string, unknown>;
  const fillColor = target[FILL_COLOR];
  const stand: PDFKit.PDFDocument = new Proxy(doc, {
    get(_, property) {
      const value = target[property as string];
      if (typeof property !== 'string') {
        kept = false;
        return value;
      }
      if (typeof value !== 'function') {
        if (!READABLE.has(property)) kept = false;
        return value;
      }
      const method = value as (...args: unknown[]) => unknown;
      if (!KEPT_METHODS.has(property)) {
        kept = false;
        return method.bind(doc);
      }
      return (...args: unknown[]) => {
        if (args.every(isPlain)) calls.push([property, copy(args)]);
        else kept = false;
        const result = method.apply(doc, args);
        if (result === doc) return stand;
        if (result !== undefined) kept = false;
        return result;
      };
    },
    set(_, property, value) {
      if (property !== FILL_COLOR || value !== fillColor) kept = false;
      target[property as string] = value;
      return true;
    },
    has(_, property) {
      kept = false;
      return property in doc;
    },
  });
  draw(stand);
  return kept ? calls : undefined;
}

/**
 * Calls kept between builds (the build cache): those kept under the art's key, or, when there
 * are none, the ones `record` makes as it draws (null: the drawing cannot be kept), kept in turn.
 */
export interface SvgCallStore {
  calls(key: string, record: () => readonly SvgCall[] | null): readonly SvgCall[] | null;
}

/** Whether a value read back is calls this module keeps: kept methods, plain arguments (anything else is drawn afresh). */
export function isSvgCalls(value: unknown): value is SvgCall[] {
  return (
    Array.isArray(value) &&
    value.every((call) => Array.isArray(call) && call.length === 2 && typeof call[0] === 'string' && KEPT_METHODS.has(call[0]) && Array.isArray(call[1]) && (call[1] as unknown[]).every(isPlain))
  );
}

/** Makes the kept calls again on `doc`, its fill colour set back after them as drawing did. */
export function replayCalls(doc: PDFKit.PDFDocument, calls: readonly SvgCall[]): void {
  const target = doc as unknown as Record<string, unknown>;
  const fillColor = target[FILL_COLOR];
  for (const [method, args] of calls) (target[method] as (...args: Plain[]) => unknown).apply(doc, copy(args));
  target[FILL_COLOR] = fillColor;
}

/** About how many bytes the calls hold (for a bound on what is kept). */
export function callsSize(calls: readonly SvgCall[]): number {
  let size = 0;
  const add = (args: readonly Plain[]) => {
    for (const a of args) size += Array.isArray(a) ? (add(a), 16) : isRecord(a) ? (add(Object.values(a) as Plain[]), 64) : typeof a === 'string' ? 2 * a.length + 16 : 8;
  };
  for (const [, args] of calls) {
    size += 48;
    add(args);
  }
  return size;
}
