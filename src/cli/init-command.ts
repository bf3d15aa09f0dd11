import path from 'node:path';
import { initGame } from '../init/init-game.js';
import { EXIT, type CliIo } from './io.js';

/** `pocketpress init <dir>`: writes a small game and says how to check it. */
export function initCommand(dir: string, options: { id?: string }, io: CliIo): number {
  const target = path.resolve(io.cwd, dir);
  const result = initGame(target, options);
  if (!result.ok) {
    io.stderr(`pocketpress: ${result.message}\n`);
    return EXIT.usage;
  }
  const shown = path.relative(io.cwd, target) || '.';
  io.stdout(
    `Wrote the game "${result.id}" to ${shown}/ (${result.files.length} files):\n` +
      result.files.map((f) => `  ${f}\n`).join('') +
      `Check it with: pocketpress validate ${shown}\n`,
  );
  return EXIT.ok;
}
