/** How many numbers each SVG path command takes (once, or repeated). */
const ARGUMENTS: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };
const LETTER = /[MmLlHhVvCcSsQqTtAaZz]/;
const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/y;
const SPACE = /[\s,]*/y;

export interface PathCommand {
  letter: string;
  args: number[];
}

/**
 * SVG path data read as Skia reads it: its commands with their numbers, or why it cannot be
 * drawn. An arc's flags (its 4th and 5th numbers) are one digit each, 0 or 1, and may be
 * written with nothing between them and the next number ("a5 5 0 0110 10", as minified SVG
 * has them).
 */
export function readPathData(d: string): { commands: PathCommand[] } | { problem: string } {
  const commands: PathCommand[] = [];
  let at = 0;
  const skip = () => {
    SPACE.lastIndex = at;
    SPACE.exec(d);
    at = SPACE.lastIndex;
  };
  skip();
  while (at < d.length) {
    const char = d[at]!;
    if (LETTER.test(char)) {
      commands.push({ letter: char, args: [] });
      at++;
    } else {
      NUMBER.lastIndex = at;
      const number = NUMBER.exec(d);
      if (!number) return { problem: `"${char}" cannot stand in path data; use the commands M L H V C S Q T A Z and numbers` };
      const last = commands[commands.length - 1];
      if (!last) return { problem: 'path data starts with a command, such as "M 0 0"' };
      if (last.letter.toLowerCase() === 'a' && [3, 4].includes(last.args.length % 7)) {
        if (char !== '0' && char !== '1') return { problem: `the flags of an arc ("${last.letter}": its 4th and 5th numbers) are 0 or 1, found "${number[0]}"` };
        last.args.push(Number(char));
        at++;
      } else {
        last.args.push(Number(number[0]));
        at = NUMBER.lastIndex;
      }
    }
    skip();
  }
  if (commands.length === 0) return { problem: 'the path data has no commands; write e.g. "M 0 0 L 10 0 L 10 10 Z"' };
  if (commands[0]!.letter.toLowerCase() !== 'm') return { problem: `path data starts with a move ("M x y"), not "${commands[0]!.letter}"` };
  for (const { letter, args } of commands) {
    const n = pathArguments(letter);
    if (n === 0 ? args.length !== 0 : args.length === 0 || args.length % n !== 0) {
      return { problem: `"${letter}" takes ${n === 0 ? 'no numbers' : `${n} number${n === 1 ? '' : 's'} (or a multiple)`}, found ${args.length}` };
    }
  }
  return { commands };
}

/** The numbers a path command (any case) takes at a time. */
export function pathArguments(letter: string): number {
  return ARGUMENTS[letter.toLowerCase()]!;
}

/** Why SVG path data cannot be drawn, or undefined when it can. */
export function pathDataProblem(d: string): string | undefined {
  const read = readPathData(d);
  return 'problem' in read ? read.problem : undefined;
}
