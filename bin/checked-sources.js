// The quick look a CLI started in a development checkout takes before it runs dist/. Finding
// out whether dist/ is older than src/ (refreshDist in compile.js) loads the compiler's code and
// looks at every file of src/ and of dist/, its bundle and what is generated into it: 60–75 ms at
// every start, for the same answer as the run before. Once that look finds dist/ up to date, it
// notes how everything it looked at stood (dist/checked/sources.json): each file and folder of
// src/, each folder of dist/, the compiler's code, the lock files, the packages the generated
// files come from, and the Node and engine flags the CLI runs with. The next CLI takes dist/ as
// it is when all of that still stands so; anything else (an edit, a file added or removed, a
// `git checkout`, `npm ci`, another Node) and it looks the slow way, which compiles what must be.
// dist/ is written by bin/compile.js only, each file renamed into place, which changes its folder:
// a file of dist/ edited in place by hand is seen once a source changes, or by `node bin/compile.js`.
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CLI_BUNDLE } from './cli-bundle.js';
import { writeWhole } from './dist-files.js';
import { ENGINE_FLAGS } from './engine-flags.js';

/** Where the note is kept: a folder of its own, so that writing it changes no folder it names. */
const NOTE_DIR = 'dist/checked';
const NOTE = `${NOTE_DIR}/sources.json`;

/** The files beside src/ that dist/ is made with: the compiler's code, the package and the packages npm installed. */
const MADE_WITH = ['bin/compile.js', 'bin/cli-bundle.js', 'bin/dist-files.js', 'package.json', 'package-lock.json', 'node_modules/.package-lock.json'];

/** What the CLI runs with: a code cache in dist/ is made for one Node and its engine flags. */
const runsWith = () => `node ${process.version}; ${ENGINE_FLAGS.join(' ')}`;

/** How a file or folder stands: any write, move or change of its dates changes one of these. */
const stampOf = (stat) => `${stat.mtimeMs} ${stat.ctimeMs} ${stat.size} ${stat.ino}`;

/** Every folder under `dir` (relative to `root`), `dir` first, and with `files`, every file too. */
function walk(root, dir, { files, skip = [] }) {
  const found = [dir];
  let entries;
  try {
    entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch (error) {
    // Not there yet (dist/ before the first compilation): noted as missing.
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return found;
    throw error;
  }
  for (const entry of entries) {
    const relative = `${dir}/${entry.name}`;
    if (skip.includes(relative)) continue;
    if (entry.isDirectory()) found.push(...walk(root, relative, { files, skip }));
    else if (files) found.push(relative);
  }
  return found;
}

/**
 * How everything a look at dist/ depends on stands now, `inputs` (absolute paths of the packages'
 * files the generated ones are made from) included; taken before the look, so that an edit made
 * while it looks or compiles is seen by the next CLI.
 */
export function takeStamps(root, inputs) {
  // The note's folder made before dist/ is looked at: making it later would change dist/.
  try {
    mkdirSync(path.join(root, NOTE_DIR), { recursive: true });
  } catch {
    // Read-only: never noted (see noteChecked).
  }
  const places = [
    ...walk(root, 'src', { files: true }),
    // Not the bundle's folder, in which the first CLI to run makes the folder CLIs note themselves
    // in (after it noted): cli.json, written again with every bundle, stands for it. Not the note's own folder.
    ...walk(root, 'dist', { files: false, skip: [`dist/${CLI_BUNDLE}`, NOTE_DIR] }),
    `dist/${CLI_BUNDLE}/cli.json`,
    ...MADE_WITH,
    ...inputs,
  ];
  const stamps = {};
  for (const place of places) {
    const stat = statSync(path.resolve(root, place), { throwIfNoEntry: false });
    stamps[place] = stat ? stampOf(stat) : null;
  }
  return stamps;
}

/** Notes `stamps` (see takeStamps) once a look found dist/ up to date; a dist/ that cannot be written is looked at the slow way each time. */
export function noteChecked(root, stamps) {
  try {
    mkdirSync(path.join(root, NOTE_DIR), { recursive: true });
    writeWhole(path.join(root, NOTE), JSON.stringify({ runsWith: runsWith(), stamps }));
  } catch {
    // Read-only: nothing is lost but time.
  }
}

/** The last note, when there is one that can be read. */
function readNote(root) {
  try {
    const note = JSON.parse(readFileSync(path.join(root, NOTE), 'utf8'));
    return note && typeof note === 'object' && note.stamps && typeof note.stamps === 'object' ? note : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The places noted by the last look at dist/ that stand otherwise in `stamps` (see takeStamps):
 * a source edited since then is one, even dated back to before its output was written (a copy
 * that kept its dates, an archive unpacked), which its dates alone would not show. Whatever Node
 * wrote the note: a CLI under another Node (a checkout shared with a container) looks the slow
 * way, and must not take such an edit for compiled.
 */
export function changedSinceNoted(root, stamps) {
  const noted = readNote(root)?.stamps;
  return noted ? Object.keys(stamps).filter((place) => place in noted && noted[place] !== stamps[place]) : [];
}

/** Whether everything the last look at dist/ noted stands as it did then (see the top of this file). */
export function checkedAsItIs(root) {
  const note = readNote(root);
  if (note?.runsWith !== runsWith()) return false;
  for (const [place, stamp] of Object.entries(note.stamps)) {
    const stat = statSync(path.resolve(root, place), { throwIfNoEntry: false });
    if ((stat ? stampOf(stat) : null) !== stamp) return false;
  }
  return true;
}
