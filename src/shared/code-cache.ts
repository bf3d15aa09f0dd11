import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A large generated CommonJS module of dist/ (the content files' validators: 580 KB of code)
 * loaded with the code V8 compiled for it, which bin/compile.js keeps beside it. Node compiles
 * a module's functions as each is first called: the validators' took 18–25 ms of every
 * `validate` and `build` (their first run, cold, 8 ms more). With their code read back, they
 * load in about half the time and validate at once.
 *
 * The file holds MAGIC; a line saying what it was made for (the Node and the engine flags, so
 * that bin/compile.js makes it again under others); the SHA-256 of the code compiled (the
 * module as wrapped) and that of V8's cached data; then the data, which may be missing (it
 * could not be made). V8 refuses data made by another version of itself or under other flags
 * (the module is then compiled as usual), but checks the code only by its length and takes
 * damaged data as it is: the digests make an edited module never run another's code, nor a
 * damaged cache run at all.
 */

/** Where a module's code cache is kept: beside it. */
export const codeCacheFile = (file: string): string => `${file}.v8-cache`;

const MAGIC = Buffer.from('pocketpress-v8-cache-2\n');
const DIGEST_BYTES = 32;
/** The longest "made for" line read back. */
const MAX_MADE_FOR = 1024;

/** How Node's CommonJS loader wraps a module's source: what is compiled, and cached. */
const WRAP_START = '(function (exports, require, module, __filename, __dirname) {';
const WRAP_END = '\n})';

const digestOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/**
 * A module's file read: the code compiled (its source, wrapped) and its digest, that of the
 * wrapped source's bytes, hashed as read: hashing the text encodes it again (the validators'
 * 580 KB: 3 ms of every load; a 2 MB file, 23 ms against 2).
 */
function readModule(file: string): { code: string; digest: Buffer } {
  const bytes = readFileSync(file);
  return { code: WRAP_START + bytes.toString('utf8') + WRAP_END, digest: createHash('sha256').update(WRAP_START).update(bytes).update(WRAP_END).digest() };
}

/**
 * The code cache of the CommonJS module `file` (what codeCacheFile holds), `madeFor` saying
 * under what it was made: every function of the module compiled at once (V8's `--no-lazy` for
 * this one compilation), not only those a first call would compile. Made by bin/compile.js in
 * a process with the CLI's engine flags (V8 checks them). Without `data`, a cache that holds no
 * code (it could not be made here), which tells bin/compile.js not to try again under the same.
 */
export function makeCodeCache(file: string, madeFor: string, data = true): Buffer {
  const { code, digest } = readModule(file);
  let cached = Buffer.alloc(0);
  if (data) {
    v8.setFlagsFromString('--no-lazy');
    let script: vm.Script;
    try {
      script = new vm.Script(code, { filename: file });
    } finally {
      v8.setFlagsFromString('--lazy');
    }
    cached = script.createCachedData();
  }
  return Buffer.concat([MAGIC, Buffer.from(`${madeFor.replace(/\n/g, ' ')}\n`), digest, digestOf(cached), cached]);
}

interface KeptCache {
  codeDigest: Buffer;
  dataDigest: Buffer;
  data: Buffer;
}

/** A code cache file read into its parts; undefined when there is none or it is not one. */
function readKept(file: string): KeptCache | undefined {
  let kept: Buffer;
  try {
    kept = readFileSync(codeCacheFile(file));
  } catch {
    return undefined;
  }
  if (!kept.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  // The "made for" line, read by bin/compile.js alone.
  const end = kept.indexOf(0x0a, MAGIC.length);
  if (end < 0 || end - MAGIC.length > MAX_MADE_FOR || kept.length < end + 1 + 2 * DIGEST_BYTES) return undefined;
  const digests = end + 1;
  return {
    codeDigest: kept.subarray(digests, digests + DIGEST_BYTES),
    dataDigest: kept.subarray(digests + DIGEST_BYTES, digests + 2 * DIGEST_BYTES),
    data: kept.subarray(digests + 2 * DIGEST_BYTES),
  };
}

export interface LoadedModule {
  exports: Record<string, unknown>;
  /** Whether V8 took the kept code (false: none was kept for this source, or V8 refused it). */
  fromCache: boolean;
}

/**
 * Loads the CommonJS module `file` as `require` would (its own `require`, `module` and
 * `exports`, `this` its exports), with its code cache when one was kept for this very code;
 * undefined when the file does not exist.
 */
export function loadCommonJs(file: string): LoadedModule | undefined {
  let read: { code: string; digest: Buffer };
  try {
    read = readModule(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const { code, digest } = read;
  const kept = readKept(file);
  const cachedData = kept && kept.data.length > 0 && kept.codeDigest.equals(digest) && kept.dataDigest.equals(digestOf(kept.data)) ? kept.data : undefined;
  const script = new vm.Script(code, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as Record<string, unknown> };
  (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return { exports: module.exports, fromCache: cachedData !== undefined && !script.cachedDataRejected };
}
