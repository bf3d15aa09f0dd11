// Puts stand-ins of stand-ins/ in Node's module cache under the files of the CommonJS packages
// fontkit (not bundled: see NOT_BUNDLED in bin/compile.js) loads at every start, so that fontkit
// and the packages it imports are given them and the packages never run:
// - brotli's decoder, imported for WOFF2 fonts alone: its dictionary, 750 KB of JavaScript,
//   took 20–25 ms of every start, on each thread;
// - tiny-inflate, with which unicode-trie inflates, as fontkit and unicode-properties load,
//   the tables of Unicode properties and scripts that shaping looks up: 24 ms on the main
//   thread of a one-card rebuild, 12 ms on each PNG worker.
// Node gives an ES module the CommonJS module it imports out of that cache, when the cache
// holds it as the module graph is loaded: this module is evaluated before any graph that holds
// fontkit is imported, by the CLI (bin/pocketpress.js) and by each PNG worker (png-worker-start.ts).
import { createRequire, Module } from 'node:module';
import decompress from './stand-ins/brotli-decompress.js';
import inflate from './stand-ins/tiny-inflate.js';

/** A module fontkit imports, `via` the packages named (each found from the one before), as Node finds it; undefined where one is not installed. */
function fileOf(via: readonly string[], spec: string): string | undefined {
  try {
    let from = createRequire(import.meta.url).resolve('fontkit');
    for (const name of via) from = createRequire(from).resolve(name);
    return createRequire(from).resolve(spec);
  } catch {
    return undefined;
  }
}

/** The files stood in for, each with its stand-in: fontkit's brotli decoder, and the tiny-inflate of fontkit and of unicode-trie (one file where npm installed one copy). */
function standInFiles(): Map<string, unknown> {
  const files = new Map<string, unknown>();
  const put = (file: string | undefined, exports: unknown) => file && files.set(file, exports);
  put(fileOf([], 'brotli/decompress.js'), decompress);
  put(fileOf([], 'tiny-inflate'), inflate);
  put(fileOf(['unicode-trie'], 'tiny-inflate'), inflate);
  put(fileOf(['unicode-properties', 'unicode-trie'], 'tiny-inflate'), inflate);
  return files;
}

/** Puts the stand-ins in place; a Node whose module cache takes no such entry loads the packages as usual. */
function standIn(): void {
  const cache = createRequire(import.meta.url).cache;
  for (const [file, exports] of standInFiles()) {
    if (cache[file]) continue;
    try {
      const module = new Module(file);
      module.filename = file;
      module.exports = exports;
      module.loaded = true;
      cache[file] = module;
    } catch {
      // Left to the package.
    }
  }
}

standIn();
