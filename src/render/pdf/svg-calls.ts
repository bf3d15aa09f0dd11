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

/** A value passed to a kept call: finite numbers, strings, or arrays and plain objects of them (a dash's `{ phase }`). */
type Plain = number | string | readonly Plain[] | { readonly [key: string]: Plain };

/** One call: the method's name and its arguments. */
export type SvgCall = readonly [method: string, args: readonly Plain[]];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === 'string';
/** A colour as svg-to-pdfkit passes it (components), or a fill rule. */
const isColourOrRule = (value: unknown) => isString(value) || (Array.isArray(value) && value.length >= 1 && value.length <= 4 && value.every(isNumber));
const isDashLength = (value: unknown) => isNumber(value) && value > 0;

type Signature = (args: readonly unknown[]) => boolean;
const numbers = (count: number): Signature => (args) => args.length === count && args.every(isNumber);
const between = (min: number, max: number, each: (value: unknown) => boolean): Signature => (args) => args.length >= min && args.length <= max && args.every(each);
const oneString: Signature = (args) => args.length === 1 && isString(args[0]);
const colour: Signature = (args) => (args.length === 1 || (args.length === 2 && isNumber(args[1]))) && isColourOrRule(args[0]);
const capOrJoin: Signature = (args) => args.length === 1 && (isString(args[0]) || isNumber(args[0]));

/**
 * pdfkit's methods whose calls can be kept, each with the arguments it may be given: they draw
 * into the current page (or form) and touch nothing else but the document's opacity registry.
 * A call with other arguments is not kept (and, read back, not made).
 */
const SIGNATURES: Record<string, Signature> = {
  save: numbers(0),
  restore: numbers(0),
  closePath: numbers(0),
  undash: numbers(0),
  addContent: oneString,
  path: oneString,
  transform: numbers(6),
  translate: numbers(2),
  scale: between(1, 2, isNumber),
  rotate: numbers(1),
  rect: numbers(4),
  roundedRect: numbers(5),
  ellipse: between(3, 4, isNumber),
  circle: numbers(3),
  polygon: (args) => args.every((point) => Array.isArray(point) && point.length === 2 && point.every(isNumber)),
  moveTo: numbers(2),
  lineTo: numbers(2),
  bezierCurveTo: numbers(6),
  quadraticCurveTo: numbers(4),
  fill: between(0, 2, isColourOrRule),
  stroke: between(0, 1, isColourOrRule),
  fillAndStroke: between(0, 3, isColourOrRule),
  clip: between(0, 1, isString),
  lineWidth: numbers(1),
  miterLimit: numbers(1),
  lineCap: capOrJoin,
  lineJoin: capOrJoin,
  dash: (args) =>
    args.length >= 1 &&
    args.length <= 2 &&
    (isDashLength(args[0]) || (Array.isArray(args[0]) && args[0].every(isDashLength))) &&
    (args.length === 1 || (isRecord(args[1]) && Object.entries(args[1]).every(([key, value]) => (key === 'phase' || key === 'space') && isNumber(value)))),
  fillColor: colour,
  strokeColor: colour,
  fillOpacity: numbers(1),
  strokeOpacity: numbers(1),
  opacity: numbers(1),
};

/**
 * The document's state a kept drawing may read: the matrix the calls themselves set, and the
 * fill colour, which svg-to-pdfkit reads before drawing and sets back after (the one thing it
 * may set: to the colour it was).
 */
const READABLE = new Set(['_ctm', FILL_COLOR]);

/** The arguments as a call keeps them: trailing ones left out (undefined) dropped, so that they read back from JSON as they were. */
function keptArgs(method: string, args: readonly unknown[]): Plain[] | undefined {
  let end = args.length;
  while (end > 0 && args[end - 1] === undefined) end--;
  const given = args.slice(0, end);
  return Object.hasOwn(SIGNATURES, method) && SIGNATURES[method]!(given) ? copy(given as Plain[]) : undefined;
}

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
      if (!Object.hasOwn(SIGNATURES, property)) {
        kept = false;
        return method.bind(doc);
      }
      return (...args: unknown[]) => {
        const keep = keptArgs(property, args);
        if (keep) calls.push([property, keep]);
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

/**
 * Whether a value read back is calls this module keeps: kept methods with the arguments each
 * takes, every `save` restored and no `restore` of what was saved before them (anything else,
 * damaged or put there, is drawn afresh).
 */
export function isSvgCalls(value: unknown): value is SvgCall[] {
  if (!Array.isArray(value)) return false;
  let depth = 0;
  for (const call of value) {
    if (!Array.isArray(call) || call.length !== 2 || !isString(call[0]) || !Array.isArray(call[1])) return false;
    const [method, args] = call as [string, unknown[]];
    if (keptArgs(method, args)?.length !== args.length) return false;
    if (method === 'save') depth++;
    if (method === 'restore' && --depth < 0) return false;
  }
  return depth === 0;
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
