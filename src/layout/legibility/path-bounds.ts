/**
 * The box around SVG path data: every end point and control point it names, and the control
 * points the smooth curves (S, T) reflect. A curve stays inside the hull of its points, so the
 * box holds everything the path fills; a point outside it is not in the path, without asking a
 * renderer. Arcs bulge past their end points: data with an arc (or that does not read plainly)
 * has no box here.
 */
export interface PathBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const ARITY: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, z: 0 };
const TOKEN = /([MmLlHhVvCcSsQqTtZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|[\s,]+|(.)/g;

/** The commands of path data with their numbers, or undefined when it has an arc or cannot be read. */
function readCommands(d: string): { letter: string; args: number[] }[] | undefined {
  const commands: { letter: string; args: number[] }[] = [];
  for (const match of d.matchAll(TOKEN)) {
    if (match[3] !== undefined) return undefined;
    if (match[1] !== undefined) commands.push({ letter: match[1], args: [] });
    else if (match[2] !== undefined) {
      const last = commands[commands.length - 1];
      if (!last) return undefined;
      last.args.push(Number(match[2]));
    }
  }
  for (const { letter, args } of commands) {
    const n = ARITY[letter.toLowerCase()]!;
    if (n === 0 ? args.length !== 0 : args.length === 0 || args.length % n !== 0) return undefined;
  }
  return commands[0]?.letter.toLowerCase() === 'm' ? commands : undefined;
}

export function pathBounds(d: string): PathBox | undefined {
  const commands = readCommands(d);
  if (!commands) return undefined;
  const box: PathBox = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const add = (px: number, py: number) => {
    box.minX = Math.min(box.minX, px);
    box.minY = Math.min(box.minY, py);
    box.maxX = Math.max(box.maxX, px);
    box.maxY = Math.max(box.maxY, py);
  };
  let [x, y, startX, startY] = [0, 0, 0, 0];
  // The last control point of a cubic (C, S) or a quadratic (Q, T), for the smooth variants.
  let cubic: [number, number] | undefined;
  let quad: [number, number] | undefined;
  for (const { letter, args } of commands) {
    const command = letter.toLowerCase();
    const relative = letter !== letter.toUpperCase();
    const n = ARITY[command]!;
    if (n === 0) {
      [x, y] = [startX, startY];
      cubic = quad = undefined;
      continue;
    }
    for (let k = 0; k < args.length; k += n) {
      const a = args.slice(k, k + n);
      const ox = relative ? x : 0;
      const oy = relative ? y : 0;
      let nextCubic: [number, number] | undefined;
      let nextQuad: [number, number] | undefined;
      if (command === 'm' || command === 'l' || command === 't') {
        const [ex, ey] = [a[0]! + ox, a[1]! + oy];
        if (command === 't') {
          const control: [number, number] = quad ? [2 * x - quad[0], 2 * y - quad[1]] : [x, y];
          add(...control);
          nextQuad = control;
        }
        if (command === 'm' && k === 0) [startX, startY] = [ex, ey];
        [x, y] = [ex, ey];
      } else if (command === 'h') {
        x = a[0]! + ox;
      } else if (command === 'v') {
        y = a[0]! + oy;
      } else if (command === 'c') {
        add(a[0]! + ox, a[1]! + oy);
        add(a[2]! + ox, a[3]! + oy);
        nextCubic = [a[2]! + ox, a[3]! + oy];
        [x, y] = [a[4]! + ox, a[5]! + oy];
      } else if (command === 's') {
        add(...(cubic ? ([2 * x - cubic[0], 2 * y - cubic[1]] as const) : ([x, y] as const)));
        add(a[0]! + ox, a[1]! + oy);
        nextCubic = [a[0]! + ox, a[1]! + oy];
        [x, y] = [a[2]! + ox, a[3]! + oy];
      } else if (command === 'q') {
        add(a[0]! + ox, a[1]! + oy);
        nextQuad = [a[0]! + ox, a[1]! + oy];
        [x, y] = [a[2]! + ox, a[3]! + oy];
      }
      add(x, y);
      cubic = nextCubic;
      quad = nextQuad;
    }
  }
  return Number.isFinite(box.minX) && Number.isFinite(box.maxX) && Number.isFinite(box.minY) && Number.isFinite(box.maxY) ? box : undefined;
}
