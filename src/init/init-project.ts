import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { idFromFolder } from '../content/ids.js';
import { PACKAGE_ROOT } from '../shared/game-paths.js';
import { initGame, type InitResult } from './init-game.js';

/** The scripts a project gets, unless it already has scripts of those names. */
export const PROJECT_SCRIPTS: Record<string, string> = {
  dev: 'pocketpress preview --open',
  build: 'pocketpress build',
  validate: 'pocketpress validate',
};

const SETTINGS = `# yaml-language-server: $schema=SCHEMA
# pocketpress settings for this project; an option on the command line wins over this file.
content: content     # the folder of games
out: out             # where builds are written
paper: a4            # or letter
dpi: 300             # resolution of the PNGs
duplex: long         # long, short or fold
# languages: [en, fr]
# backOffset: {x: 0mm, y: 0mm}   # what the duplex calibration of your printer says
`;

export type ProjectResult = { ok: true; id: string; files: string[]; scripts: string[] } | { ok: false; message: string };

/**
 * Turns the npm project in `dir` into a pocketpress project: pocketpress.yaml, a starter game in
 * content/<id>/, scripts in package.json (dev, build, validate) and out/ in .gitignore. Nothing
 * the project already has is replaced.
 */
export function initProject(dir: string, options: { id?: string; from?: string } = {}): ProjectResult {
  const packageFile = path.join(dir, 'package.json');
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(readFileSync(packageFile, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    return { ok: false, message: `${packageFile} cannot be read as JSON: ${(error as Error).message}` };
  }
  const settingsFile = path.join(dir, 'pocketpress.yaml');
  if (existsSync(settingsFile) || existsSync(path.join(dir, 'pocketpress.config.yaml'))) {
    return { ok: false, message: `${dir} already has pocketpress settings; add a game with "pocketpress init <name>"` };
  }
  const id = options.id ?? idFromFolder(typeof pkg['name'] === 'string' ? String(pkg['name']).replace(/^@[^/]+\//, '') : path.basename(dir));
  const game: InitResult = initGame(path.join(dir, 'content', id), { id, from: options.from });
  if (!game.ok) return game;
  const schemaDir = path.relative(dir, path.join(PACKAGE_ROOT, 'schemas')).split(path.sep).join('/');
  writeFileSync(settingsFile, SETTINGS.replace('SCHEMA', `${schemaDir}/project.schema.json`));
  const scripts = { ...((pkg['scripts'] as Record<string, string> | undefined) ?? {}) };
  const added = Object.keys(PROJECT_SCRIPTS).filter((name) => scripts[name] === undefined || /no test specified/.test(scripts[name]!));
  for (const name of added) scripts[name] = PROJECT_SCRIPTS[name]!;
  writeFileSync(packageFile, JSON.stringify({ ...pkg, scripts }, null, 2) + '\n');
  const ignore = path.join(dir, '.gitignore');
  const ignored = existsSync(ignore) ? readFileSync(ignore, 'utf8') : '';
  if (!/^\/?out\/?$/m.test(ignored)) writeFileSync(ignore, `${ignored}${ignored && !ignored.endsWith('\n') ? '\n' : ''}out/\n`);
  return { ok: true, id, files: ['pocketpress.yaml', ...game.files.map((f) => `content/${id}/${f}`)], scripts: added };
}
