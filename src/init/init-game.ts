import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../content/paths.js';
import { idFromFolder } from '../content/ids.js';
import { ID_PATTERN } from '../content/schema/common.js';

export { idFromFolder };
import { starterFiles } from './starter.js';

export type InitResult = { ok: true; id: string; files: string[] } | { ok: false; message: string };


/** Writes the starter game into `target`, all at once: a failure leaves nothing behind. */
export function initGame(target: string, options: { id?: string } = {}): InitResult {
  const id = options.id ?? idFromFolder(path.basename(target));
  if (!new RegExp(ID_PATTERN).test(id)) {
    return { ok: false, message: `"${id}" cannot be a game id: use lower-case letters, digits, "-" and "_"` };
  }
  if (existsSync(target) && readdirSync(target).length > 0) {
    return { ok: false, message: `${target} already exists and is not empty; choose a new folder` };
  }
  const schemaDir = path.relative(target, path.join(PACKAGE_ROOT, 'schemas')).split(path.sep).join('/');
  const files = starterFiles({ id, schemaDir });
  const staging = `${target}.init-${process.pid}`;
  try {
    for (const [rel, text] of Object.entries(files)) {
      const file = path.join(staging, rel);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    if (existsSync(target)) rmSync(target, { recursive: true });
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(staging, target);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    return { ok: false, message: `could not write ${target}: ${(error as Error).message}` };
  }
  return { ok: true, id, files: Object.keys(files) };
}
