import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Whether a file may be read, and why not. */
export type FileAccess =
  | { ok: true; file: string; size: number }
  | { ok: false; code: 'path-outside-game' | 'not-a-regular-file' | 'missing-file' | 'unreadable-file'; message: string };

/** What the system's realpath may say of a path that any realpath would refuse as well. */
const REFUSED = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EACCES']);

/**
 * A path with its links followed: by the system's realpath (one call, where Node's own looks at
 * each folder of the path in turn), or by Node's where the system's fails otherwise than any
 * would (Windows volumes its mount manager does not know, where it says EISDIR).
 */
export function realPath(file: string): string {
  try {
    return realpathSync.native(file);
  } catch (error) {
    if (REFUSED.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    return realpathSync(file);
  }
}

/** Whether `child` is `parent` or lies inside it. */
export function within(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * The one rule for every file a build reads from a game: once its symbolic links are followed
 * it lies inside one of `roots` (the game folder, or the shared templates), and it is a regular
 * file — never a folder, a FIFO, a device or a socket, which could block or never end.
 * Checked before the file is opened, so nothing of a refused file is read or printed. Links are
 * followed by realPath (a build checks thousands of files).
 */
export function checkFileAccess(file: string, roots: readonly string[], shown = path.basename(file)): FileAccess {
  return checkFileAccessIn(file, realRoots(roots), shown);
}

/** The real paths of `roots` that exist, once each is resolved: what checkFileAccessIn takes. */
export function realRoots(roots: readonly string[]): string[] {
  return roots.flatMap((r) => {
    try {
      return [realPath(r)];
    } catch {
      return [];
    }
  });
}

/** checkFileAccess, for roots whose real paths are known already (a store that checks every entry of one folder resolves it once). */
export function checkFileAccessIn(file: string, realRoots: readonly string[], shown = path.basename(file)): FileAccess {
  let real: string;
  try {
    real = realPath(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES') return { ok: false, code: 'unreadable-file', message: `"${shown}" cannot be read: permission denied` };
    return { ok: false, code: 'missing-file', message: code === 'ELOOP' ? `"${shown}" is a loop of symbolic links` : `there is no file "${shown}"` };
  }
  if (!realRoots.some((r) => within(r, real))) {
    return { ok: false, code: 'path-outside-game', message: `"${shown}" is a link to a file outside the game folder; keep every file of a game inside its folder` };
  }
  const info = statSync(real);
  if (!info.isFile()) {
    const what = info.isDirectory() ? 'a folder' : info.isFIFO() ? 'a named pipe' : info.isSocket() ? 'a socket' : 'a device';
    return { ok: false, code: 'not-a-regular-file', message: `"${shown}" is ${what}, not a file` };
  }
  return { ok: true, file: real, size: info.size };
}

/** Opened for reading without following a link at the end of the path nor waiting for a FIFO's writer (where the system has these flags). */
const READ_CHECKED = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * The bytes of a file checked before (the real path checkFileAccess gave), read only if it
 * still is a regular file of at most `maxBytes` once opened; undefined otherwise (gone, replaced
 * by a link, a folder or a FIFO, grown). What is checked and what is read may be apart in time
 * (another thread reads it): opening never follows a link nor blocks on a FIFO, and the file
 * is looked at again once it is open.
 */
export function readCheckedFile(real: string, maxBytes = Infinity): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(real, READ_CHECKED);
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > maxBytes) return undefined;
    const bytes = Buffer.allocUnsafe(info.size);
    let read = 0;
    while (read < bytes.length) {
      const n = readSync(fd, bytes, read, bytes.length - read, read);
      if (n === 0) return undefined;
      read += n;
    }
    return bytes;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** What may stand where a file is kept, or on the way there, that keeps it from being written: nothing is kept, and the work goes on. */
const NOT_KEPT = new Set(['EISDIR', 'ENOTEMPTY', 'EEXIST', 'ENOTDIR', 'ENOENT', 'EACCES', 'EPERM', 'ELOOP']);

/**
 * Writes `bytes` whole to `file`, inside the folder `realRoot` (a real path), as a store that a
 * stranger may have filled (a build cache that came with a game) must: every folder between
 * them is a real folder (made when missing; one that is a link, or not a folder, and nothing is
 * written), the bytes go to a temporary file of a name of its own created for them alone
 * (never through a link or a file left at that name), which is then renamed into place (over
 * whatever was there, a link included, never through it). False when nothing was kept for
 * such a reason; a full disk and other failures are thrown.
 */
function writeWholeInside(realRoot: string, file: string, bytes: string | Uint8Array): boolean {
  const relative = path.relative(realRoot, file);
  if (relative === '' || !within(realRoot, file)) return false;
  const parts = relative.split(path.sep);
  let temporary: string | undefined;
  try {
    let folder = realRoot;
    for (const part of parts.slice(0, -1)) {
      folder = path.join(folder, part);
      try {
        mkdirSync(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const info = lstatSync(folder);
      if (!info.isDirectory()) return false;
    }
    temporary = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(temporary, bytes, { flag: 'wx' });
    renameSync(temporary, file);
    return true;
  } catch (error) {
    if (!NOT_KEPT.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    if (temporary) rmSync(temporary, { force: true });
    return false;
  }
}

/**
 * writeWholeInside, into the folder `folder` (made when missing, its links followed once): false
 * as well when its place is taken (a file, a broken link) and nothing can be kept there.
 */
export function writeWholeUnder(folder: string, file: string, bytes: string | Uint8Array): boolean {
  let root: string;
  try {
    mkdirSync(folder, { recursive: true });
    root = realPath(folder);
  } catch (error) {
    if (NOT_KEPT.has((error as NodeJS.ErrnoException).code ?? '')) return false;
    throw error;
  }
  return writeWholeInside(root, path.join(root, path.relative(folder, file)), bytes);
}

/** `file` with the links of the part of it that exists followed (the rest as it is written). */
export function realAsFarAsItIs(file: string): string {
  const absolute = path.resolve(file);
  for (let head = absolute, tail = ''; ; ) {
    try {
      return path.join(realPath(head), tail);
    } catch {
      const parent = path.dirname(head);
      if (parent === head) return absolute;
      tail = path.join(path.basename(head), tail);
      head = parent;
    }
  }
}
