// Puts the stand-in of stand-ins/brotli-decompress.ts in Node's module cache under the file of
// brotli's decoder that fontkit imports, so that fontkit is given it and brotli never loads
// (its dictionary, 750 KB of JavaScript, took 20–25 ms of every start, on each thread).
// Node gives an ES module the CommonJS module it imports out of that cache, when the cache
// holds it as the module graph is loaded: this module is evaluated before any graph that holds
// fontkit is imported, by the CLI (bin/pocketpress.js) and by each PNG worker (png-worker-start.ts).
import { createRequire, Module } from 'node:module';
import decompress from './stand-ins/brotli-decompress.js';

/** brotli's decoder as fontkit finds it; undefined where fontkit or brotli is not installed. */
export function brotliDecoderFile(): string | undefined {
  try {
    const fontkit = createRequire(import.meta.url).resolve('fontkit');
    return createRequire(fontkit).resolve('brotli/decompress.js');
  } catch {
    return undefined;
  }
}

/** Puts the stand-in in place; a Node whose module cache takes no such entry loads brotli as usual. */
function standIn(): void {
  const file = brotliDecoderFile();
  const cache = createRequire(import.meta.url).cache;
  if (!file || cache[file]) return;
  try {
    const module = new Module(file);
    module.filename = file;
    module.exports = decompress;
    module.loaded = true;
    cache[file] = module;
  } catch {
    // Left to brotli.
  }
}

standIn();
