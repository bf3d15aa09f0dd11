import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../shared/game-paths.js';
import { idFromFolder } from '../content/ids.js';
import { ID_PATTERN } from '../content/schema/common.js';
import { readGrid } from '../content/sheets/read-grid.js';
import { copySheet, sheetDeckFiles } from './init-from-sheet.js';
import { starterFiles } from './starter.js';

export { idFromFolder };

export type InitResult = { ok: true; id: string; files: string[] } | { ok: false; message: string };


/** Writes the starter game into `target`, all at once: a failure leaves nothing behind. */
export function initGame(target: string, options: { id?: string; from?: string } = {}): InitResult {
  const id = options.id ?? idFromFolder(path.basename(target));
  if (!new RegExp(ID_PATTERN).test(id)) {
    return { ok: false, message: `"${id}" cannot be a game id: use lower-case letters, digits, "-" and "_"` };
  }
  if (existsSync(target) && !statSync(target).isDirectory()) {
    return { ok: false, message: `${target} is a file; choose a new folder for the game` };
  }
  const existing = existsSync(target);
  if (existing && readdirSync(target).length > 0) {
    return { ok: false, message: `${target} already exists and is not empty; choose a new folder` };
  }
  const schemaDir = path.relative(target, path.join(PACKAGE_ROOT, 'schemas')).split(path.sep).join('/');
  const files = starterFiles({ id, schemaDir });
  // From a spreadsheet: a deck that reads it, showing every column.
  let sheet: string | undefined;
  if (options.from !== undefined) {
    sheet = path.resolve(options.from);
    const ext = path.extname(sheet).toLowerCase();
    if (!['.csv', '.xlsx', '.ods'].includes(ext) || !existsSync(sheet)) return { ok: false, message: `${options.from} is not a CSV, XLSX or ODS file` };
    const read = readGrid(sheet, readFileSync(sheet));
    if (!read.ok) return { ok: false, message: `${options.from}: ${read.problem.message}` };
    const schema = (name: string, depth: number) => `# yaml-language-server: $schema=${'../'.repeat(depth)}${schemaDir}/${name}.schema.json\n`;
    const deck = sheetDeckFiles({ sheet, grid: read.grid, schema });
    Object.assign(files, deck.files);
    if (deck.languages.join(',') !== 'en,fr') {
      files['game.yaml'] = files['game.yaml']!.replace('languages: [en, fr]\nsourceLanguage: en', `languages: [${deck.languages.join(', ')}]\nsourceLanguage: ${deck.languages[0]}`);
    }
  }
  // An existing empty folder is filled in place (it may be the one the user stands in); a new
  // one is written beside it first and moved into place, so a failure leaves nothing behind.
  const staging = existing ? target : `${target}.init-${process.pid}`;
  const written: string[] = [];
  try {
    for (const [rel, text] of Object.entries(files)) {
      const file = path.join(staging, rel);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
      written.push(file);
    }
    if (sheet) copySheet(sheet, staging);
    if (!existing) {
      mkdirSync(path.dirname(target), { recursive: true });
      renameSync(staging, target);
    }
  } catch (error) {
    if (existing) for (const entry of readdirSync(target)) rmSync(path.join(target, entry), { recursive: true, force: true });
    else rmSync(staging, { recursive: true, force: true });
    return { ok: false, message: `could not write ${target}: ${(error as Error).message}` };
  }
  return { ok: true, id, files: Object.keys(files) };
}
