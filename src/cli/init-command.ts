import { existsSync } from 'node:fs';
import path from 'node:path';
import { initGame } from '../init/init-game.js';
import { initProject } from '../init/init-project.js';
import { EXIT, type CliIo } from './io.js';
import { readProject } from './project.js';

/**
 * `pocketpress init <dir>`: in an npm project (a folder with package.json), sets the project up
 * (settings, a starter game in content/, scripts); given a bare name inside a project, adds the
 * game to the project's content folder; else writes a small game into dir.
 */
export async function initCommand(dir: string, options: { id?: string; from?: string }, io: CliIo): Promise<number> {
  const target = path.resolve(io.cwd, dir);
  if (options.from !== undefined) options = { ...options, from: path.resolve(io.cwd, options.from) };
  if (existsSync(path.join(target, 'package.json')) && !existsSync(path.join(target, 'game.yaml'))) {
    const result = initProject(target, options);
    if (!result.ok) {
      io.stderr(`pocketpress: ${result.message}\n`);
      return EXIT.usage;
    }
    const shown = path.relative(io.cwd, target) || '.';
    const run = (script: string) => (result.scripts.includes(script) ? `npm run ${script}` : `npx pocketpress ${script === 'dev' ? 'preview --open' : script}`);
    io.stdout(
      `Set up ${shown}/ for pocketpress with the game "${result.id}" (${result.files.length} files${result.scripts.length > 0 ? `; scripts ${result.scripts.join(', ')} added to package.json` : ''}):\n` +
        result.files.map((f) => `  ${f}\n`).join('') +
        `See it, updated on every save: ${run('dev')}\nBuild the files to print into out/: ${run('build')}\n`,
    );
    return EXIT.ok;
  }
  // A bare name inside a project: the new game goes where the project's games are.
  const settings = /^[^/\\]+$/.test(dir) && dir !== '.' && dir !== '..' ? await readProject(io) : undefined;
  const gameDir = settings?.content?.[0] ? path.join(settings.content[0], dir) : target;
  const result = initGame(gameDir, options);
  if (!result.ok) {
    io.stderr(`pocketpress: ${result.message}\n`);
    return EXIT.usage;
  }
  const shown = path.relative(io.cwd, gameDir) || '.';
  io.stdout(
    `Wrote the game "${result.id}" to ${shown}/ (${result.files.length} files):\n` +
      result.files.map((f) => `  ${f}\n`).join('') +
      `Check it with: pocketpress validate ${settings ? '' : shown}\n`.replace(/ \n$/, '\n'),
  );
  return EXIT.ok;
}
