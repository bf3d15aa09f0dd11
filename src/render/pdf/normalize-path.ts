/**
 * Rewrites SVG path data into absolute M, L, C, A and Z commands only. pdfkit 0.20.2 draws
 * quadratic curves (Q, T) as the wrong cubic ("v" operator with the control point as its
 * second handle) and mis-reflects T, so quadratics become exact cubics here first.
 */
const ARITY: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, A: 7, Z: 0 };
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;

interface Segment {
  command: string;
  args: number[];
}

function parsePath(d: string): Segment[] {
  const segments: Segment[] = [];
  let i = 0;
  let command = '';
  const skip = () => {
    while (i < d.length && /[\s,]/.test(d[i]!)) i++;
  };
  const readNumber = (flag: boolean): number => {
    skip();
    if (flag && (d[i] === '0' || d[i] === '1')) return Number(d[i++]);
    const match = NUMBER.exec(d.slice(i));
    if (!match) throw new Error(`bad path data at ${i}: ${JSON.stringify(d.slice(i, i + 20))}`);
    i += match[0].length;
    return Number(match[0]);
  };
  for (skip(); i < d.length; skip()) {
    if (/[a-z]/i.test(d[i]!)) command = d[i++]!;
    else if (!command) throw new Error(`path data must start with a command: ${JSON.stringify(d.slice(0, 20))}`);
    const arity = ARITY[command.toUpperCase()];
    if (arity === undefined) throw new Error(`unknown path command ${JSON.stringify(command)}`);
    const args: number[] = [];
    for (let k = 0; k < arity; k++) args.push(readNumber(command.toUpperCase() === 'A' && (k === 3 || k === 4)));
    segments.push({ command, args });
    // Extra pairs after M are implicit L; after Z a new command is needed.
    if (command === 'M') command = 'L';
    else if (command === 'm') command = 'l';
    else if (arity === 0) command = '';
  }
  return segments;
}

const fmt = (values: number[]) => values.map((v) => String(Math.round(v * 1e6) / 1e6)).join(' ');

/** Absolute path data with only M, L, C, A and Z. */
export function normalizePath(d: string): string {
  const out: string[] = [];
  let [x, y, startX, startY] = [0, 0, 0, 0];
  // Last control point of a C/S (cubic) or Q/T (quadratic), for the smooth variants.
  let cubic: [number, number] | undefined;
  let quad: [number, number] | undefined;
  const curveTo = (c1x: number, c1y: number, c2x: number, c2y: number, ex: number, ey: number) => {
    out.push(`C${fmt([c1x, c1y, c2x, c2y, ex, ey])}`);
    [x, y] = [ex, ey];
  };
  const quadTo = (qx: number, qy: number, ex: number, ey: number) => {
    const k = 2 / 3;
    curveTo(x + k * (qx - x), y + k * (qy - y), ex + k * (qx - ex), ey + k * (qy - ey), ex, ey);
  };
  for (const { command, args: a } of parsePath(d)) {
    const rel = command === command.toLowerCase();
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    const abs = (i: number) => a[i]! + (i % 2 === 0 ? ox : oy);
    let nextCubic: [number, number] | undefined;
    let nextQuad: [number, number] | undefined;
    switch (command.toUpperCase()) {
      case 'M':
        [x, y] = [abs(0), abs(1)];
        [startX, startY] = [x, y];
        out.push(`M${fmt([x, y])}`);
        break;
      case 'L':
        [x, y] = [abs(0), abs(1)];
        out.push(`L${fmt([x, y])}`);
        break;
      case 'H':
        x = a[0]! + ox;
        out.push(`L${fmt([x, y])}`);
        break;
      case 'V':
        y = a[0]! + oy;
        out.push(`L${fmt([x, y])}`);
        break;
      case 'C':
        nextCubic = [abs(2), abs(3)];
        curveTo(abs(0), abs(1), abs(2), abs(3), abs(4), abs(5));
        break;
      case 'S': {
        const [c1x, c1y] = cubic ? [2 * x - cubic[0], 2 * y - cubic[1]] : [x, y];
        nextCubic = [abs(0), abs(1)];
        curveTo(c1x, c1y, abs(0), abs(1), abs(2), abs(3));
        break;
      }
      case 'Q':
        nextQuad = [abs(0), abs(1)];
        quadTo(abs(0), abs(1), abs(2), abs(3));
        break;
      case 'T': {
        nextQuad = quad ? [2 * x - quad[0], 2 * y - quad[1]] : [x, y];
        quadTo(nextQuad[0], nextQuad[1], abs(0), abs(1));
        break;
      }
      case 'A': {
        const [ex, ey] = [a[5]! + ox, a[6]! + oy];
        // SVG: a zero radius is a straight line, a zero-length arc is nothing.
        if (ex === x && ey === y) break;
        if (a[0] === 0 || a[1] === 0) out.push(`L${fmt([ex, ey])}`);
        else out.push(`A${fmt([Math.abs(a[0]!), Math.abs(a[1]!), a[2]!])} ${a[3]} ${a[4]} ${fmt([ex, ey])}`);
        [x, y] = [ex, ey];
        break;
      }
      case 'Z':
        out.push('Z');
        [x, y] = [startX, startY];
        break;
    }
    cubic = nextCubic;
    quad = nextQuad;
  }
  return out.join(' ');
}
