import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { BUDGETS } from '../shared/budgets.js';
import { checkFileAccess, readCheckedFile, writeWholeUnder } from '../shared/file-access.js';
import { isRecord } from '../shared/is-record.js';
import path from 'node:path';
import { fileStamp } from '../shared/file-stamp.js';
import { stableJson } from '../shared/stable-json.js';

/**
 * "Nothing changed since the last build": a build that finds every file it read and every file
 * it wrote exactly as the last build of the same request left them returns that build's result
 * without loading, checking or laying out anything. A file is judged by its stamp (inode, size,
 * modification and change times to the nanosecond, see fileStamp), as `make` and git judge
 * theirs: an editor's save always gives a new one.
 */

/** Everything under some folders (recursively) and some single files, each with its stamp, in one order. */
export type Stamps = string[];

/** Folders a game never reads from: installed packages and version control. */
const NOT_READ = new Set(['node_modules', '.git']);

function realOrSame(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

function inside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

const isGame = (dir: string): boolean => isFile(path.join(dir, 'game.yaml'));

/**
 * The stamps of every file and folder under `dirs` (a folder by its entries' names), sorted by
 * path, leaving out the folders in `skip`; nothing is opened. A symbolic link to a folder is
 * followed where the build reads through it: a game folder in a folder of games wherever it
 * leads, any other only when it leads inside the game (or folder of games) it lies in — files
 * elsewhere are refused by the build, never read. Each real folder is walked once.
 */
export function folderStamps(dirs: readonly string[], skip: readonly string[] = []): Stamps {
  const out: Stamps = [];
  const skipped = new Set(skip.flatMap((d) => [path.resolve(d), realOrSame(d)]));
  const walked = new Set<string>();
  const walk = (dir: string, within: string, ofGames: boolean) => {
    const real = realOrSame(dir);
    if (skipped.has(path.resolve(dir)) || skipped.has(real) || walked.has(real)) return;
    walked.add(real);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch {
      out.push(`${dir}\0-`);
      return;
    }
    out.push(`${dir}\0${entries.map((e) => e.name).join('/')}`);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isSymbolicLink() && isFolder(full)) {
        // Where the link leads is part of what is read: another target is another input.
        const target = realOrSame(full);
        out.push(`${full}\0->${target}`);
        const game = ofGames && isGame(full);
        if (!NOT_READ.has(entry.name) && (game || inside(within, target))) walk(full, game ? target : within, false);
      } else if (entry.isDirectory()) {
        if (!NOT_READ.has(entry.name)) walk(full, within, false);
      } else out.push(stampOrGone(full));
    }
  };
  for (const dir of [...new Set(dirs)].sort()) walk(dir, realOrSame(dir), !isGame(dir));
  return out;
}

/** A folder's entries by name, or a mark that it is not there. */
function listing(dir: string): string {
  try {
    return `${dir}\0${readdirSync(dir).sort().join('/')}`;
  } catch {
    return `${dir}\0-`;
  }
}

/**
 * Where the `npm:` files (fonts, art) of the games under `roots` are looked for, by the names of
 * the packages installed there: the node_modules folder of each game folder, of each root, of
 * every folder above them and above `more` (pocketpress's own), scopes included. A package
 * installed or removed there may change which file an `npm:` path names, though none of the
 * files read before has changed.
 */
export function packageStamps(roots: readonly string[], more: readonly string[] = []): Stamps {
  const starts = new Set<string>(more.map((d) => path.resolve(d)));
  for (const root of roots) {
    starts.add(path.resolve(root));
    try {
      for (const entry of readdirSync(root, { withFileTypes: true })) if (entry.isDirectory() || entry.isSymbolicLink()) starts.add(path.resolve(root, entry.name));
    } catch {
      // A root that cannot be read is stamped as such by folderStamps.
    }
  }
  const folders = new Set<string>();
  for (const start of starts) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      folders.add(path.join(dir, 'node_modules'));
      if (path.dirname(dir) === dir) break;
    }
  }
  const out: Stamps = [];
  for (const folder of [...folders].sort()) {
    const names = listing(folder);
    out.push(names);
    if (names.endsWith('\0-')) continue;
    for (const name of names.slice(names.indexOf('\0') + 1).split('/')) if (name.startsWith('@')) out.push(listing(path.join(folder, name)));
  }
  return out;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

function stampOrGone(file: string): string {
  try {
    return fileStamp(file);
  } catch {
    return `${file}\0-`;
  }
}

/**
 * How long after a change a file's stamp may still read the same after another change: a
 * clock tick on most file systems, a second or two on some (FAT keeps times to 2 s).
 */
const STAMP_GRANULE_NS = 2_000_000_000n;

/** The sha-256 of a file's bytes when the build may read it (a regular file inside `roots`, within the image budget), else a mark that never matches. */
function contentOf(file: string, roots: readonly string[]): string {
  const access = checkFileAccess(file, roots);
  if (!access.ok || access.size > BUDGETS.imageBytes) return '?';
  try {
    return createHash('sha256').update(readFileSync(access.file)).digest('hex');
  } catch {
    return '?';
  }
}

/**
 * The files among `stamps` changed less than a stamp's granule before `since` (when the stamps
 * were taken), each with the hash of its bytes now: another save within the same granule could
 * leave the same stamp, so the next build compares their bytes too (as git does for a file
 * changed in the second its index was written).
 */
export function recentContents(stamps: Stamps, since: bigint, roots: readonly string[]): string[] {
  const out: string[] = [];
  for (const stamp of stamps) {
    const [file, , , mtime, ctime] = stamp.split('\0');
    if (ctime === undefined || !/^\d+$/.test(mtime!) || !/^\d+$/.test(ctime)) continue;
    if (BigInt(mtime!) >= since - STAMP_GRANULE_NS || BigInt(ctime) >= since - STAMP_GRANULE_NS) out.push(`${file}\0${contentOf(file!, roots)}`);
  }
  return out;
}

/** Whether a file of recentContents still has the bytes it had (a file that could not be hashed never has). */
function sameContent(entry: string, roots: readonly string[]): boolean {
  const file = entry.slice(0, entry.indexOf('\0'));
  return !entry.endsWith('\0?') && `${file}\0${contentOf(file, roots)}` === entry;
}

/** The folders a build reads files from: `dirs`, the folders in them (a game folder may be a link to elsewhere) and `more`. */
export function readRoots(dirs: readonly string[], more: readonly string[] = []): string[] {
  const found = [...dirs, ...more];
  for (const dir of dirs) {
    try {
      for (const entry of readdirSync(dir)) if (isFolder(path.join(dir, entry))) found.push(path.join(dir, entry));
    } catch {
      // A folder that cannot be read gives no files.
    }
  }
  return found;
}

/** What a build read and wrote, and what it found: kept so that the next build of the same request can tell nothing changed. */
export interface UpToDateRecord<R> {
  /** Stamps of the game folders and shared templates, taken before the build read them. */
  inputs: Stamps;
  /** Files the build read outside those folders (fonts, images), with the stamps they had when read. */
  files: Stamps;
  /** Stamps of the output folders as the build left them. */
  outputs: Stamps;
  /** The inputs changed just before they were stamped, with the hash of their bytes then (see recentContents). */
  recent?: string[];
  result: R;
}

/** Where the record of a request is kept: under the cache folder, named by everything the request asks. */
function recordFile(cacheDir: string, key: unknown): string {
  return path.join(cacheDir, 'up-to-date', `${createHash('sha256').update(stableJson(key)).digest('hex').slice(0, 32)}.json`);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

/**
 * The result kept for `key` when nothing it read or wrote has changed since: `inputs` are the
 * stamps of the request's folders now, `outputs` lists the output folders to stamp again, and a
 * result `isResult` refuses is none (a record written over).
 */
export function upToDate<R>(cacheDir: string, key: unknown, inputs: Stamps, outputs: (result: R) => readonly string[], roots: readonly string[] = [], isResult: (value: unknown) => value is R = (value): value is R => value !== undefined): R | undefined {
  const record = readRecord<R>(cacheDir, key);
  if (!record || !Array.isArray(record.inputs) || !Array.isArray(record.files) || !Array.isArray(record.outputs) || !isResult(record.result)) return undefined;
  if (!sameList(record.inputs, inputs)) return undefined;
  if (!record.files.every((stamp) => stampOrGone(stamp.slice(0, stamp.indexOf('\0'))) === stamp)) return undefined;
  if (record.recent !== undefined && !(Array.isArray(record.recent) && record.recent.every((entry) => sameContent(entry, roots)))) return undefined;
  return sameList(record.outputs, folderStamps(outputs(record.result))) ? record.result : undefined;
}

/**
 * The stamps of the output folders as the last build of `key` left them (none without a
 * record): files of out/ this tool wrote and nobody has touched since carry these very stamps.
 */
export function recordedOutputs(cacheDir: string, key: unknown): ReadonlySet<string> {
  const outputs = readRecord(cacheDir, key)?.outputs;
  return new Set(Array.isArray(outputs) ? outputs.filter((s) => typeof s === 'string') : []);
}

/** The most bytes a record may take: one build's stamps and result (its diagnostics among them); a larger file is not one. */
const MAX_RECORD_BYTES = 64 * 1024 * 1024;

/**
 * The record kept for `key`, when there is one this user wrote and not every user may rewrite
 * (a cache folder may be shared): a regular file inside the cache folder, read without
 * following a link or waiting on a FIFO (readCheckedFile), at most MAX_RECORD_BYTES of JSON.
 */
function readRecord<R>(cacheDir: string, key: unknown): Partial<UpToDateRecord<R>> | undefined {
  try {
    const file = recordFile(cacheDir, key);
    const access = checkFileAccess(file, [cacheDir]);
    if (!access.ok) return undefined;
    const info = lstatSync(access.file);
    const uid = process.getuid?.();
    if (!info.isFile() || (uid !== undefined && info.uid !== uid) || (info.mode & 0o002) !== 0) return undefined;
    const bytes = readCheckedFile(access.file, MAX_RECORD_BYTES);
    const record: unknown = bytes && JSON.parse(bytes.toString('utf8'));
    return isRecord(record) ? (record as Partial<UpToDateRecord<R>>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the record of a build that was written; `outputs` are stamped now. Written as the
 * cache's entries are (writeWholeUnder): never through a link the cache folder may hold. False
 * when it could not be kept there (the next build makes everything again).
 */
export function keepUpToDate<R>(cacheDir: string, key: unknown, record: { inputs: Stamps; files: Stamps; outputs: readonly string[]; result: R; recent?: string[] }): boolean {
  return writeWholeUnder(cacheDir, recordFile(cacheDir, key), JSON.stringify({ ...record, outputs: folderStamps(record.outputs) } satisfies UpToDateRecord<R>));
}
