import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closestMatch } from '../diagnostics/did-you-mean.js';
import { checkFileAccess } from './file-access.js';

/** The folder pocketpress is installed in (holds package.json, templates/, schemas/). */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The shared templates that ship with pocketpress. */
export const SHARED_TEMPLATES_DIR = path.join(PACKAGE_ROOT, 'templates');

export type PathCheck =
  | { ok: true; absolute: string }
  | { ok: false; code: 'path-outside-game' | 'missing-file'; message: string };

function isAbsoluteAnywhere(p: string): boolean {
  return path.isAbsolute(p) || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\') || p.startsWith('~');
}

function isInside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function nearbyName(absolute: string): string {
  const dir = path.dirname(absolute);
  try {
    const names = readdirSync(dir);
    const match = closestMatch(path.basename(absolute), names, 1);
    return match ? `; did you mean "${path.relative(path.dirname(absolute), path.join(dir, match))}"?` : '';
  } catch {
    return '';
  }
}

/** Checks a path written in a game's content: relative, inside the game folder, and naming a file that exists. */
export function checkGamePath(gameDir: string, written: string): PathCheck {
  if (isAbsoluteAnywhere(written)) {
    return {
      ok: false,
      code: 'path-outside-game',
      message: `"${written}" is an absolute path; write a path relative to the game folder, such as "art/${path.basename(written)}"`,
    };
  }
  const absolute = path.resolve(gameDir, written);
  if (!isInside(gameDir, absolute)) {
    return { ok: false, code: 'path-outside-game', message: `"${written}" leads outside the game folder; keep every file of a game inside its folder` };
  }
  if (!existsSync(absolute)) {
    return { ok: false, code: 'missing-file', message: `there is no file "${written}" in the game folder${nearbyName(absolute)}` };
  }
  const access = checkFileAccess(absolute, [gameDir], written);
  if (!access.ok) return { ok: false, code: access.code === 'not-a-regular-file' || access.code === 'unreadable-file' ? 'missing-file' : access.code, message: access.code === 'not-a-regular-file' ? `${access.message}; name a file of the game folder` : access.message };
  return { ok: true, absolute };
}

/** Finds `<package>/<path>` (an "npm:" font or asset) in node_modules above pocketpress or the game. */
export function resolvePackageFile(spec: string, fromDirs: readonly string[]): string | undefined {
  if (path.isAbsolute(spec) || spec.split(/[\\/]/).includes('..')) return undefined;
  for (const start of [...fromDirs, PACKAGE_ROOT]) {
    let dir = path.resolve(start);
    for (;;) {
      const candidate = path.join(dir, 'node_modules', spec);
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return undefined;
}
