import { type BigIntStats, chmodSync, constants, copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sha256, type FileFacts, type KeptFile, type Manifest, type ManifestEntry, type OutputFile } from '../shared/output-file.js';
import { manifestEntry } from './manifest.js';
import { MANIFEST_FILE } from '../shared/output-names.js';
import { fileStamp, stampOf } from '../shared/file-stamp.js';
import { realPath } from '../shared/file-access.js';

/** The output cannot be written where it was asked to go; nothing was changed. */
export class OutputError extends Error {
  override name = 'OutputError';
}

const STAGING_PREFIX = '.staging-';
const JOURNAL_PREFIX = '.commit-';

/** One planned move of a commit: the staged folder goes to `to`; what was there waits in `old`. */
interface Swap {
  to: string;
  staged: string;
  old: string;
}

function removeQuietly(target: string): void {
  try {
    rmSync(target, { recursive: true, force: true });
  } catch {
    // Best effort: a leftover staging folder is named as such and removed by the next build.
  }
}

/** A folder we may replace: absent, empty, or one a build wrote (it holds our manifest.json). */
function replaceable(dir: string): boolean {
  if (!existsSync(dir)) return true;
  if (!statSync(dir).isDirectory()) return false;
  const entries = readdirSync(dir);
  return entries.length === 0 || entries.includes(MANIFEST_FILE);
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Finishes the commit a killed build left half done, from its journal: every folder whose new
 * version is still staged is moved into place (the build had succeeded before its commit
 * began), and a folder found missing gets its old version back. Then staging folders of
 * processes that no longer run are removed.
 */
export function recoverOutput(out: string): void {
  if (!existsSync(out)) return;
  for (const name of readdirSync(out)) {
    const match = new RegExp(`^\\${JOURNAL_PREFIX}(\\d+)\\.json$`).exec(name);
    if (!match || processAlive(Number(match[1]))) continue;
    const journal = path.join(out, name);
    let swaps: Swap[] = [];
    try {
      swaps = (JSON.parse(readFileSync(journal, 'utf8')) as { swaps: Swap[] }).swaps;
    } catch {
      // A journal cut off while being written: no move had started.
    }
    for (const swap of swaps) {
      if (existsSync(swap.staged)) {
        // Every staged folder was whole before the journal was written: finish the commit.
        if (existsSync(swap.to)) renameSync(swap.to, existsSync(swap.old) ? `${swap.old}-again` : swap.old);
        mkdirSync(path.dirname(swap.to), { recursive: true });
        renameSync(swap.staged, swap.to);
      } else if (!existsSync(swap.to) && existsSync(swap.old)) {
        renameSync(swap.old, swap.to);
      }
    }
    rmSync(journal, { force: true });
  }
  for (const name of readdirSync(out)) {
    const match = new RegExp(`^(?:\\${STAGING_PREFIX}(\\d+)-|\\${JOURNAL_PREFIX}(\\d+)\\.json\\.tmp$)`).exec(name);
    if (match && !processAlive(Number(match[1] ?? match[2]))) removeQuietly(path.join(out, name));
  }
}

/** The largest manifest.json of an earlier build read to reuse its files (10 000 cards: ~10 MB). */
const MANIFEST_LIMIT = 64 * 1024 * 1024;

/**
 * The files an earlier build left in a game × language folder of `out`, as its manifest lists
 * them. Only files this tool wrote and nobody touched since are given: their stamps (inode,
 * size, modification and change times: see fileStamp) and the manifest's are among `trusted`,
 * the stamps the last build of the same request took of its output when it was done (kept in
 * the cache folder, see up-to-date.ts). A file written, replaced, unpacked from an archive or
 * given another mode or owner has another change time, which nothing in out/ can set back (a
 * write through a shared memory mapping may leave it: the stamps make and git trust too).
 */
export class PreviousFolder {
  private files: Map<string, { sha256: string; bytes: number }> | undefined;
  private readonly dir: string;
  private readonly mode = writtenMode();

  /** The folder `<game>/<lang>` of `out`. */
  constructor(
    private readonly out: string,
    game: string,
    lang: string,
    private readonly trusted: ReadonlySet<string>,
  ) {
    this.dir = path.join(out, game, lang);
  }

  /**
   * The earlier build's file at `relative` (its real path) when it holds the bytes with
   * `digest`: the manifest lists it with that digest and size, it is a regular file inside the
   * folder once links are resolved, of the mode and owner a file written now gets, and it is
   * as the last build left it (trusted stamps). Its bytes are not read.
   */
  unchanged(relative: string, digest: string, size: number): { file: string; info: BigIntStats } | undefined {
    if (this.trusted.size === 0) return undefined;
    const listed = this.listed().get(relative);
    if (!listed || listed.sha256 !== digest || listed.bytes !== size) return undefined;
    const file = path.join(this.dir, relative);
    try {
      // One look at the file gives its stamp, size, owner and mode: the file linked is then
      // told by its inode to be this one (another build committing meanwhile swaps folders).
      const info = lstatSync(file, { bigint: true });
      if (!info.isFile() || info.size !== BigInt(size) || !this.trusted.has(stampOf(file, info))) return undefined;
      const uid = process.getuid?.();
      if ((uid !== undefined && info.uid !== BigInt(uid)) || (Number(info.mode) & 0o7777) !== this.mode) return undefined;
      // Reached through no link: the file is one (looked at above), and so is each folder between it and the folder replaced.
      return this.realFolders(path.dirname(relative)) ? { file, info } : undefined;
    } catch {
      // Gone meanwhile (another build's commit): copied from the cache instead.
      return undefined;
    }
  }

  /** Whether each folder of `relative` (a folder inside this one) is a folder, not a link to one: looked at once per build. */
  private realFolders(relative: string): boolean {
    if (relative === '.' || relative === '') return true;
    let known = this.folders.get(relative);
    if (known === undefined) {
      const info = lstatSync(path.join(this.dir, relative), { throwIfNoEntry: false });
      known = info !== undefined && info.isDirectory() && this.realFolders(path.dirname(relative));
      this.folders.set(relative, known);
    }
    return known;
  }

  private readonly folders = new Map<string, boolean>();

  private listed(): Map<string, { sha256: string; bytes: number }> {
    if (this.files) return this.files;
    this.files = new Map();
    try {
      // The folder itself, not a link to one elsewhere.
      if (realPath(this.dir) !== path.join(realPath(this.out), path.relative(this.out, this.dir))) return this.files;
      const manifest = path.join(this.dir, MANIFEST_FILE);
      const stat = lstatSync(manifest, { throwIfNoEntry: false });
      if (!stat?.isFile() || stat.size > MANIFEST_LIMIT || !this.trusted.has(fileStamp(manifest))) return this.files;
      const { files } = JSON.parse(readFileSync(manifest, 'utf8')) as { files?: unknown };
      if (!Array.isArray(files)) return this.files;
      for (const f of files as Partial<ManifestEntry>[]) {
        if (typeof f?.path === 'string' && typeof f.sha256 === 'string' && typeof f.bytes === 'number') this.files.set(f.path, { sha256: f.sha256, bytes: f.bytes });
      }
    } catch {
      // An unreadable manifest: nothing is reused, every file comes from the cache.
      this.files.clear();
    }
    return this.files;
  }
}

/**
 * The mode a file written now gets (0666 less the umask), read once per folder of a build:
 * process.umask() sets the mask to read it, two calls to the system for every file linked or copied.
 */
const writtenMode = () => 0o666 & ~process.umask();

/** A copy of a file the cache holds, with the mode of a file written here (not the cache's: a cache restored read-only). */
function copyKept(kept: KeptFile, target: string, mode: number): void {
  // A copy-on-write clone where the file system makes them (Btrfs, XFS, APFS): instant, and still a file of its own.
  copyFileSync(kept.file, target, constants.COPYFILE_FICLONE);
  chmodSync(target, mode);
}

/** The files of one game × language, written to the staging folder as they are made. */
export class FolderWriter {
  readonly entries: ManifestEntry[] = [];

  constructor(
    readonly game: string,
    readonly lang: string,
    private readonly dir: string,
    private readonly isOpen: () => boolean,
    /** Files are counted in the manifest but not written (a rehearsed build). */
    private readonly discard = false,
    /** What the folder this one replaces holds. */
    private readonly previous?: PreviousFolder,
  ) {}

  /** The mode of a file written here. */
  private readonly mode = writtenMode();

  /** Files linked from the folder this one replaces: their stamps once linked, and the cache's copy. */
  private readonly linked = new Map<string, { stamp: string; kept: KeptFile }>();

  /** Writes a file; its digest is taken here unless given (`digest`, of these very bytes). */
  add(file: OutputFile, digest?: string): void {
    const target = this.target(file.path);
    if (!this.discard) writeFileSync(target, file.bytes);
    this.entries.push(manifestEntry(file.path, file.entry, digest ?? sha256(file.bytes), file.bytes.length));
  }

  /**
   * A file the build cache holds already, its digest as the cache keeps it (never read, never
   * hashed again). When the folder this one replaces has the same file as the last build left
   * it, it is linked from there: the commit then removes the old name, and the file stays one
   * of its own. Otherwise it is copied from the cache by the system.
   */
  copy(relative: string, kept: KeptFile, entry: FileFacts): void {
    const target = this.target(relative);
    if (!this.discard && !this.linkPrevious(relative, kept, target)) copyKept(kept, target, this.mode);
    this.entries.push(manifestEntry(relative, entry, kept.sha256, kept.size));
  }

  private linkPrevious(relative: string, kept: KeptFile, target: string): boolean {
    const earlier = this.previous?.unchanged(relative, kept.sha256, kept.size);
    if (!earlier) return false;
    try {
      linkSync(earlier.file, target);
    } catch {
      // A file system without hard links, or the file gone meanwhile: copied instead.
      return false;
    }
    // The very file checked, as it was (a link put in its place meanwhile would be linked as a link).
    const made = lstatSync(target, { bigint: true });
    const { info } = earlier;
    if (!made.isFile() || made.ino !== info.ino || made.dev !== info.dev || made.size !== info.size || made.mtimeNs !== info.mtimeNs) {
      rmSync(target, { force: true });
      return false;
    }
    // A regular file: the look just taken is its stamp.
    this.linked.set(target, { stamp: stampOf(target, made), kept });
    return true;
  }

  /**
   * Before the commit: a linked file is still the earlier build's file under its old name too,
   * until the commit removes that name; one written there meanwhile (in place) is replaced by
   * the cache's copy, so that the folder holds what its manifest says.
   */
  settleLinks(): void {
    for (const [target, { stamp, kept }] of this.linked) {
      if (fileStamp(target) === stamp) continue;
      const fresh = `${target}.${process.pid}.tmp`;
      copyKept(kept, fresh, this.mode);
      renameSync(fresh, target);
    }
    this.linked.clear();
  }

  /** The folders of the staging folder made so far. */
  private readonly made = new Set<string>();

  /** The paths given to a file so far (the manifest's from the start), and the folders they lie in. */
  private readonly filesAt = new Set<string>([MANIFEST_FILE]);
  private readonly foldersAt = new Set<string>();

  /**
   * Takes `within` (the path of a file, relative to this folder) for one file: a second file
   * there, a file where a folder of others is, or one inside another file would make one output
   * take the place of another (and the manifest list both).
   */
  private claim(within: string, relative: string): void {
    const clash = () => new OutputError(`${this.game}/${this.lang}: two files of this build would be written to ${relative}`);
    if (this.filesAt.has(within) || this.foldersAt.has(within)) throw clash();
    for (let folder = path.dirname(within); folder !== '.' && !this.foldersAt.has(folder); folder = path.dirname(folder)) {
      if (this.filesAt.has(folder)) throw clash();
      this.foldersAt.add(folder);
    }
    this.filesAt.add(within);
  }

  /** Where a file of this folder goes in the staging folder, its folder made (once). */
  private target(relative: string): string {
    // After a failure or an abort the staging folder is gone: no worker writes into it again.
    if (!this.isOpen()) throw new OutputError('the build was stopped; nothing more is written');
    const target = path.join(this.dir, relative);
    // A path from anywhere (a cache's index comes with a project) never reaches out of the folder.
    const within = path.relative(this.dir, target);
    if (path.isAbsolute(relative) || within === '' || within === '..' || within.startsWith(`..${path.sep}`) || path.isAbsolute(within)) throw new OutputError(`${relative} is not a path inside the output folder`);
    this.claim(within, relative);
    const folder = path.dirname(target);
    if (!this.discard && !this.made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.made.add(folder);
    }
    return target;
  }

  /** A file written earlier in this build (undefined when files are not written). */
  read(relative: string): Buffer | undefined {
    return this.discard ? undefined : readFileSync(path.join(this.dir, relative));
  }

  get folder(): string {
    return this.dir;
  }
}

/**
 * Writes a build into a staging folder inside `out`, file by file (nothing is held in
 * memory), then moves each game × language folder into place on commit. Abort, a failure, or
 * an interrupted build leave `out` as it was; a build killed during its commit leaves a
 * journal that the next build finishes (recoverOutput).
 */
export class OutputWriter {
  private readonly staging: string;
  private readonly folders: FolderWriter[] = [];
  private open = true;

  /**
   * With `discard`, the build is rehearsed: folders are made in the staging folder, files are
   * counted but not written, and nothing is committed. `trusted`: the stamps the last build of
   * the same request took of its output (see PreviousFolder); without them every file the
   * cache holds is copied.
   */
  constructor(
    private readonly out: string,
    private readonly discard = false,
    private readonly trusted: ReadonlySet<string> = new Set(),
  ) {
    this.staging = path.join(out, `${STAGING_PREFIX}${process.pid}-${Date.now()}`);
  }

  /** Finishes an interrupted earlier commit, then refuses an output that cannot be written, before anything is made. */
  prepare(folders: { game: string; lang: string }[]): void {
    if (existsSync(this.out) && !statSync(this.out).isDirectory()) throw new OutputError(`${this.out} is a file; --out needs a folder`);
    recoverOutput(this.out);
    this.check(folders);
  }

  private check(folders: { game: string; lang: string }[]): void {
    for (const f of folders) {
      const dir = path.join(this.out, f.game, f.lang);
      if (!replaceable(dir)) {
        throw new OutputError(`${dir} holds files that a build did not write (there is no manifest.json); choose another --out, or empty it`);
      }
    }
  }

  /** Every file written so far, by game × language folder. */
  get written(): { game: string; lang: string; entries: readonly ManifestEntry[] }[] {
    return this.folders.map((f) => ({ game: f.game, lang: f.lang, entries: f.entries }));
  }

  /** Files written so far, manifests included. */
  get fileCount(): number {
    return this.folders.reduce((n, f) => n + f.entries.length + 1, 0);
  }

  folder(game: string, lang: string): FolderWriter {
    // Two writers of one folder would write over each other's files, and the second move into place would fail.
    if (this.folders.some((f) => f.game === game && f.lang === lang)) throw new OutputError(`two games of this build would be written to ${path.join(this.out, game, lang)}`);
    const writer = new FolderWriter(game, lang, path.join(this.staging, game, lang), () => this.open, this.discard, new PreviousFolder(this.out, game, lang, this.trusted));
    mkdirSync(writer.folder, { recursive: true });
    this.folders.push(writer);
    return writer;
  }

  /**
   * Writes the manifests and moves every folder into place. A journal written first lists the
   * moves, so that a kill at any instant leaves either the old or the new folder in place or
   * recoverable by the next build; a failure undoes the moves already made.
   */
  commit(generator: string): string[] {
    if (this.discard) throw new Error('a rehearsed build is never moved into place');
    this.check(this.folders);
    const swaps: Swap[] = this.folders.map((f, i) => ({ to: path.join(this.out, f.game, f.lang), staged: f.folder, old: path.join(this.staging, `.old-${i}`) }));
    const journal = path.join(this.out, `${JOURNAL_PREFIX}${process.pid}.json`);
    const done: Swap[] = [];
    /** The moves for which a game's folder was made. */
    const madeParents = new Set<Swap>();
    try {
      for (const f of this.folders) f.settleLinks();
      for (const f of this.folders) {
        const entries = [...f.entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
        const manifest: Manifest = { game: f.game, lang: f.lang, generator, files: entries };
        writeFileSync(path.join(f.folder, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
      }
      // Written whole inside the staging folder first (which every abort removes), then moved into out/.
      const draft = path.join(this.staging, 'commit.json');
      writeFileSync(draft, JSON.stringify({ swaps }));
      renameSync(draft, journal);
      for (const swap of swaps) {
        if (!existsSync(path.dirname(swap.to))) madeParents.add(swap);
        mkdirSync(path.dirname(swap.to), { recursive: true });
        if (existsSync(swap.to)) renameSync(swap.to, swap.old);
        renameSync(swap.staged, swap.to);
        done.push(swap);
      }
      rmSync(journal, { force: true });
    } catch (error) {
      let undone = true;
      for (const swap of [...swaps].reverse()) {
        try {
          if (existsSync(swap.old)) {
            if (done.includes(swap)) rmSync(swap.to, { recursive: true, force: true });
            if (!existsSync(swap.to)) renameSync(swap.old, swap.to);
          } else if (done.includes(swap)) {
            // A folder there was none of before: out/ keeps what it had.
            rmSync(swap.to, { recursive: true, force: true });
          }
          if (madeParents.has(swap) && readdirSync(path.dirname(swap.to)).length === 0) rmSync(path.dirname(swap.to), { recursive: true });
        } catch {
          undone = false; // keep undoing the others
        }
      }
      if (undone) {
        rmSync(journal, { force: true });
        this.abort();
      } else {
        // The old folders still wait in the staging folder: the journal lets the next build put them back.
        this.open = false;
      }
      throw error;
    }
    this.abort();
    return swaps.map((s) => s.to);
  }

  /** Removes the staging folder and stops every later write; `out` keeps what it had. */
  abort(): void {
    this.open = false;
    removeQuietly(this.staging);
  }
}
