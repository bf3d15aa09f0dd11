const ARGUMENTS: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };
const TOKEN = /([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|([\s,]+)|(.)/g;

/** Why SVG path data cannot be drawn, or undefined when it can. */
export function pathDataProblem(d: string): string | undefined {
  const commands: { letter: string; numbers: number }[] = [];
  for (const match of d.matchAll(TOKEN)) {
    if (match[4] !== undefined) return `"${match[4]}" cannot stand in path data; use the commands M L H V C S Q T A Z and numbers`;
    if (match[1] !== undefined) commands.push({ letter: match[1], numbers: 0 });
    else if (match[2] !== undefined) {
      const last = commands[commands.length - 1];
      if (!last) return 'path data starts with a command, such as "M 0 0"';
      last.numbers++;
    }
  }
  if (commands.length === 0) return 'the path data has no commands; write e.g. "M 0 0 L 10 0 L 10 10 Z"';
  if (commands[0]!.letter.toLowerCase() !== 'm') return `path data starts with a move ("M x y"), not "${commands[0]!.letter}"`;
  for (const { letter, numbers } of commands) {
    const n = ARGUMENTS[letter.toLowerCase()]!;
    if (n === 0 ? numbers !== 0 : numbers === 0 || numbers % n !== 0) {
      return `"${letter}" takes ${n === 0 ? 'no numbers' : `${n} number${n === 1 ? '' : 's'} (or a multiple)`}, found ${numbers}`;
    }
  }
  return undefined;
}
