// The CLI bundled from dist/ into dist/cli-bundle/, which bin/pocketpress.js runs (see CLI_BUNDLE);
// bin/compile.js makes it again with dist/.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describeError, listFiles, ROOT, VENDOR, writeWhole } from './dist-files.js';

/**
 * The CLI as a few files: dist/cli/main.js and every module of dist/ it imports, at once or later
 * (`import()`), bundled by esbuild into dist/cli-bundle/: one file for what a command starts
 * with, one for each module imported later with what only it needs, and chunks they share.
 * Node resolves, reads and links each module of dist/ on its own (some 200 for a build):
 * bundled, `validate` of 100 cards took ×0.90 the time (25 pairs on 2 cores).
 * - Packages and the bundles of dist/vendor/ stay outside, imported as before (one copy of
 *   each, shared with the PNG workers, which run dist/ as it is);
 * - a module that finds files from `import.meta.url` is given its own place in dist/, so that
 *   what it finds is what it found there (the validators, the icons' index, the templates);
 * - the files' names carry a hash of their contents, and cli.json (see BUNDLE_RECORD), written
 *   last, names the entry: a CLI starting while the bundle is made again reads one whole set;
 * - in a development checkout a CLI running from the bundle says so (BUNDLE_RUNNING), and the
 *   files of earlier bundles are removed only once no CLI still running names them: `build
 *   --watch` or `preview` imports some modules long after it started.
 * bin/pocketpress.js runs the bundle when cli.json names a whole one (cliEntry), else
 * dist/cli/main.js, module by module (a bundle that cannot be made is left out).
 */
export const CLI_BUNDLE = 'cli-bundle';
/**
 * dist/cli-bundle/cli.json: the entry's file, the bundle's files, the modification time and size
 * of each module of dist/ it was made from, and of this file (the code that makes it): another of
 * them (an edit, a `git checkout` of older sources, a module removed) makes it again.
 */
const BUNDLE_RECORD = 'cli.json';
/**
 * dist/cli-bundle/running/<host>-<pid>.json: the files of the bundle a CLI running in a
 * development checkout may still import (a checkout may be shared by machines or containers,
 * each with its own processes: the note of another host is taken as it is, for a day at most).
 */
const BUNDLE_RUNNING = 'running';
const FOREIGN_NOTE_MS = 24 * 60 * 60 * 1000;
/**
 * A file of an earlier bundle that no running CLI names is removed this long after it was left
 * (a CLI may have read cli.json and not yet said it runs).
 */
const BUNDLE_LEFT_MS = 60 * 1000;
const BUNDLE_ENTRY = 'cli/main.js';
const BUNDLE_NAME = /^[\w-]+\.js(\.map)?$/;

/** The modules of dist/ the CLI bundle may be made from (not dist/vendor/'s, which stay outside it), each with its modification time and size. */
function moduleStamps(root) {
  const distDir = path.join(root, 'dist');
  const stamps = new Map();
  for (const file of listFiles(distDir, ['.js'], [CLI_BUNDLE, VENDOR.slice(0, -1)])) {
    const { mtimeMs, size } = statSync(path.join(distDir, file));
    stamps.set(file, [mtimeMs, size]);
  }
  return stamps;
}

/** The modification time and size of this file: a bundle made by other code than this is made again. */
function compilerStamp() {
  const { mtimeMs, size } = statSync(fileURLToPath(import.meta.url));
  return [mtimeMs, size];
}

const sameStamp = (a, b) => Array.isArray(a) && Array.isArray(b) && a.length === 2 && a[0] === b[0] && a[1] === b[1];

/** What dist/cli-bundle/cli.json holds, parsed; undefined when it cannot be read. */
function readRecord(root) {
  try {
    return JSON.parse(readFileSync(path.join(root, 'dist', CLI_BUNDLE, BUNDLE_RECORD), 'utf8')) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The names of files of the folder cli.json lists, however else it is (written by an earlier version, damaged). */
const namedFiles = (record) => (Array.isArray(record?.files) ? record.files.filter((f) => typeof f === 'string' && BUNDLE_NAME.test(f)) : []);

/** What dist/cli-bundle/cli.json says, when it is whole: an entry that is one of its files, each a name of the folder, made from cli/main.js; else undefined. */
function bundleRecord(root) {
  const record = readRecord(root);
  const { main, files, inputs } = record ?? {};
  const whole = typeof main === 'string' && main.endsWith('.js') && Array.isArray(files) && files.includes(main) && namedFiles(record).length === files.length;
  return whole && inputs !== null && typeof inputs === 'object' && Array.isArray(inputs[BUNDLE_ENTRY]) ? record : undefined;
}

/** The bundle cli.json names when every one of its modules is there (its source maps aside); else undefined. */
function wholeBundle(root) {
  const record = bundleRecord(root);
  return record && record.files.every((file) => !file.endsWith('.js') || existsSync(path.join(root, 'dist', CLI_BUNDLE, file))) ? record : undefined;
}

/**
 * The module bin/pocketpress.js runs (a file URL): the CLI bundle's entry when cli.json names a
 * whole bundle, else dist/cli/main.js. With `running` (a development checkout), a CLI that runs
 * the bundle says so until it ends, so that its files are left for it (see BUNDLE_RUNNING).
 */
export function cliEntry(root = ROOT, { running = false } = {}) {
  const record = wholeBundle(root);
  if (!record) return pathToFileURL(path.join(root, 'dist', BUNDLE_ENTRY)).href;
  if (running) sayRunning(root, record.files);
  return pathToFileURL(path.join(root, 'dist', CLI_BUNDLE, record.main)).href;
}

/** Writes dist/cli-bundle/running/<host>-<pid>.json with `files`, removed as the process ends; where it cannot be written, the CLI runs all the same. */
function sayRunning(root, files) {
  const file = path.join(root, 'dist', CLI_BUNDLE, BUNDLE_RUNNING, `${noteHost()}-${process.pid}.json`);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeWhole(file, JSON.stringify(files));
    process.once('exit', () => rmSync(file, { force: true }));
  } catch {
    // A dist/ that cannot be written is never bundled again either: nothing is removed under the CLI.
  }
}

/** This machine's name as a note's name holds it. */
const noteHost = () => os.hostname().replace(/[^\w.]/g, '_') || 'host';

/** The files of the bundle that CLIs still running name (the notes of ended ones removed). */
function filesInUse(outDir) {
  const inUse = new Set();
  const dir = path.join(outDir, BUNDLE_RUNNING);
  const now = Date.now();
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const note = path.join(dir, name);
    const [, host, pid] = /^(.+)-(\d+)\.json$/.exec(name) ?? [];
    const older = (ms) => statSync(note).mtimeMs < now - ms;
    // Ended here; of another host, a day old; not a note (a temporary file of one being written), a while old.
    const ended = pid === undefined ? () => older(BUNDLE_LEFT_MS) : host === noteHost() ? () => !processAlive(Number(pid)) : () => older(FOREIGN_NOTE_MS);
    let gone = false;
    attempt(() => (gone = ended()) && rmSync(note, { force: true }));
    if (gone || pid === undefined) continue;
    try {
      for (const file of JSON.parse(readFileSync(note, 'utf8'))) inUse.add(file);
    } catch {
      // Being written: its process keeps it whole in a moment; its files are left meanwhile (BUNDLE_LEFT_MS).
    }
  }
  return inUse;
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error?.code === 'EPERM';
  }
}

/** Whether the CLI bundle is missing, lacks a file, or was made from other modules of dist/ or by another compiler; false where there is no CLI to bundle. */
export function bundleStale(root = ROOT) {
  if (!existsSync(path.join(root, 'dist', BUNDLE_ENTRY))) return false;
  const record = wholeBundle(root);
  if (!record || !sameStamp(record.compiler, compilerStamp())) return true;
  return Object.entries(record.inputs).some(([file, stamp]) => {
    const now = statSync(path.join(root, 'dist', file), { throwIfNoEntry: false });
    return !now || !sameStamp(stamp, [now.mtimeMs, now.size]);
  });
}

/** The esbuild plugin that leaves packages and dist/vendor/ outside the CLI bundle and gives each module its own place in dist/. */
function cliBundlePlugin(distDir, outDir) {
  const vendorDir = path.join(distDir, VENDOR);
  const fromBundle = (file) => path.relative(outDir, file).split(path.sep).join('/');
  return {
    name: 'pocketpress-cli-bundle',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (!args.path.startsWith('.')) return { path: args.path, external: true };
        const file = path.resolve(args.resolveDir, args.path);
        return file.startsWith(vendorDir) ? { path: fromBundle(file), external: true } : undefined;
      });
      build.onLoad({ filter: /\.js$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle(args.path))}, import.meta.url).href`), loader: 'js' };
      });
    },
  };
}

/**
 * Bundles the CLI into dist/cli-bundle/ (see CLI_BUNDLE; nothing where dist/ has no CLI): files not there yet are written, then
 * cli.json; then the files of earlier bundles are left (see leaveEarlier; with `removeAll`, a full
 * compile, those no running CLI names go at once). When the bundle cannot be made, cli.json is
 * removed: the CLI then runs dist/ as it is.
 */
export async function bundleCli(root, { removeAll = false } = {}) {
  if (!existsSync(path.join(root, 'dist', BUNDLE_ENTRY))) return;
  const distDir = path.join(root, 'dist');
  const outDir = path.join(distDir, CLI_BUNDLE);
  const record = path.join(outDir, BUNDLE_RECORD);
  // Taken before any module is read: one written meanwhile makes this bundle stale.
  const stamps = moduleStamps(root);
  const compiler = compilerStamp();
  try {
    const { build, stop } = await import('esbuild');
    const result = await build({
      absWorkingDir: root,
      entryPoints: { main: path.join(distDir, BUNDLE_ENTRY) },
      outdir: outDir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      entryNames: '[name]-[hash]',
      // Mapped back to src/ through dist/'s own maps (--enable-source-maps).
      sourcemap: 'linked',
      sourcesContent: false,
      metafile: true,
      write: false,
      logLevel: 'silent',
      plugins: [cliBundlePlugin(distDir, outDir)],
    }).finally(() => stop());
    mkdirSync(outDir, { recursive: true });
    const files = [];
    const now = new Date();
    for (const out of result.outputFiles) {
      files.push(path.basename(out.path));
      // A name is its contents' hash: a file there already holds these bytes (dated now, as made:
      // a bundling at the same time would otherwise take it for one left long ago).
      try {
        utimesSync(out.path, now, now);
      } catch (error) {
        if (error?.code !== 'ENOENT') throw error;
        writeWhole(out.path, out.contents);
      }
    }
    const [main] = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint !== undefined && path.resolve(root, output.entryPoint) === path.join(distDir, BUNDLE_ENTRY));
    // A module read that was not there before (written meanwhile) gets no stamp: the bundle is stale.
    const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).map((input) => path.relative(distDir, path.resolve(root, input)).split(path.sep).join('/')).map((file) => [file, stamps.get(file) ?? [0, 0]]));
    const earlier = namedFiles(readRecord(root));
    writeWhole(record, JSON.stringify({ main: path.basename(main), files, inputs, compiler }) + '\n');
    leaveEarlier(outDir, new Set(files), earlier, { removeAll });
  } catch (error) {
    // The bundle's files stay a while for a CLI that has read cli.json and not yet said it runs.
    leaveEarlier(outDir, new Set(), namedFiles(readRecord(root)), { removeAll: false, quiet: true });
    rmSync(record, { force: true });
    throw Object.assign(new Error(`cannot bundle the CLI: ${error?.code ?? describeError(error)}`), { bundle: true, cause: error });
  }
}

/**
 * The files of dist/cli-bundle/ not `made` now: those of the bundle before (`earlier`) dated now,
 * as left now; any that no running CLI names (filesInUse) removed BUNDLE_LEFT_MS after it was
 * left, or at once with `removeAll`. Another CLI may do the same at the same time: a file gone
 * meanwhile is passed over. `quiet`: nothing else can go wrong either (a bundling that failed).
 */
function leaveEarlier(outDir, made, earlier, { removeAll = false, quiet = false } = {}) {
  try {
    const now = new Date();
    const before = now.getTime() - BUNDLE_LEFT_MS;
    for (const name of earlier) if (!made.has(name)) attempt(() => utimesSync(path.join(outDir, name), now, now));
    const inUse = filesInUse(outDir);
    for (const name of readdirSync(outDir)) {
      if (name === BUNDLE_RECORD || name === BUNDLE_RUNNING || made.has(name) || inUse.has(name)) continue;
      const file = path.join(outDir, name);
      attempt(() => (removeAll || statSync(file).mtimeMs < before) && rmSync(file, { force: true }));
    }
  } catch (error) {
    if (!quiet) throw error;
  }
}

/** Runs `work`, passing over a file removed meanwhile. */
function attempt(work) {
  try {
    work();
  } catch (error) {
    if (error?.code !== 'ENOENT') throw error;
  }
}
