// Compiles src/**/*.ts into dist/**/*.js, one file for one file (dist mirrors src, so paths
// computed from import.meta.url stay the same). Each file is transpiled on its own by esbuild,
// the same per-file transform tsx applies; types are checked by `npm run typecheck`, not here.
// Then the validators of the content files' schemas are compiled ahead of time into
// dist/content/schema-validators.cjs (see src/content/precompile.ts), whenever a source they
// come from has changed, so that a run loads them instead of compiling the schemas.
//
//   node bin/compile.js          compile every file and remove outputs whose source is gone
//   refreshDist(root)            (from bin/pocketpress.js) only the files edited since
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const OUTPUTS = ['.js', '.js.map'];

/** The source that writes the validators compiled ahead of time, and what it writes (relative to src/ and dist/). */
const PRECOMPILE_SOURCE = 'content/precompile.ts';
export const PRECOMPILED = 'content/schema-validators.cjs';

/** The files under `dir` whose names end with one of `endings`, relative to it, with forward slashes. */
function listFiles(dir, endings, prefix = '', found = []) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOENT') return found;
    throw error;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) listFiles(path.join(dir, entry.name), endings, `${prefix}${entry.name}/`, found);
    else if (endings.some((ending) => entry.name.endsWith(ending))) found.push(prefix + entry.name);
  }
  return found;
}

/** Every source file under src/ (declaration files have no output). */
function sources(srcDir) {
  return listFiles(srcDir, ['.ts']).filter((f) => !f.endsWith('.d.ts'));
}

/** What is out of date in dist/: sources edited after their output was written, and outputs whose source is gone. */
export function findStale(root = ROOT) {
  const srcDir = path.join(root, 'src');
  const distDir = path.join(root, 'dist');
  const all = sources(srcDir);
  const stale = all.filter((file) => {
    const out = statSync(path.join(distDir, file.replace(/\.ts$/, '.js')), { throwIfNoEntry: false });
    return !out || statSync(path.join(srcDir, file)).mtimeMs > out.mtimeMs;
  });
  const expected = new Set(all.flatMap((f) => OUTPUTS.map((ext) => f.replace(/\.ts$/, ext))));
  const orphans = listFiles(distDir, OUTPUTS).filter((f) => !expected.has(f));
  return { all, stale, orphans };
}

/**
 * Transpiles `files` (relative to src/) into dist/. Each output is written to a temporary name and
 * renamed into place, so a CLI started at the same moment never reads half a file and two
 * compilations running at once (parallel tests) both leave whole files.
 */
export async function compileFiles(files, root = ROOT) {
  if (files.length === 0) return;
  const { build, stop } = await import('esbuild');
  const srcDir = path.join(root, 'src');
  const distDir = path.join(root, 'dist');
  const result = await build({
    absWorkingDir: root,
    entryPoints: files.map((f) => path.join(srcDir, f)),
    outbase: srcDir,
    outdir: distDir,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    keepNames: true,
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    logLevel: 'silent',
  }).finally(() => stop());
  for (const out of result.outputFiles) {
    mkdirSync(path.dirname(out.path), { recursive: true });
    const temporary = `${out.path}.${process.pid}.tmp`;
    writeFileSync(temporary, out.contents);
    renameSync(temporary, out.path);
  }
}

/** The relative imports of a source file (static, dynamic, re-exports, types), as files relative to src/. */
function importsOf(srcDir, file) {
  let text;
  try {
    text = readFileSync(path.join(srcDir, file), 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
  const found = [];
  for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = path.relative(srcDir, path.resolve(path.dirname(path.join(srcDir, file)), m[1])).split(path.sep).join('/');
    found.push(target.replace(/\.js$/, '.ts'));
  }
  return found;
}

/** `entry` and every source file it imports, directly or not. */
function importClosure(srcDir, entry) {
  const seen = new Set([entry]);
  for (const file of seen) for (const next of importsOf(srcDir, file)) seen.add(next);
  return [...seen].filter((file) => existsSync(path.join(srcDir, file)));
}

/**
 * Whether dist/'s validators compiled ahead of time are missing or older than a source they
 * come from (the schemas, the keywords, what those import). False where there is nothing to
 * compile them from.
 */
export function precompiledStale(root = ROOT) {
  const srcDir = path.join(root, 'src');
  if (!existsSync(path.join(srcDir, PRECOMPILE_SOURCE))) return false;
  const out = statSync(path.join(root, 'dist', PRECOMPILED), { throwIfNoEntry: false });
  if (!out) return true;
  return importClosure(srcDir, PRECOMPILE_SOURCE).some((file) => statSync(path.join(srcDir, file)).mtimeMs > out.mtimeMs);
}

/**
 * Writes dist/'s validators compiled ahead of time, from the compiled schemas in dist/. They are
 * generated in a process of their own: this one may have loaded the schemas before they changed.
 */
export async function writePrecompiled(root = ROOT) {
  const source = pathToFileURL(path.join(root, 'dist', PRECOMPILE_SOURCE.replace(/\.ts$/, '.js'))).href;
  const script = `import { precompiledValidatorsCode } from ${JSON.stringify(source)};\nprocess.stdout.write(precompiledValidatorsCode());\n`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) {
    const reason = /^\w*Error: .*$/m.exec(run.stderr ?? '')?.[0] ?? (run.error?.message || `exit ${run.status}`);
    throw new Error(`the schemas do not compile into validators: ${reason}`);
  }
  const out = path.join(root, 'dist', PRECOMPILED);
  const temporary = `${out}.${process.pid}.tmp`;
  writeFileSync(temporary, run.stdout);
  renameSync(temporary, out);
}

/** Compiles `files`, removes the `orphans` of dist/ (see findStale), and compiles the validators again when `validators`. */
async function update(root, files, orphans, validators = precompiledStale(root)) {
  await compileFiles(files, root);
  for (const file of orphans) rmSync(path.join(root, 'dist', file), { force: true });
  if (validators) await writePrecompiled(root);
}

/** Brings dist/ up to date with src/; returns how many files were compiled. */
export async function compileStale(root = ROOT) {
  const { stale, orphans } = findStale(root);
  await update(root, stale, orphans);
  return stale.length;
}

/** Compiles every source file, whatever its date. */
export async function compileAll(root = ROOT) {
  const { all, orphans } = findStale(root);
  await update(root, all, orphans, existsSync(path.join(root, 'src', PRECOMPILE_SOURCE)));
  return all.length;
}

/** A compile error as a user reads it: file:line:col and esbuild's message. */
function describeError(error) {
  const first = error.errors?.[0];
  if (!first) return String(error.message ?? error);
  const where = first.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : '';
  return `${where}${first.text}`;
}

/**
 * Called by bin/pocketpress.js in a development checkout: compiles what was edited since the last
 * compilation. Returns nothing when dist/ is ready, else a problem to print; `fatal` when there
 * is no usable dist/ (or the sources do not compile) and the CLI cannot run.
 */
export async function refreshDist(root = ROOT) {
  const { stale, orphans } = findStale(root);
  const validators = precompiledStale(root);
  if (stale.length === 0 && orphans.length === 0 && !validators) return undefined;
  const ready = existsSync(path.join(root, 'dist', 'cli', 'main.js'));
  try {
    await update(root, stale, orphans, validators);
    return undefined;
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND') {
      const message = 'src/ has changed since dist/ was compiled, and esbuild (a development dependency) is not installed to compile it again';
      return ready ? { message: `${message}; running dist/ as it is`, fatal: false } : { message: `${message}; run "npm install"`, fatal: true };
    }
    if (typeof error?.code === 'string') {
      const message = `cannot write the compiled CLI into ${path.join(root, 'dist')} (${error.code})`;
      return ready ? { message: `${message}; running dist/ as it is`, fatal: false } : { message, fatal: true };
    }
    return { message: `the sources do not compile: ${describeError(error)}`, fatal: true };
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  let count;
  try {
    count = await compileAll();
  } catch (error) {
    console.error(`pocketpress: the sources do not compile: ${describeError(error)}`);
    process.exit(1);
  }
  console.error(`compiled ${count} files from src/ into dist/ in ${Math.round(performance.now() - started)} ms`);
}
