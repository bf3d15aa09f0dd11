import { combinedAlpha, compositeOver, contrastRatio, parseColor } from '../../shared/colors.js';
import type { ClipShape, DisplayItem, DisplayList, GlyphRun, Matrix, TextItem } from '../../shared/display-list.js';
import type { LayoutProblem } from '../../shared/problem.js';
import type { TextSource } from '../template/context.js';
import { multiplyMatrix } from '../../shared/placement.js';
import { BUDGETS, formatBudget } from '../../shared/budgets.js';
import { pointInPath, readPathShape, type PathBox, type PathShape } from './path-shape.js';

/**
 * The legibility of one laid-out face, read from its display list (what prints): each text's
 * WCAG 2 contrast against what is painted behind it, and the size it prints at.
 */

/** WCAG 2 AA: 4.5:1 for body text, 3:1 for large text (18 pt, or 14 pt bold). */
export const BODY_CONTRAST = 4.5;
export const LARGE_CONTRAST = 3;

/** Blank paper: what shows where nothing is painted. */
const PAPER = '#ffffff';

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

const multiply = multiplyMatrix;

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The inverse of a matrix; undefined when it flattens the plane to a line or a point (what it draws covers nothing). */
function invert(m: Matrix): Matrix | undefined {
  const det = m[0] * m[3] - m[1] * m[2];
  if (Math.abs(det) < 1e-12) return undefined;
  const [a, b, c, d, e, f] = m;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

interface Clip {
  shape: ClipShape;
  /** Face coordinates → the clip's own coordinates; undefined for a clip flattened to nothing, which lets nothing through. */
  inverse: Matrix | undefined;
}

/** One item as painted: where it lands on the face, through which clips, with what opacity. */
interface Painted {
  item: Exclude<DisplayItem, { type: 'group' }>;
  matrix: Matrix;
  /** Undefined for an item flattened to a line or a point: it paints nothing. */
  inverse: Matrix | undefined;
  clips: Clip[];
  opacity: number;
}

function flatten(items: readonly DisplayItem[], matrix: Matrix, clips: Clip[], opacity: number, out: Painted[]): void {
  for (const item of items) {
    if (item.type === 'group') {
      const inner = item.transform ? multiply(matrix, item.transform) : matrix;
      const innerClips = item.clip ? [...clips, { shape: item.clip, inverse: invert(inner) }] : clips;
      flatten(item.items, inner, innerClips, opacity * (item.opacity ?? 1), out);
    } else {
      out.push({ item, matrix, inverse: invert(matrix), clips, opacity });
    }
  }
}

function inRoundedRect(x: number, y: number, r: { x: number; y: number; width: number; height: number; radius?: number }): boolean {
  if (x < r.x || y < r.y || x > r.x + r.width || y > r.y + r.height) return false;
  const radius = Math.min(r.radius ?? 0, r.width / 2, r.height / 2);
  if (radius <= 0) return true;
  const cx = Math.min(Math.max(x, r.x + radius), r.x + r.width - radius);
  const cy = Math.min(Math.max(y, r.y + radius), r.y + r.height - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

function inEllipse(x: number, y: number, cx: number, cy: number, rx: number, ry: number): boolean {
  return rx > 0 && ry > 0 && ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
}

/** The shapes of path data read so far (a deck repeats its icons). */
const shapes = new Map<string, PathShape | undefined>();

/** The path edges a face's check has tested points against so far, and the text it ran out at. */
interface Work {
  edgeTests: number;
  outOfBudget: boolean;
}

/** The shape of path data, read once (a deck repeats its icons); undefined when it cannot be read. */
function pathShape(d: string): PathShape | undefined {
  if (!shapes.has(d)) {
    if (shapes.size > 2000) shapes.clear();
    shapes.set(d, readPathShape(d));
  }
  return shapes.get(d);
}

/** Whether the path fills the point; undefined once the face's budget of edge tests is spent (not known here). */
function inPath(x: number, y: number, d: string, rule: 'nonzero' | 'evenodd', work: Work): boolean | undefined {
  const shape = pathShape(d);
  if (shape === undefined) return false;
  const { box } = shape;
  if (x < box.minX || x > box.maxX || y < box.minY || y > box.maxY) return false;
  if (work.edgeTests + shape.edges > BUDGETS.legibilityEdgeTests) {
    work.outOfBudget = true;
    return undefined;
  }
  work.edgeTests += shape.edges;
  return pointInPath(shape, x, y, rule);
}

function inClip(x: number, y: number, clip: Clip): boolean {
  if (!clip.inverse) return false;
  const [lx, ly] = apply(clip.inverse, x, y);
  const s = clip.shape;
  return s.shape === 'ellipse' ? inEllipse(lx, ly, s.x + s.width / 2, s.y + s.height / 2, s.width / 2, s.height / 2) : inRoundedRect(lx, ly, s);
}

type Paint = { fill: string; alpha: number } | 'image' | undefined;

/** What an item paints wherever it paints (the same everywhere): its fill and alpha, 'image' for pictures, undefined for what paints no background (no fill, lines, texts). */
function paintOf(p: Painted): Paint {
  if (!p.inverse) return undefined;
  const item = p.item;
  switch (item.type) {
    case 'rect':
    case 'ellipse':
    case 'path':
      return item.fill ? { fill: item.fill, alpha: combinedAlpha(parseColor(item.fill), item.opacity, p.opacity) } : undefined;
    case 'image':
      return 'image';
    default:
      // Lines and other texts are too thin to be a text's background.
      return undefined;
  }
}

/** What an item paints at a face point: its paint where it covers the point ('image' too for paths past the budget: colours not known), undefined when it leaves the point alone. */
function paintAt(p: Painted, x: number, y: number, work: Work): Paint {
  const { inverse } = p;
  if (!inverse || !p.clips.every((c) => inClip(x, y, c))) return undefined;
  const paint = paintOf(p);
  if (paint === undefined) return undefined;
  const [lx, ly] = apply(inverse, x, y);
  const item = p.item;
  switch (item.type) {
    case 'rect':
    case 'image':
      return inRoundedRect(lx, ly, item) ? paint : undefined;
    case 'ellipse':
      return inEllipse(lx, ly, item.cx, item.cy, item.rx, item.ry) ? paint : undefined;
    case 'path': {
      const inside = inPath(lx, ly, item.d, item.fillRule ?? 'nonzero', work);
      return inside === undefined ? 'image' : inside ? paint : undefined;
    }
    default:
      return undefined;
  }
}

/** A box in face coordinates. */
type Box = PathBox;

/** How far a box is grown before it is compared with shapes: the points in it are then inside or outside whatever the rounding. */
const EDGE = 1e-6;

function boxAround(points: readonly (readonly [number, number])[]): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { minX: minX - EDGE, minY: minY - EDGE, maxX: maxX + EDGE, maxY: maxY + EDGE };
}

/** The box holding every one of `boxes`. */
function unionOf(boxes: readonly Box[]): Box {
  return {
    minX: Math.min(...boxes.map((b) => b.minX)),
    minY: Math.min(...boxes.map((b) => b.minY)),
    maxX: Math.max(...boxes.map((b) => b.maxX)),
    maxY: Math.max(...boxes.map((b) => b.maxY)),
  };
}

/** The four corners of a box, first through `m`. */
function cornersOf(box: Box, m: Matrix = IDENTITY): [number, number][] {
  return [apply(m, box.minX, box.minY), apply(m, box.maxX, box.minY), apply(m, box.maxX, box.maxY), apply(m, box.minX, box.maxY)];
}

const overlap = (a: Box, b: Box) => a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

/** The face box outside which an item paints nothing (its own box through its matrix); undefined when it paints no background anywhere. */
function reachOf(p: Painted): Box | undefined {
  if (paintOf(p) === undefined) return undefined;
  const item = p.item;
  let local: Box;
  switch (item.type) {
    case 'rect':
    case 'image':
      local = { minX: item.x, minY: item.y, maxX: item.x + item.width, maxY: item.y + item.height };
      break;
    case 'ellipse':
      local = { minX: item.cx - item.rx, minY: item.cy - item.ry, maxX: item.cx + item.rx, maxY: item.cy + item.ry };
      break;
    case 'path': {
      const shape = pathShape(item.d);
      if (shape === undefined) return undefined;
      local = shape.box;
      break;
    }
    default:
      return undefined;
  }
  return boxAround(cornersOf(local, p.matrix));
}

/**
 * Whether an item paints every point of a box: the box's four corners inside its clips and its
 * shape. A rounded rectangle and an ellipse are convex, and so is what a matrix makes of them:
 * holding the corners, they hold the box. A path is not known to be convex: never said to.
 */
function coversBox(p: Painted, box: Box): boolean {
  const { item, inverse } = p;
  if (!inverse) return false;
  return cornersOf(box).every(([x, y]) => {
    if (!p.clips.every((c) => inClip(x, y, c))) return false;
    const [lx, ly] = apply(inverse, x, y);
    switch (item.type) {
      case 'rect':
      case 'image':
        return inRoundedRect(lx, ly, item);
      case 'ellipse':
        return inEllipse(lx, ly, item.cx, item.cy, item.rx, item.ry);
      default:
        return false;
    }
  });
}

/** An item under a text that may paint behind it, and the face box it paints in. */
interface Under {
  index: number;
  reach: Box;
}

/** Each item's reach (see reachOf), found when first asked for. */
type Reaches = (Box | null | undefined)[];

/** The items before item `upTo` that paint anywhere in `box`, the topmost first. */
function itemsUnder(painted: readonly Painted[], reaches: Reaches, upTo: number, box: Box): Under[] {
  const under: Under[] = [];
  for (let i = upTo - 1; i >= 0; i--) {
    if (reaches[i] === undefined) reaches[i] = reachOf(painted[i]!) ?? null;
    const reach = reaches[i];
    if (reach && overlap(reach, box)) under.push({ index: i, reach });
  }
  return under;
}

/** Every item before item `upTo`, the topmost first, as reaching the whole face (the exhaustive check). */
function everythingUnder(upTo: number): Under[] {
  const everywhere: Box = { minX: -Infinity, minY: -Infinity, maxX: Infinity, maxY: Infinity };
  return Array.from({ length: upTo }, (_, i) => ({ index: upTo - 1 - i, reach: everywhere }));
}

/** Whether a paint hides what lies under it: a picture, or an opaque fill. */
const hides = (paint: Paint) => paint === 'image' || (paint !== undefined && paint.alpha >= 0.999);

/** The colour behind a stack of paints, the topmost first, over `background`: undefined when a picture shows first. */
function composite(paints: readonly Paint[], background: string): string | undefined {
  const layers: { fill: string; alpha: number }[] = [];
  let base: string | undefined = background;
  for (const paint of paints) {
    if (paint === undefined || (paint !== 'image' && paint.alpha <= 0)) continue;
    if (paint === 'image') return undefined;
    if (paint.alpha >= 0.999) {
      base = paint.fill;
      break;
    }
    layers.push(paint);
  }
  let color = base;
  for (const layer of layers.reverse()) color = compositeOver(layer.fill, layer.alpha, color);
  return color;
}

/**
 * The backdrop of every point of `box` when it is the same at all of them (each item under it
 * paints the whole box or none of it, down to the first that hides the rest): its colour, or
 * undefined over a picture. 'varies' when an item paints part of the box.
 */
function uniformBackdrop(painted: readonly Painted[], under: readonly Under[], box: Box, background: string): string | undefined | 'varies' {
  const paints: Paint[] = [];
  for (const { index, reach } of under) {
    if (!overlap(reach, box)) continue;
    const p = painted[index]!;
    if (!coversBox(p, box)) return 'varies';
    const paint = paintOf(p);
    paints.push(paint);
    if (hides(paint)) break;
  }
  return composite(paints, background);
}

/** The colour painted under a face point by the items `under` it; undefined when a picture is behind it. */
function backdropAt(painted: readonly Painted[], under: readonly Under[], x: number, y: number, background: string, work: Work): string | undefined {
  const paints: Paint[] = [];
  for (const { index, reach } of under) {
    if (x < reach.minX || x > reach.maxX || y < reach.minY || y > reach.maxY) continue;
    const paint = paintAt(painted[index]!, x, y, work);
    paints.push(paint);
    if (hides(paint)) break;
  }
  return composite(paints, background);
}

/** Where a run is sampled down its letters: these shares of its size above the baseline (between baseline and x-height). */
const SAMPLE_HEIGHTS = [0.15, 0.35, 0.55];

/** How many columns of points a run is sampled in: one per em of its width, 2 to 9. */
const columnsOf = (run: GlyphRun) => Math.max(2, Math.min(9, Math.ceil(run.width / Math.max(run.size, 1))));

/** The x of column `c` of a run's sample points, in the run's own coordinates. */
const columnX = (run: GlyphRun, c: number, columns: number) => run.x + (run.width * (c + 0.5)) / columns;

/** Points across the middle of a run's letters, in the run's own coordinates. */
function samplePoints(run: GlyphRun): [number, number][] {
  const columns = columnsOf(run);
  const points: [number, number][] = [];
  for (let c = 0; c < columns; c++) {
    const x = columnX(run, c, columns);
    for (const f of SAMPLE_HEIGHTS) points.push([x, run.baseline - run.size * f]);
  }
  return points;
}

/**
 * The box of a run's sample points on the face (through `m`): the box of the four corners of
 * their grid, which a matrix keeps the corners of. Grown by EDGE, it holds every point however
 * the points were rounded.
 */
function sampleBox(run: GlyphRun, m: Matrix): Box {
  const columns = columnsOf(run);
  const [left, right] = [columnX(run, 0, columns), columnX(run, columns - 1, columns)];
  const [low, high] = [run.baseline - run.size * SAMPLE_HEIGHTS[0]!, run.baseline - run.size * SAMPLE_HEIGHTS.at(-1)!];
  return boxAround([apply(m, left, low), apply(m, right, low), apply(m, right, high), apply(m, left, high)]);
}

export interface RunContrast {
  text: string;
  color: string;
  backdrop: string;
  ratio: number;
  large: boolean;
  size: number;
}

/**
 * The contrast of each run of a text item with what lies behind it. The backdrop is the colour
 * behind at least a quarter of the run's sample points, the worst such; a run over a picture
 * at most of its points is left out (its colours are not known here).
 */
function runContrasts(list: DisplayList, painted: readonly Painted[], reaches: Reaches, index: number, work: Work, exhaustive: boolean): RunContrast[] {
  const p = painted[index]!;
  const text = p.item as TextItem;
  const paperColor = list.background ? compositeOver(list.background, 1, PAPER) : PAPER;
  const out: RunContrast[] = [];
  // Each run's samples, and the items that paint anywhere among them.
  const runs = text.runs.filter((run) => run.text.trim() !== '').map((run) => ({ run, box: sampleBox(run, p.matrix), count: columnsOf(run) * SAMPLE_HEIGHTS.length }));
  if (runs.length === 0) return out;
  const under = exhaustive ? everythingUnder(index) : itemsUnder(painted, reaches, index, unionOf(runs.map((r) => r.box)));
  for (const { run, box, count } of runs) {
    const counts = new Map<string, number>();
    // Mostly, what lies under a run is the same at all its points (a band, the card's ground): found once.
    const uniform = exhaustive ? 'varies' : uniformBackdrop(painted, under, box, paperColor);
    if (uniform !== 'varies') {
      if (uniform !== undefined) counts.set(uniform, count);
    } else {
      for (const [rx, ry] of samplePoints(run)) {
        const [x, y] = apply(p.matrix, rx, ry);
        const behind = backdropAt(painted, under, x, y, paperColor, work);
        if (behind !== undefined) counts.set(behind, (counts.get(behind) ?? 0) + 1);
      }
    }
    const known = [...counts.values()].reduce((a, b) => a + b, 0);
    if (known < count / 2) continue;
    const bold = list.fonts[run.font]?.weight === 'bold';
    const size = run.size * scaleOf(p.matrix);
    const large = size >= 18 || (bold && size >= 14);
    const alpha = combinedAlpha(parseColor(run.color), text.opacity, p.opacity);
    let worst: RunContrast | undefined;
    for (const [backdrop, n] of counts) {
      if (n < count / 4) continue;
      const seen = compositeOver(run.color, alpha, backdrop);
      const ratio = contrastRatio(seen, backdrop);
      if (!worst || ratio < worst.ratio) worst = { text: run.text, color: run.color.slice(0, 7), backdrop, ratio, large, size };
    }
    if (worst) out.push(worst);
  }
  return out;
}

function scaleOf(m: Matrix): number {
  return Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
}

const short = (text: string) => (text.length > 30 ? `${text.slice(0, 27)}...` : text);
const fixed = (n: number, digits = 1) => `${Math.round(n * 10 ** digits) / 10 ** digits}`;

export interface LegibilityRequest {
  list: DisplayList;
  /** The template element of each text of the list. */
  texts: ReadonlyMap<TextItem, TextSource>;
  /** How the face is named in messages: 'item "gold-3"', 'the shared back'. */
  face: string;
  /** Smallest size text may print at, in points. */
  minTextSize: number;
  /**
   * Every sample point tested against every item under its text, without the check's shortcuts
   * (the items that cannot reach a run left out, one backdrop for a run under items that each
   * cover it whole or not at all): slower, the reference those shortcuts are tested against.
   */
  exhaustive?: boolean;
}

/** Low-contrast and too-small text of one face, each at its template element (once per element). */
export function checkFaceLegibility(request: LegibilityRequest): LayoutProblem[] {
  const { list, texts, face, minTextSize } = request;
  const painted: Painted[] = [];
  flatten(list.items, IDENTITY, [], 1, painted);
  const problems: LayoutProblem[] = [];
  const reported = new Set<string>();
  const work: Work = { edgeTests: 0, outOfBudget: false };
  const reaches: Reaches = [];
  painted.forEach((p, index) => {
    if (p.item.type !== 'text') return;
    const source = texts.get(p.item);
    if (!source) return;
    const where = { file: source.file, pointer: source.pointer };
    const key = `${source.file}#${source.pointer}`;
    const spent = work.outOfBudget;
    const runs = runContrasts(list, painted, reaches, index, work, request.exhaustive === true);
    if (work.outOfBudget && !spent) {
      problems.push({
        severity: 'warning',
        code: 'out-of-range',
        message: `on ${face}, the texts from this one on are not measured for contrast over paths: the face's paths ask for more than ${formatBudget(BUDGETS.legibilityEdgeTests)} edge tests; simplify the paths behind the text`,
        ...where,
      });
    }
    const failing = runs
      .map((r) => ({ ...r, needed: r.large ? LARGE_CONTRAST : BODY_CONTRAST }))
      .filter((r) => r.ratio < r.needed)
      .sort((a, b) => a.ratio - b.ratio)[0];
    if (failing && !reported.has(`contrast ${key}`)) {
      reported.add(`contrast ${key}`);
      problems.push({
        severity: 'warning',
        code: 'low-contrast',
        message: `on ${face}, "${short(failing.text)}" prints ${failing.color} on ${failing.backdrop}: a contrast of ${fixed(failing.ratio, 2)}:1, below the ${failing.needed}:1 WCAG 2 asks of ${failing.large ? 'large' : 'body'} text (${fixed(failing.size)} pt)`,
        ...where,
      });
    }
    const scale = scaleOf(p.matrix);
    const smallest = Math.min(...p.item.runs.filter((r) => r.text.trim() !== '').map((r) => r.size * scale));
    if (smallest < minTextSize - 1e-6 && !reported.has(`size ${key}`)) {
      reported.add(`size ${key}`);
      const shrunk = smallest < source.size - 1e-6 ? ` (shrunk from ${fixed(source.size)} pt to fit its box)` : '';
      problems.push({
        severity: 'warning',
        code: 'text-too-small',
        message: `on ${face}, this text prints at ${fixed(smallest, 2)} pt${shrunk}, below the ${minTextSize} pt a reader can rely on; enlarge its box or its size, or shorten it`,
        ...where,
      });
    }
  });
  return problems;
}
