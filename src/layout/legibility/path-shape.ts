import { pathArguments, readPathData } from '../../shared/path-data.js';

/**
 * What SVG path data fills, read without a renderer: the data flattened into closed polygons
 * (curves and arcs cut into short straight pieces), their box, and whether a point lies inside
 * under the nonzero or even-odd rule. The legibility check asks it for the colour behind text.
 */

export interface PathBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface PathShape {
  box: PathBox;
  /** Each subpath as x, y pairs, closed (the last point joins the first). */
  polygons: Float64Array[];
  /** The edges of all the polygons: what a point inside the box is tested against. */
  edges: number;
}

/** Straight pieces a curve is cut into; an arc gets one for every 1/32 of a turn. */
const CURVE_STEPS = 16;
const ARC_STEP = Math.PI / 16;

/** The points of an SVG arc after its start (x1, y1), by its centre (SVG 1.1, appendix F.6.5). */
function arcPoints(x1: number, y1: number, a: number[], push: (x: number, y: number) => void): void {
  let [rx, ry] = [Math.abs(a[0]!), Math.abs(a[1]!)];
  const [phi, large, sweep, x2, y2] = [(a[2]! * Math.PI) / 180, a[3]! !== 0, a[4]! !== 0, a[5]!, a[6]!];
  if (rx === 0 || ry === 0 || (x1 === x2 && y1 === y2)) return push(x2, y2);
  const [cos, sin] = [Math.cos(phi), Math.sin(phi)];
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const x = cos * dx + sin * dy;
  const y = -sin * dx + cos * dy;
  const lambda = (x * x) / (rx * rx) + (y * y) / (ry * ry);
  if (lambda > 1) [rx, ry] = [rx * Math.sqrt(lambda), ry * Math.sqrt(lambda)];
  const num = rx * rx * ry * ry - rx * rx * y * y - ry * ry * x * x;
  const coef = (large !== sweep ? 1 : -1) * Math.sqrt(Math.max(0, num / (rx * rx * y * y + ry * ry * x * x)));
  const cx0 = (coef * rx * y) / ry;
  const cy0 = (-coef * ry * x) / rx;
  const cx = cos * cx0 - sin * cy0 + (x1 + x2) / 2;
  const cy = sin * cx0 + cos * cy0 + (y1 + y2) / 2;
  const start = Math.atan2((y - cy0) / ry, (x - cx0) / rx);
  let delta = Math.atan2((-y - cy0) / ry, (-x - cx0) / rx) - start;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  const steps = Math.max(1, Math.ceil(Math.abs(delta) / ARC_STEP));
  for (let i = 1; i < steps; i++) {
    const t = start + (delta * i) / steps;
    push(cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin, cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos);
  }
  push(x2, y2);
}

/** The shape of path data, or undefined when the data cannot be read (it then fills nothing here). */
export function readPathShape(d: string): PathShape | undefined {
  const read = readPathData(d);
  if ('problem' in read) return undefined;
  const commands = read.commands;
  const polygons: Float64Array[] = [];
  let points: number[] = [];
  const box: PathBox = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const push = (px: number, py: number) => {
    points.push(px, py);
    box.minX = Math.min(box.minX, px);
    box.minY = Math.min(box.minY, py);
    box.maxX = Math.max(box.maxX, px);
    box.maxY = Math.max(box.maxY, py);
  };
  const close = () => {
    if (points.length >= 6) polygons.push(Float64Array.from(points));
    points = [];
  };
  const cubicTo = (x0: number, y0: number, c: readonly number[]) => {
    for (let i = 1; i <= CURVE_STEPS; i++) {
      const t = i / CURVE_STEPS;
      const u = 1 - t;
      const [a, b, e, f] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
      push(a * x0 + b * c[0]! + e * c[2]! + f * c[4]!, a * y0 + b * c[1]! + e * c[3]! + f * c[5]!);
    }
  };
  const quadTo = (x0: number, y0: number, c: readonly number[]) => {
    for (let i = 1; i <= CURVE_STEPS; i++) {
      const t = i / CURVE_STEPS;
      const u = 1 - t;
      push(u * u * x0 + 2 * u * t * c[0]! + t * t * c[2]!, u * u * y0 + 2 * u * t * c[1]! + t * t * c[3]!);
    }
  };
  let [x, y, startX, startY] = [0, 0, 0, 0];
  // The last control point of a cubic (C, S) or a quadratic (Q, T), for the smooth variants.
  let cubic: [number, number] | undefined;
  let quad: [number, number] | undefined;
  for (const { letter, args } of commands) {
    const command = letter.toLowerCase();
    const relative = letter !== command.toUpperCase();
    const n = pathArguments(command);
    if (n === 0) {
      close();
      [x, y] = [startX, startY];
      cubic = quad = undefined;
      continue;
    }
    for (let k = 0; k < args.length; k += n) {
      const a = args.slice(k, k + n);
      // Drawing on after a Z, without an M: the new subpath starts where the closed one did.
      if (points.length === 0 && command !== 'm') push(x, y);
      const ox = relative ? x : 0;
      const oy = relative ? y : 0;
      let nextCubic: [number, number] | undefined;
      let nextQuad: [number, number] | undefined;
      if (command === 'm' && k === 0) {
        close();
        [x, y] = [a[0]! + ox, a[1]! + oy];
        [startX, startY] = [x, y];
        push(x, y);
      } else if (command === 'm' || command === 'l') {
        [x, y] = [a[0]! + ox, a[1]! + oy];
        push(x, y);
      } else if (command === 'h') {
        x = a[0]! + ox;
        push(x, y);
      } else if (command === 'v') {
        y = a[0]! + oy;
        push(x, y);
      } else if (command === 'c' || command === 's') {
        const first = command === 'c' ? [a[0]! + ox, a[1]! + oy] : cubic ? [2 * x - cubic[0], 2 * y - cubic[1]] : [x, y];
        const rest = command === 'c' ? a.slice(2) : a;
        const c = [first[0]!, first[1]!, rest[0]! + ox, rest[1]! + oy, rest[2]! + ox, rest[3]! + oy];
        cubicTo(x, y, c);
        nextCubic = [c[2]!, c[3]!];
        [x, y] = [c[4]!, c[5]!];
      } else if (command === 'q' || command === 't') {
        const control: [number, number] = command === 'q' ? [a[0]! + ox, a[1]! + oy] : quad ? [2 * x - quad[0], 2 * y - quad[1]] : [x, y];
        const end = command === 'q' ? [a[2]! + ox, a[3]! + oy] : [a[0]! + ox, a[1]! + oy];
        quadTo(x, y, [...control, end[0]!, end[1]!]);
        nextQuad = control;
        [x, y] = [end[0]!, end[1]!];
      } else if (command === 'a') {
        arcPoints(x, y, [a[0]!, a[1]!, a[2]!, a[3]!, a[4]!, a[5]! + ox, a[6]! + oy], push);
        [x, y] = [a[5]! + ox, a[6]! + oy];
      }
      cubic = nextCubic;
      quad = nextQuad;
    }
  }
  close();
  const finite = [box.minX, box.minY, box.maxX, box.maxY].every(Number.isFinite);
  const edges = polygons.reduce((sum, p) => sum + p.length / 2, 0);
  return finite ? { box, polygons, edges } : undefined;
}

/** Whether (x, y) lies inside the shape under the fill rule: the winding of every subpath around it, closed. */
export function pointInPath(shape: PathShape, x: number, y: number, rule: 'nonzero' | 'evenodd'): boolean {
  const { box } = shape;
  if (x < box.minX || x > box.maxX || y < box.minY || y > box.maxY) return false;
  let winding = 0;
  let crossings = 0;
  for (const p of shape.polygons) {
    const n = p.length / 2;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const [xi, yi, xj, yj] = [p[2 * i]!, p[2 * i + 1]!, p[2 * j]!, p[2 * j + 1]!];
      // An edge from j to i crossing the horizontal line through the point, right of it.
      if (yj <= y !== yi <= y) {
        const cross = (xi - xj) * (y - yj) - (x - xj) * (yi - yj);
        if (yj <= y ? cross > 0 : cross < 0) {
          winding += yj <= y ? 1 : -1;
          crossings++;
        }
      }
    }
  }
  return rule === 'evenodd' ? crossings % 2 === 1 : winding !== 0;
}
