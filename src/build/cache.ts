import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DisplayItem, DisplayList } from '../shared/display-list.js';
import { FONT_STYLES, type FontRegistry } from '../shared/fonts.js';
import { isKeptFile, sha256, type AddFile, type KeptFile, type OutputFile } from '../shared/output-file.js';
import { BUDGETS } from '../shared/budgets.js';
import { checkFileAccess, checkFileAccessIn, readCheckedFile, realPath, writeWholeUnder } from '../shared/file-access.js';
import { fileStamp, stampChangedMs, stampOf } from '../shared/file-stamp.js';
import { isRecord } from '../shared/is-record.js';
import { stableJson } from '../shared/stable-json.js';
import { turnEvery } from '../shared/event-loop.js';
import { PNG_SIGNATURE } from '../shared/png-chunks.js';
import { CACHE_FOLDER } from './cache-folder.js';

export interface CacheStats {
  made: number;
  reused: number;
}

/**
 * A value's key, or what makes it: made only by a cache that keeps values on disk. A build with
 * --no-cache looks nothing up, and takes no key it would not use (a PDF's key serialized its
 * sheets again: 1.5 s of the shipped games' build on its main thread).
 */
export type KeyOf = string | (() => string);
/** The same, for a key made with turns of the event loop (listKeyTurning). */
export type KeyLater = KeyOf | (() => Promise<string>);

/** The most bytes a kept PNG's digest note (`<sha256> <stamp>`) takes; a larger file is not one. */
const MAX_NOTE_BYTES = 1024;

/** Where the hashes of the files a build read are noted for the next (see keepFileHashes). */
const FILE_HASHES = 'file-hashes.json';
/** At most this much of it is read (some 200 000 files). */
const MAX_FILE_HASHES_BYTES = 32 * 1024 * 1024;

/** A PNG's last chunk: IEND, empty, with its CRC. */
const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** Whether `bytes` begin as a PNG and end with its IEND chunk. */
const wholePng = (bytes: Buffer) => bytes.length >= PNG_SIGNATURE.length + PNG_END.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE) && bytes.subarray(bytes.length - PNG_END.length).equals(PNG_END);

/** A path an index may give an output file: relative, each of its names a name (no "..", no empty part), and not too long. */
const outputPath = (value: unknown): value is string => typeof value === 'string' && value.length < 1024 && !path.isAbsolute(value) && value.split(/[\\/]/).every((part) => part !== '' && part !== '.' && part !== '..');

/** Folders of a game's folder that never hold its art (see assetsOf). */
const NEVER_ART = new Set(['.git', CACHE_FOLDER]);

/** An entry of an index of files (see files()), as kept: anything else read back is not one. */
interface IndexEntry {
  path: string;
  entry: OutputFile['entry'];
  /** The key of the cache's file that holds it, when it is kept under a key of its own. */
  kept?: string;
}

/** Names an output file is never given by an index: the manifest, and the output writer's own folders. */
const NOT_AN_OUTPUT = /^(manifest\.json$|\.staging-|\.commit-)/;

const isIndexEntry = (value: unknown): value is IndexEntry =>
  isRecord(value) &&
  outputPath(value['path']) &&
  !NOT_AN_OUTPUT.test(value['path']) &&
  isRecord(value['entry']) &&
  typeof value['entry']['kind'] === 'string' &&
  // What the manifest says of a file itself is the build's to say.
  !['path', 'sha256', 'bytes'].some((own) => own in (value['entry'] as Record<string, unknown>)) &&
  (value['kept'] === undefined || (typeof value['kept'] === 'string' && /^[0-9a-f]{64}$/.test(value['kept'])));

/**
 * A content-addressed store: a value is kept under the hash of everything it was made from
 * (the tool version, the resolved inputs, and the bytes of every font and image file they
 * name), on disk so that the next build finds it. No entry is ever stale: a change to any
 * input gives another key.
 */
export class BuildCache {
  readonly stats: Record<string, CacheStats> = {};
  private readonly fileHashes = new Map<string, string>();
  private readonly listDigests = new WeakMap<DisplayList, string>();
  /** The hash of each list's JSON, noted by whoever kept it beside the list (see listHash). */
  private readonly listHashes = new WeakMap<DisplayList, string>();
  /** The list each item of a noted list belongs to: a list made of such items (a sheet) names them by it (see listHash). */
  private readonly itemSources = new WeakMap<object, DisplayList>();
  private anyNoted = false;

  /** Folders never taken for a game's files though they lie in its folder (see assetsOf). */
  private readonly notAssets: Set<string>;
  /** Takes what is kept, keeps nothing and removes nothing (`validate`, which writes nothing). */
  private readonly readOnly: boolean;

  constructor(
    private readonly dir: string | undefined,
    private readonly version: string,
    options: {
      /** The output folder a build writes to (this cache's own folder is never a game's either). */
      notAssets?: readonly string[];
      readOnly?: boolean;
    } = {},
  ) {
    this.notAssets = new Set([...(options.notAssets ?? []), ...(dir === undefined ? [] : [dir])].map((folder) => path.resolve(folder)));
    this.readOnly = options.readOnly === true;
  }

  /**
   * The hash of a file's bytes, read once per version of the file (see fileStamp): in this
   * process, and from one build to the next through the hashes the last build noted (see
   * keepFileHashes). A one-card rebuild of a game with 190 MB of art read and hashed all of it
   * again: 2.2–2.7 s instead of 1.3.
   */
  hashFile(file: string): string {
    let stamp: string;
    try {
      stamp = fileStamp(file);
    } catch {
      return 'missing';
    }
    let hash = this.fileHashes.get(stamp);
    if (!hash) {
      hash = this.notedHashes().get(stamp);
      if (hash === undefined) {
        hash = createHash('sha256').update(readFileSync(file)).digest('hex');
        this.hashedAt.set(stamp, Date.now());
      }
      this.fileHashes.set(stamp, hash);
    }
    return hash;
  }

  /** When each file hashed by this process was read (see keepFileHashes). */
  private readonly hashedAt = new Map<string, number>();
  private noted: Map<string, string> | undefined;

  /** The hashes the last build noted, by the stamp of the file as it was then (an exact stamp or nothing: its inode, size and times on this machine). */
  private notedHashes(): Map<string, string> {
    if (this.noted) return this.noted;
    this.noted = new Map();
    const bytes = this.dir === undefined ? undefined : this.read(path.join(this.dir, FILE_HASHES), MAX_FILE_HASHES_BYTES);
    let kept: unknown;
    try {
      kept = bytes && JSON.parse(bytes.toString('utf8'));
    } catch {
      // Cut short or written over: every file is read again, and noted again by this build.
    }
    if (isRecord(kept)) {
      for (const [stamp, hash] of Object.entries(kept)) if (typeof hash === 'string' && /^[0-9a-f]{64}$/.test(hash)) this.noted.set(stamp, hash);
    }
    return this.noted;
  }

  /**
   * Notes the hash of every file this build hashed or took, for the next build: those of files
   * gone are dropped with them. A file changed within a second of being read (its modification
   * or change time) could keep its stamp through a second change (times are kept to the
   * kernel's tick): its hash is not noted.
   */
  keepFileHashes(): void {
    if (this.dir === undefined) return;
    const hashes: Record<string, string> = {};
    for (const [stamp, hash] of [...this.fileHashes].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const read = this.hashedAt.get(stamp);
      if (read === undefined || stampChangedMs(stamp) < read - 1000) hashes[stamp] = hash;
    }
    this.put(path.join(this.dir, FILE_HASHES), JSON.stringify(hashes));
  }

  /**
   * The file each style of each font family stands for, with the hash of its bytes: text is
   * laid out with them, and an `npm:` path names another file once a package is installed
   * nearer the game.
   */
  fontFiles(fonts: FontRegistry): unknown {
    return fonts.families().map((family) => [
      family,
      ...FONT_STYLES.map(([weight, style]) => {
        const file = fonts.face(family, weight, style)?.face.path;
        return file === undefined ? null : [file, this.hashFile(file)];
      }),
    ]);
  }

  /** The stamp of every file hashed so far (fonts, images, templates), as it was when read. */
  filesRead(): string[] {
    // The latest version of each file: a process that builds twice has read some files twice.
    const latest = new Map([...this.fileHashes.keys()].map((stamp) => [stamp.slice(0, stamp.indexOf('\0')), stamp]));
    return [...latest.values()].sort();
  }

  /**
   * Every file under `dir` with the hash of its bytes: the art, icons and fonts layout reads.
   * YAML, Markdown and spreadsheets are left out: what a face takes from them is in its key
   * already (the item's fields), so editing one card of a sheet remakes that card only.
   */
  assetsOf(dir: string): string[][] {
    const out: string[][] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const full = path.join(folder, entry.name);
        // Never art: version control, and what builds write there (the output folder and the cache
        // of a build run in a game's own folder, any build cache). Installed packages may hold art a template names.
        if (entry.isDirectory()) {
          if (!NEVER_ART.has(entry.name) && !this.notAssets.has(path.resolve(full))) walk(full);
        } else if (!/\.(ya?ml|md|csv|xlsx|ods)$/i.test(entry.name)) {
          // Any file may lie in a game folder, read or not: a named pipe, a link to /dev/zero or
          // outside the game, a file of gigabytes is never opened, only stamped.
          const access = checkFileAccess(full, [dir]);
          const hash = !access.ok ? `refused:${access.code}` : access.size > BUDGETS.imageBytes ? `large:${fileStamp(access.file)}` : this.hashFile(full);
          out.push([path.relative(dir, full), hash]);
        }
      }
    };
    walk(dir);
    return out;
  }

  /** The key of a value made from `parts` (anything JSON can hold), whatever the order of their keys. */
  key(kind: string, parts: unknown): string {
    return createHash('sha256').update(`${this.version}\0${kind}\0`).update(stableJson(parts)).digest('hex');
  }

  /**
   * The digest of a display list and of every file it draws from (fonts, images), made once
   * per list however many outputs (PNG, sheets, print-shop PDF, exports) are keyed by it.
   */
  listDigest(list: DisplayList): string {
    let digest = this.listDigests.get(list);
    if (!digest) {
      const files = new Set<string>(Object.values(list.fonts).map((face) => face.path));
      const visit = (items: readonly DisplayItem[]) => {
        for (const item of items) {
          if (item.type === 'image' && item.source.path) files.add(item.source.path);
          if (item.type === 'group') visit(item.items);
        }
      };
      visit(list.items);
      const hashes = [...files].sort().map((f) => [f, this.hashFile(f)]);
      digest = createHash('sha256').update(this.listHash(list)).update(stableJson(hashes)).digest('hex');
      this.listDigests.set(list, digest);
    }
    return digest;
  }

  /**
   * The SHA-256 of a list's JSON. A list's keys come in the order the code that made it wrote
   * them (a list read back from the cache keeps that order), so the native serializer names it
   * as surely as a sorting one, several times faster; at worst an equal list written in another
   * order is made again. Taken once per list: a list kept in the cache comes back with its hash
   * noted (see noteListHash), so that a rebuild serializes none of the faces it did not lay out.
   * An item of a noted list, met in another list (a face placed on a sheet), is written as that
   * list's hash and its place in it: a sheet's key serializes its marks, not its cards again.
   */
  listHash(list: DisplayList): string {
    let hash = this.listHashes.get(list);
    if (!hash) {
      const items = this.anyNoted ? this.refsIn(list.items) : list.items;
      hash = createHash('sha256').update(JSON.stringify(items === list.items ? list : { ...list, items })).digest('hex');
      this.listHashes.set(list, hash);
    }
    return hash;
  }

  /**
   * `items` with each item of a noted list written as the list's hash and its index in it, in
   * groups too; the very array when there is none. Only items are ever noted, and items lie in
   * lists and groups only: the JSON is the native serializer's (a replacer asked at every value,
   * as before, took 20 ms of a one-card rebuild).
   */
  private refsIn(items: readonly DisplayItem[]): readonly unknown[] {
    let out: unknown[] | undefined;
    items.forEach((item, i) => {
      const source = this.itemSources.get(item);
      let written: unknown = item;
      if (source) written = { '@list': this.listHashes.get(source), item: source.items.indexOf(item) };
      else if (item.type === 'group') {
        const inner = this.refsIn(item.items);
        if (inner !== item.items) written = { ...item, items: inner };
      }
      if (written !== item) (out ??= items.slice(0, i)).push(written);
      else out?.push(item);
    });
    return out ?? items;
  }

  /** Notes the hash listHash gave for `list` when it was made (kept beside the list). */
  noteListHash(list: DisplayList, hash: string): void {
    this.listHashes.set(list, hash);
    for (const item of list.items) this.itemSources.set(item, list);
    this.anyNoted = true;
  }

  /** The key of something rendered from display lists: their digests and the options. */
  listKey(kind: string, lists: readonly DisplayList[], options: unknown): string {
    return this.key(kind, { lists: lists.map((list) => this.listDigest(list)), options });
  }

  /**
   * listKey, the lists' digests taken with a turn of the event loop every WORK_TURN_MS: the key
   * of 10 000 faces (their exports), or of a PDF of a thousand sheets, took a second and more
   * during which the PNG workers' replies waited and the workers ran out of work.
   */
  async listKeyTurning(kind: string, lists: readonly DisplayList[], options: unknown): Promise<string> {
    const turn = turnEvery();
    for (const list of lists) {
      this.listDigest(list);
      await turn();
    }
    return this.listKey(kind, lists, options);
  }

  /** Whether values are kept on disk for the next build (false with --no-cache). */
  get persistent(): boolean {
    return this.dir !== undefined;
  }

  /**
   * The file kept under `key`, if there is one, with its digest, for a build that copies it
   * into the output without reading it. The digest is kept beside the file (`<file>.sha256`)
   * with the stamp of the version it was taken from, and taken again when that stamp differs.
   */
  keptFile(kind: string, key: string): KeptFile | undefined {
    const kept = this.keptAt(key);
    if (kept) this.count(kind, true);
    return kept;
  }

  /**
   * keptFile, not counted. The files kept so are PNGs: one whose digest is taken again (another
   * version of the file than the one noted: a cache restored elsewhere, or written over) that is
   * not a whole PNG (cut short, overwritten) is dropped, to be made again.
   */
  private keptAt(key: string): KeptFile | undefined {
    const file = this.file(key);
    if (!this.held(file)) return undefined;
    const info = statSync(file, { bigint: true });
    const stamp = stampOf(file, info);
    const size = Number(info.size);
    const beside = this.read(`${file}.sha256`, MAX_NOTE_BYTES);
    const noted = beside ? /^([0-9a-f]{64}) (.*)$/s.exec(beside.toString('utf8')) : null;
    let sha256 = noted && noted[2] === stamp ? noted[1]! : undefined;
    if (!sha256) {
      // Another version of the file than the one noted (copied, unpacked, written over): taken
      // only when its bytes are still those noted, or, with no note, a whole PNG.
      const bytes = this.read(file);
      const digest = bytes && createHash('sha256').update(bytes).digest('hex');
      if (!bytes || !digest || (noted ? noted[1] !== digest : !wholePng(bytes))) {
        this.forget(key);
        return undefined;
      }
      sha256 = digest;
      this.put(`${file}.sha256`, `${sha256} ${stamp}`);
    }
    return { file, size, sha256 };
  }

  /**
   * The PNG kept under `key` (see keptFile), to be copied into the output without being read;
   * else the bytes `make` makes, hashed once (for the manifest) and kept under `key` with that
   * digest noted beside them, so that the next build, in which one card changed, hashes none of
   * the others; `key` is given back when they could be kept. Without a key (a cache that keeps
   * nothing takes none) they are made, and counted made.
   */
  async keptOrMade(kind: string, key: string | undefined, make: () => Promise<Buffer>): Promise<{ kept: KeptFile } | { bytes: Buffer; sha256: string; key?: string }> {
    const kept = key === undefined ? undefined : this.keptFile(kind, key);
    if (kept) return { kept };
    const bytes = await make();
    const digest = sha256(bytes);
    this.count(kind, false);
    const file = key === undefined ? undefined : this.file(key);
    if (!file || !this.put(file, bytes)) return { bytes, sha256: digest };
    this.put(`${file}.sha256`, `${digest} ${fileStamp(file)}`);
    return { bytes, sha256: digest, key };
  }

  /**
   * The bytes under `key` if some were kept, without making them. A file larger than
   * `maxBytes` (no value of its kind is that large: damaged, or put there) is removed unread.
   */
  peek(kind: string, key: string, maxBytes = Infinity, count = true): Buffer | undefined {
    const file = this.keptPath(kind, key, maxBytes, count);
    return file === undefined ? undefined : readCheckedFile(file, maxBytes);
  }

  /**
   * The real path of the file that holds what was kept under `key`, for another thread to read
   * (with readCheckedFile; counted as found again unless `count` is false): a regular file of
   * the cache (see held) of at most `maxBytes`; a larger one is removed.
   */
  keptPath(kind: string, key: string, maxBytes = Infinity, count = true): string | undefined {
    const held = this.heldAt(this.file(key));
    if (!held) return undefined;
    if (held.size > maxBytes) {
      this.forget(key);
      return undefined;
    }
    if (count) this.count(kind, true);
    return held.file;
  }

  /** Removes what is kept under `key` (found damaged), so that it is made and kept again. */
  forget(key: string): void {
    const file = this.file(key);
    if (file && !this.readOnly) rmSync(file, { force: true });
  }

  /**
   * Whether `file` is an entry this cache may give back: a regular file inside the cache folder
   * once links are resolved. A cache folder can come with a project (`cacheDir:` in
   * pocketpress.yaml); an entry that is a link to a file elsewhere is never read, let alone
   * copied into out/.
   */
  private held(file: string | undefined): file is string {
    return this.heldAt(file) !== undefined;
  }

  /** held(), giving the entry's real path and size. */
  private heldAt(file: string | undefined): { file: string; size: number } | undefined {
    if (file === undefined || this.realDir() === undefined) return undefined;
    const access = checkFileAccessIn(file, [this.realDir()!]);
    return access.ok ? access : undefined;
  }

  /** The bytes of an entry the cache may give back (see held), read through its real path (readCheckedFile); undefined when there is none. */
  private read(file: string | undefined, maxBytes = Infinity): Buffer | undefined {
    const held = this.heldAt(file);
    return held && readCheckedFile(held.file, maxBytes);
  }

  /** The cache folder's real path, resolved once (undefined when it keeps nothing, or is not there yet). */
  private realDir(): string | undefined {
    if (this.dir === undefined) return undefined;
    if (this.resolvedDir === undefined) {
      try {
        this.resolvedDir = realPath(this.dir);
      } catch {
        // Made by the first value kept.
        return undefined;
      }
    }
    return this.resolvedDir;
  }

  private resolvedDir: string | undefined;

  private file(key: KeyOf): string | undefined {
    if (this.dir === undefined) return undefined;
    const name = typeof key === 'string' ? key : key();
    return path.join(this.dir, name.slice(0, 2), name);
  }

  /** file(), for a key made with turns of the event loop. */
  private async fileLater(key: KeyLater): Promise<string | undefined> {
    return this.dir === undefined ? undefined : this.file(typeof key === 'string' ? key : await key());
  }

  /** Counts a value of `kind` found again without reading it from here (held in memory by whoever kept it). */
  countReused(kind: string): void {
    this.count(kind, true);
  }

  private count(kind: string, reused: boolean): void {
    const stats = (this.stats[kind] ??= { made: 0, reused: 0 });
    if (reused) stats.reused++;
    else stats.made++;
  }

  /** The bytes under `key`, made (and kept) when missing, or not what `accept` takes (cut short, written over). */
  async bytes(kind: string, key: KeyLater, make: () => Promise<Buffer>, accept: (bytes: Buffer) => boolean = () => true): Promise<Buffer> {
    const file = await this.fileLater(key);
    const kept = this.read(file);
    if (kept && accept(kept)) {
      this.count(kind, true);
      return kept;
    }
    const value = await make();
    this.count(kind, false);
    if (file) this.put(file, value);
    return value;
  }

  /**
   * Several files under one key (their paths, manifest facts and bytes), each handed to `add` in
   * turn: read back one at a time when kept, else kept as `make` hands them over. The key's index
   * is written last, so files of a make that failed halfway are never taken for a whole set.
   * An index naming a file that `make` never writes (`writes` says which, by path and kind) is
   * not taken: a cache can come with a project, and such a path could be another output's.
   */
  async files(kind: string, key: KeyLater, make: (add: AddFile) => Promise<void>, add: AddFile, writes: (file: IndexEntry) => boolean): Promise<void> {
    const index = await this.fileLater(key);
    const entries = this.indexAt(index, writes);
    if (index && entries) {
      // A file kept under a key of its own is named by that key; the others lie beside the index.
      const files = entries.map((e, i) => (e.kept !== undefined ? this.keptAt(e.kept) : this.read(`${index}-${i}`)));
      if (files.every((f) => f !== undefined)) {
        this.count(kind, true);
        entries.forEach((e, i) => {
          const file = files[i]!;
          add(Buffer.isBuffer(file) ? { path: e.path, entry: e.entry, bytes: file } : { path: e.path, entry: e.entry, kept: file });
        });
        return;
      }
    }
    const made: IndexEntry[] = [];
    // Renamed into place whole: a build reading the same cache never takes half a file.
    let whole = index !== undefined;
    await make((file) => {
      // A file the cache keeps under a key of its own (taken from there, or kept there as it was made) is named by that key.
      if (isKeptFile(file)) made.push({ path: file.path, entry: file.entry, kept: path.basename(file.kept.file) });
      else if (file.keptAs !== undefined) made.push({ path: file.path, entry: file.entry, kept: file.keptAs });
      else {
        if (index && whole) whole = this.put(`${index}-${made.length}`, file.bytes);
        made.push({ path: file.path, entry: file.entry });
      }
      add(file);
    });
    this.count(kind, false);
    if (index && whole) this.put(index, JSON.stringify(made));
  }

  /** The entries of an index of files, when it is one (else, damaged or put there, nothing is taken from it). */
  private indexAt(index: string | undefined, writes: (file: IndexEntry) => boolean): IndexEntry[] | undefined {
    const entries = this.jsonAt(index);
    // Never empty (what is kept so makes files), each file named once, each where the maker writes.
    return Array.isArray(entries) && entries.length > 0 && entries.every((e) => isIndexEntry(e) && writes(e)) && new Set(entries.map((e) => e.path)).size === entries.length ? entries : undefined;
  }

  /** The JSON value kept in `file`; undefined when there is none or it is not JSON (cut short, written over), which is then removed. */
  private jsonAt(file: string | undefined): unknown {
    const bytes = this.read(file);
    if (!bytes) return undefined;
    try {
      return JSON.parse(bytes.toString('utf8')) as unknown;
    } catch {
      if (!this.readOnly) rmSync(file!, { force: true });
      return undefined;
    }
  }

  /**
   * A JSON value under `key`, made (and kept) when missing, damaged, or not one `accept` takes
   * (a value of another shape, or naming files it may not: a cache can come with a game).
   */
  json<T>(kind: string, key: KeyOf, make: () => T, accept: (value: unknown) => boolean = () => true): T {
    const file = this.file(key);
    const kept = this.jsonAt(file);
    if (kept !== undefined && accept(kept)) {
      this.count(kind, true);
      return kept as T;
    }
    return this.keep(kind, file, make());
  }

  /**
   * A JSON value holding display lists (a face's layout, a rulebook's pages), made (and kept)
   * when missing. A kept value keeps the hash of each of its lists beside it, noted again when
   * it is read back (see listHash): a rebuild keys what is drawn from them without serializing
   * them.
   */
  jsonWithLists<T>(kind: string, key: KeyOf, make: () => T, listsOf: (value: T) => readonly DisplayList[], accept: (value: unknown) => boolean): T {
    const hashes = (value: unknown) => value === undefined || (Array.isArray(value) && value.every((h) => typeof h === 'string' && /^[0-9a-f]{64}$/.test(h)));
    const taken = (kept: unknown) => isRecord(kept) && hashes(kept['hashes']) && accept(kept['value']);
    const kept = this.json<{ value: T; hashes?: string[] }>(
      kind,
      key,
      () => {
        const value = make();
        return this.persistent ? { value, hashes: listsOf(value).map((list) => this.listHash(list)) } : { value };
      },
      taken,
    );
    const lists = listsOf(kept.value);
    if (kept.hashes?.length === lists.length) lists.forEach((list, i) => this.noteListHash(list, kept.hashes![i]!));
    return kept.value;
  }

  /** The same, for a value that takes a while to make. */
  async jsonAsync<T>(kind: string, key: KeyLater, make: () => Promise<T>, accept: (value: unknown) => boolean = () => true): Promise<T> {
    const file = await this.fileLater(key);
    const kept = this.jsonAt(file);
    if (kept !== undefined && accept(kept)) {
      this.count(kind, true);
      return kept as T;
    }
    return this.keep(kind, file, await make());
  }

  private keep<T>(kind: string, file: string | undefined, value: T): T {
    this.count(kind, false);
    if (file) this.put(file, JSON.stringify(value));
    return value;
  }

  /**
   * Keeps `bytes` under `file`, whole (writeWholeUnder: never through a link a cache that came
   * with a game may hold, nor into a shelf that is one); gives false (nothing kept) when the place
   * is taken by something else than a file, or the way there by something else than a folder:
   * the build goes on with the value it made.
   */
  private put(file: string, bytes: string | Uint8Array): boolean {
    return !this.readOnly && writeWholeUnder(this.dir!, file, bytes);
  }
}
