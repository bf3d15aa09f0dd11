// Compiles src/**/*.ts into dist/**/*.js, one file for one file (dist mirrors src, so paths
// computed from import.meta.url stay the same). Each file is transpiled on its own by esbuild,
// the same per-file transform tsx applies; types are checked by `npm run typecheck`, not here.
// The files of src/vendor/ are the exception: each re-exports what the code uses of one package,
// and is compiled into one file holding that package and what it imports (see NOT_BUNDLED).
// Then what is generated into dist/ is written again when what it comes from has changed (see
// GENERATED): the content files' validators compiled ahead of time, so that a run loads them
// instead of compiling the schemas, the index of the game-icons set, so that a run reads the
// icons it draws instead of the whole set, the hyphenation patterns as JSON, and the hash of
// dist/'s code that the build cache's keys start with. Last, the CLI
// is bundled from dist/ into dist/cli-bundle/ (bin/cli-bundle.js), which bin/pocketpress.js runs.
//
//   node bin/compile.js          compile every file and remove outputs whose source is gone
//   refreshDist(root)            (from bin/pocketpress.js) only the files edited since
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { changedSinceNoted, noteChecked, takeStamps } from './checked-sources.js';
import { bundleCli, bundleStale, CLI_BUNDLE } from './cli-bundle.js';
import { describeError, listFiles, ROOT, VENDOR, writeWhole } from './dist-files.js';
import { ENGINE_FLAGS } from './engine-flags.js';

const OUTPUTS = ['.js', '.js.map'];

/**
 * What is generated into dist/ from compiled modules: the validators of the content files'
 * schemas (ajv standalone code), the index of the game-icons set and the hyphenation patterns
 * as JSON (parsed faster than the package's JavaScript). Each comes from the string
 * a function of a compiled module returns, and is written again whenever that module, a source
 * it imports or one of its `inputs` (files of node_modules) is newer than it. A `codeCache`
 * module (CommonJS) gets the code V8 compiles for it kept beside it (src/shared/code-cache.ts),
 * made again with it, and again under another Node or other engine flags.
 */
const GENERATED = [
  { source: 'content/precompile.ts', name: 'precompiledValidatorsCode', out: 'content/schema-validators.cjs', inputs: () => [], codeCache: true },
  { source: 'shared/game-icon-index.ts', name: 'gameIconIndexJson', out: 'shared/game-icons-index.json', inputs: (root) => [resolveFrom(root, '@iconify-json/game-icons/icons.json')] },
  { source: 'language/hyphen-patterns.ts', name: 'hyphenPatternsJson', out: 'language/hyphen-patterns.json', inputs: (root) => [resolveFrom(root, 'hyphen/package.json'), existsSync(path.join(root, NPM_LOCK)) ? path.join(root, NPM_LOCK) : undefined] },
  // Hashes the code of dist/ itself: written again after every compilation (see update) and
  // whenever a module of dist/ or the lock file is newer.
  { source: 'build/fingerprint.ts', name: 'toolCodeHash', out: 'build/tool-fingerprint.txt', inputs: (root) => [...listFiles(path.join(root, 'dist'), ['.js'], [CLI_BUNDLE]).map((f) => path.join(root, 'dist', f)), existsSync(path.join(root, 'package-lock.json')) ? path.join(root, 'package-lock.json') : undefined] },
];
const CODE_HASH = GENERATED[3].out;

/** The files of installed packages that generated files are made from (not dist/'s own modules, which the code's hash is made from). */
const packageInputs = (root) => GENERATED.filter((entry) => entry.out !== CODE_HASH).flatMap((entry) => entry.inputs(root).filter(Boolean));
export const PRECOMPILED = GENERATED[0].out;
export const ICON_INDEX = GENERATED[1].out;

/** A package file as found from `root`, or undefined when it is not installed. */
function resolveFrom(root, spec) {
  try {
    return createRequire(path.join(root, 'package.json')).resolve(spec);
  } catch {
    return undefined;
  }
}

/*
 * The packages the CLI loads as one file each (src/vendor/, VENDOR). Node reads yaml and ajv as 70 to 80 modules
 * apiece (resolving, reading and compiling each one); bundled, the modules of a one-card
 * rebuild load in 288 ms instead of 449. Each file of src/vendor/ re-exports what the code uses
 * of one package and is compiled into dist/vendor/ with the package and what it imports (but
 * see NOT_BUNDLED), so that every module of src/ imports the package through it and only one
 * copy of it is ever loaded:
 * - a vendored package that another one imports (pdfkit imports fontkit and linebreak) is taken
 *   from its own file of dist/vendor/, not copied into the other;
 * - a module that finds its own files from `import.meta.url` (pdfkit's colour profile and
 *   standard fonts) is given its path in the installed package, found at run time;
 * - CommonJS code calls `require` for Node's own modules, so each bundle defines it;
 * - a module that costs much to load, and whose work Node does itself, is replaced by a stand-in
 *   calling Node, which gives the same bytes (see STAND_INS).
 * A bundle is made again when its source or a stand-in changes, or when npm changes node_modules
 * (its lock file).
 */

/**
 * Files of src/vendor/ compiled as they are (a re-export of the package, loaded as Node loads
 * it), and not bundled; still the one way in to their package, which the bundles take from them.
 * fontkit: bundled, it loaded in 25 ms less, but a build's peak memory grew by 55–60 MB (a
 * 1 000-card build, 516 → 578 MB, in the CLI and its PNG workers; no other package moved it).
 */
const NOT_BUNDLED = ['fontkit.ts'];
const bundled = (file) => file.startsWith(VENDOR) && !NOT_BUNDLED.includes(file.slice(VENDOR.length));
/**
 * Modules of packages that the bundles hold a stand-in of src/vendor/stand-ins/ for (a stand-in
 * is part of the bundles that import it, never compiled on its own):
 * - linebreak inflates its Unicode table with tiny-inflate as it loads; Node inflates it itself;
 * - pdfkit encrypts a PDF that has a password (pocketpress never sets one) with noble's AES,
 *   whose tables took 17 ms to build at every start; Node has AES.
 */
const STAND_INS_DIR = `${VENDOR}stand-ins/`;
const STAND_INS = { 'tiny-inflate': 'tiny-inflate.ts', '@noble/ciphers/aes': 'aes.ts' };
const VENDOR_BANNER = [
  "import { createRequire as __vendorCreateRequire } from 'node:module';",
  "import { existsSync as __vendorExists } from 'node:fs';",
  "import { join as __vendorJoin } from 'node:path';",
  "import { pathToFileURL as __vendorFileUrl } from 'node:url';",
  'const require = __vendorCreateRequire(import.meta.url);',
  '/** The URL of a file of an installed package, found where Node would look for the package from here. */',
  'const __vendorUrl = (name, file) => {',
  '  const folder = (require.resolve.paths(name) ?? []).map((dir) => __vendorJoin(dir, name)).find((dir) => __vendorExists(__vendorJoin(dir, "package.json")));',
  '  if (!folder) throw new Error(`pocketpress needs the package ${name}: run "npm install"`);',
  '  return __vendorFileUrl(__vendorJoin(folder, file)).href;',
  '};',
].join('\n');
const NPM_LOCK = 'node_modules/.package-lock.json';

/** The package a bare import names ("@scope/name" or "name"), or undefined for a path or a Node module. */
function packageOf(spec) {
  if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:') || spec.startsWith('#')) return undefined;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Which bundle of dist/vendor/ holds each vendored package: the packages each file of src/vendor/ imports. */
function vendoredPackages(srcDir) {
  const owner = new Map();
  for (const file of listFiles(path.join(srcDir, VENDOR), ['.ts'])) {
    const text = readFileSync(path.join(srcDir, VENDOR, file), 'utf8');
    for (const m of text.matchAll(/^(?:import|export)\s+(?!type\s)[^;'"]*?\bfrom\s+['"]([^'"]+)['"]/gm)) {
      const name = packageOf(m[1]);
      if (name) owner.set(name, file.replace(/\.ts$/, '.js'));
    }
  }
  return owner;
}

/** The esbuild plugin that keeps one copy of each vendored package and gives bundled modules their own paths. */
function vendorPlugin(srcDir) {
  const owner = vendoredPackages(srcDir);
  return {
    name: 'pocketpress-vendor',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (Object.hasOwn(STAND_INS, args.path)) {
          const file = path.join(srcDir, STAND_INS_DIR, STAND_INS[args.path]);
          // CommonJS code that requires the module it stands in for gets its default export, as that module's exports.
          return args.kind === 'require-call' ? { path: file, namespace: 'stand-in-required' } : { path: file };
        }
        const name = packageOf(args.path);
        const bundle = name && owner.get(name);
        // The entry imports its own package; a package inside imports another vendored one from its bundle.
        if (!bundle || !args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        return { path: `./${bundle}`, external: true };
      });
      build.onLoad({ filter: /.*/, namespace: 'stand-in-required' }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(args.path)}).default;`,
        loader: 'js',
        resolveDir: path.dirname(args.path),
      }));
      build.onLoad({ filter: /[\\/]node_modules[\\/].*\.(m?js|cjs)$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const inside = args.path.slice(args.path.lastIndexOf(`node_modules${path.sep}`) + 'node_modules/'.length).split(path.sep);
        const name = inside[0].startsWith('@') ? `${inside[0]}/${inside[1]}` : inside[0];
        const file = inside.slice(name.split('/').length).join('/');
        const url = `__vendorUrl(${JSON.stringify(name)}, ${JSON.stringify(file)})`;
        return { contents: text.replaceAll('import.meta.url', url), loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/** Every source file under src/ with an output of its own (declaration files and the bundles' stand-ins have none). */
function sources(srcDir) {
  return listFiles(srcDir, ['.ts']).filter((f) => !f.endsWith('.d.ts') && !f.startsWith(STAND_INS_DIR));
}

/** What is out of date in dist/: sources edited after their output was written, and outputs whose source is gone. */
export function findStale(root = ROOT) {
  const srcDir = path.join(root, 'src');
  const distDir = path.join(root, 'dist');
  const all = sources(srcDir);
  // What the bundles are made of besides their sources: the packages npm installed, and the stand-ins.
  const installed = statSync(path.join(root, NPM_LOCK), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const standIns = listFiles(path.join(srcDir, STAND_INS_DIR), ['.ts']).map((f) => statSync(path.join(srcDir, STAND_INS_DIR, f)).mtimeMs);
  const bundledFrom = Math.max(installed, ...standIns);
  const stale = all.filter((file) => {
    const out = statSync(path.join(distDir, file.replace(/\.ts$/, '.js')), { throwIfNoEntry: false });
    return !out || statSync(path.join(srcDir, file)).mtimeMs > out.mtimeMs || (bundled(file) && bundledFrom > out.mtimeMs);
  });
  const expected = new Set(all.flatMap((f) => OUTPUTS.map((ext) => f.replace(/\.ts$/, ext))));
  const orphans = listFiles(distDir, OUTPUTS, [CLI_BUNDLE]).filter((f) => !expected.has(f));
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
  const common = {
    absWorkingDir: root,
    outbase: srcDir,
    outdir: distDir,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // A file transpiled alone keeps its functions' names: keepNames would only add a __name()
    // call wherever a function is made (every closure, every time): 4 % of laying out 100 cards.
    keepNames: false,
    sourcesContent: false,
    write: false,
    logLevel: 'silent',
  };
  const own = files.filter((f) => !bundled(f));
  const vendored = files.filter(bundled);
  const results = await Promise.all([
    own.length > 0 ? build({ ...common, entryPoints: own.map((f) => path.join(srcDir, f)), sourcemap: 'linked' }) : { outputFiles: [] },
    vendored.length > 0
      ? build({ ...common, entryPoints: vendored.map((f) => path.join(srcDir, f)), bundle: true, minifyWhitespace: true, minifySyntax: true, banner: { js: VENDOR_BANNER }, plugins: [vendorPlugin(srcDir)] })
      : { outputFiles: [] },
  ]).finally(() => stop());
  for (const out of results.flatMap((result) => result.outputFiles)) {
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

/** Whether a generated file is missing or older than what it is made from; false where there is nothing to make it from. */
function generatedStale(root, entry) {
  const srcDir = path.join(root, 'src');
  if (!existsSync(path.join(srcDir, entry.source))) return false;
  const out = statSync(path.join(root, 'dist', entry.out), { throwIfNoEntry: false });
  if (!out) return true;
  if (entry.codeCache) {
    const cache = codeCachePath(root, entry);
    if (!(statSync(cache, { throwIfNoEntry: false })?.mtimeMs >= out.mtimeMs) || codeCacheMadeFor(cache) !== CODE_CACHE_FOR) return true;
  }
  const sources = importClosure(srcDir, entry.source).map((file) => path.join(srcDir, file));
  return [...sources, ...entry.inputs(root).filter(Boolean)].some((file) => statSync(file).mtimeMs > out.mtimeMs);
}

/** The generated files of dist/ that must be written again (see GENERATED). */
export function staleGenerated(root = ROOT) {
  return GENERATED.filter((entry) => generatedStale(root, entry)).map((entry) => entry.out);
}

/** Whether dist/'s validators compiled ahead of time are missing or older than a source they come from. */
export function precompiledStale(root = ROOT) {
  return staleGenerated(root).includes(PRECOMPILED);
}

/**
 * Writes generated files of dist/ (all of them by default) from the compiled modules in dist/.
 * Each is made in a process of its own: this one may have loaded those modules before they changed.
 */
export async function writeGenerated(root = ROOT, outs = GENERATED.map((entry) => entry.out)) {
  for (const entry of GENERATED.filter((e) => outs.includes(e.out) && existsSync(path.join(root, 'src', e.source)))) {
    const source = pathToFileURL(path.join(root, 'dist', entry.source.replace(/\.ts$/, '.js'))).href;
    const script = `import { ${entry.name} } from ${JSON.stringify(source)};\nprocess.stdout.write(${entry.name}());\n`;
    const out = path.join(root, 'dist', entry.out);
    const text = runScript(root, script, `cannot write dist/${entry.out}`);
    mkdirSync(path.dirname(out), { recursive: true });
    writeWhole(out, text);
    if (entry.codeCache) writeCodeCache(root, entry, out);
  }
}

/** What an ES module script run by Node in a process of its own writes out; an error saying `failing` and why when it fails. */
function runScript(root, script, failing) {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) {
    const reason = /^\w*Error: .*$/m.exec(run.stderr ?? '')?.[0] ?? (run.error?.message || `exit ${run.status}`);
    throw new Error(`${failing}: ${reason}`);
  }
  return run.stdout;
}

const codeCachePath = (root, entry) => path.join(root, 'dist', `${entry.out}.v8-cache`);

/** What a code cache made now is made for: this Node, under the CLI's engine flags (V8 checks both). */
const CODE_CACHE_FOR = `node ${process.version}; ${ENGINE_FLAGS.join(' ')}`;

/** What a code cache file says it was made for: its second line (see src/shared/code-cache.ts); undefined when unreadable. */
function codeCacheMadeFor(file) {
  let fd;
  try {
    // Its first lines only: the cache is as large as the module's code, and this runs at every start.
    fd = openSync(file, 'r');
    const head = Buffer.alloc(2048);
    return head.subarray(0, readSync(fd, head, 0, head.length, 0)).toString('utf8').split('\n')[1];
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Writes the code cache of a generated CommonJS module (src/shared/code-cache.ts), made by
 * pocketpress's dist/shared/code-cache.js (compiled before what is generated) in a process of
 * its own with the CLI's engine flags: V8 takes cached code only under the flags it was made
 * with. A cache is a speed-up: one that cannot be made holds no code (and is not tried again
 * under the same Node), one that cannot be written is left out.
 */
function writeCodeCache(root, entry, file) {
  const flags = pathToFileURL(path.join(ROOT, 'bin', 'engine-flags.js')).href;
  const maker = pathToFileURL(path.join(ROOT, 'dist', 'shared', 'code-cache.js')).href;
  const args = `${JSON.stringify(file)}, ${JSON.stringify(CODE_CACHE_FOR)}`;
  const script = `import ${JSON.stringify(flags)};\nimport { makeCodeCache } from ${JSON.stringify(maker)};\nlet made;\ntry {\n  made = makeCodeCache(${args});\n} catch {\n  made = makeCodeCache(${args}, false);\n}\nprocess.stdout.write(made.toString('base64'));\n`;
  try {
    writeWhole(codeCachePath(root, entry), Buffer.from(runScript(root, script, 'cannot make the code cache'), 'base64'));
  } catch {
    rmSync(codeCachePath(root, entry), { force: true });
  }
}

/**
 * Compiles `files`, removes the `orphans` of dist/ (see findStale), writes the `generated` files
 * again, and bundles the CLI again when it is stale (with `rebundle`, in any case, removing the
 * files of earlier bundles that no running CLI names).
 */
async function update(root, files, orphans, generated = staleGenerated(root), { rebundle = false } = {}) {
  // The hash of dist/'s code, once its modules change (a module removed leaves no newer file):
  // removed first, so that dist/ left half-written (a full disk) is hashed as it is by whatever runs it.
  if (files.length > 0 || orphans.length > 0) {
    rmSync(path.join(root, 'dist', CODE_HASH), { force: true });
    if (!generated.includes(CODE_HASH)) generated = [...generated, CODE_HASH];
  }
  await compileFiles(files, root);
  for (const file of orphans) rmSync(path.join(root, 'dist', file), { force: true });
  if (generated.length > 0) await writeGenerated(root, generated);
  if (rebundle || bundleStale(root)) await bundleCli(root, { removeAll: rebundle });
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
  await update(root, all, orphans, GENERATED.map((entry) => entry.out), { rebundle: true });
  return all.length;
}

/**
 * Called by bin/pocketpress.js in a development checkout: compiles what was edited since the last
 * compilation. Returns nothing when dist/ is ready, else a problem to print; `fatal` when there
 * is no usable dist/ (or the sources do not compile) and the CLI cannot run.
 */
export async function refreshDist(root = ROOT) {
  const stamps = takeStamps(root, packageInputs(root));
  const found = findStale(root);
  const { orphans } = found;
  // Sources edited since the last look found dist/ up to date, whatever their dates say, and what is generated from them.
  const edited = changedSinceNoted(root, stamps).filter((place) => place.startsWith('src/')).map((place) => place.slice('src/'.length));
  // A stand-in is part of the bundles of src/vendor/, never compiled on its own: one edited, they are all made again.
  const standInEdited = edited.some((file) => file.startsWith(STAND_INS_DIR));
  const stale = [...new Set([...found.stale, ...edited.filter((file) => found.all.includes(file)), ...(standInEdited ? found.all.filter(bundled) : [])])];
  const srcDir = path.join(root, 'src');
  const generated = GENERATED.filter((entry) => generatedStale(root, entry) || (edited.length > 0 && existsSync(path.join(srcDir, entry.source)) && importClosure(srcDir, entry.source).some((file) => edited.includes(file)))).map((entry) => entry.out);
  if (stale.length === 0 && orphans.length === 0 && generated.length === 0 && !bundleStale(root)) {
    // The next CLI takes dist/ as it is while all this stands as it did (see checked-sources.js).
    noteChecked(root, stamps);
    return undefined;
  }
  const ready = existsSync(path.join(root, 'dist', 'cli', 'main.js'));
  try {
    await update(root, stale, orphans, generated);
    // Noted as the sources stood before it compiled: the next CLI sees dist/ changed and looks once more, and
    // a source edited meanwhile is compiled again then.
    noteChecked(root, stamps);
    return undefined;
  } catch (error) {
    // dist/ is compiled: it runs as it is, module by module (without a word where esbuild, a development dependency, is not installed).
    if (error?.bundle) return error.cause?.code === 'ERR_MODULE_NOT_FOUND' ? undefined : { message: `${error.message}; running dist/ as it is`, fatal: false };
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
    console.error(`pocketpress: ${error?.bundle ? error.message : `the sources do not compile: ${describeError(error)}`}`);
    process.exit(1);
  }
  console.error(`compiled ${count} files from src/ into dist/ in ${Math.round(performance.now() - started)} ms`);
}
