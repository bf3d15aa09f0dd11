import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PRECOMPILED, precompiledStale } from '../../bin/compile.js';
import { codeCacheFile, loadCommonJs, makeCodeCache } from '../../src/shared/code-cache.js';
import { ROOT, tempDir } from '../helpers.js';

const MADE_FOR = 'node test; --flags';

/** A CommonJS module in a folder of its own, and its code cache made now (in this process, under its flags). */
function moduleWithCache(source: string): string {
  const file = path.join(tempDir('pocketpress-code-cache-'), 'module.cjs');
  writeFileSync(file, source);
  writeFileSync(codeCacheFile(file), makeCodeCache(file, MADE_FOR));
  return file;
}

const SOURCE = "const path = require('node:path');\nexports.answer = function answer(n) { return [n * 2, path.basename(__filename), typeof module.exports]; };\n";

describe('a CommonJS module loaded with its code cache', () => {
  it('runs as require runs it, its code taken from the cache', () => {
    const file = moduleWithCache(SOURCE);
    const loaded = loadCommonJs(file)!;
    expect(loaded.fromCache).toBe(true);
    expect((loaded.exports['answer'] as (n: number) => unknown)(21)).toEqual([42, 'module.cjs', 'object']);
  });

  it('a module edited since its cache was made runs its new code, even at the same length (V8 checks only the length)', () => {
    const file = moduleWithCache(SOURCE);
    const edited = SOURCE.replace('n * 2', 'n * 3');
    expect(edited.length).toBe(SOURCE.length);
    writeFileSync(file, edited);
    const loaded = loadCommonJs(file)!;
    expect(loaded.fromCache).toBe(false);
    expect((loaded.exports['answer'] as (n: number) => unknown[])(21)[0]).toBe(63);
  });

  it("holds the digest of the module's text as Node's loader wraps it, hashed from its bytes: a cache made by an earlier version is still taken", () => {
    const source = `${SOURCE}exports.text = 'Quel œuf ! « Déjà vu » 🂡';\n`;
    const file = moduleWithCache(source);
    const kept = readFileSync(codeCacheFile(file));
    const digests = kept.indexOf(0x0a, kept.indexOf(0x0a) + 1) + 1;
    const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
    expect(kept.subarray(digests, digests + 32).toString('hex')).toBe(createHash('sha256').update(wrapped).digest('hex'));
    const loaded = loadCommonJs(file)!;
    expect([loaded.fromCache, loaded.exports['text']]).toEqual([true, 'Quel œuf ! « Déjà vu » 🂡']);
  });

  it('a damaged, cut or foreign cache is left aside and the module compiled as usual', () => {
    const file = moduleWithCache(SOURCE);
    const good = readFileSync(codeCacheFile(file));
    // MAGIC and the "made for" line, then the two digests.
    const header = good.indexOf(0x0a, good.indexOf(0x0a) + 1) + 1 + 64;
    expect(good.subarray(0, header - 64).toString()).toBe(`pocketpress-v8-cache-2\n${MADE_FOR}\n`);
    const damaged = Buffer.from(good);
    for (let i = header; i < damaged.length; i += 7) damaged[i] = damaged[i]! ^ 0xa5;
    // One byte of V8's data changed: V8 itself would take it.
    const oneByte = Buffer.from(good);
    oneByte[header + Math.floor((good.length - header) / 2)]! ^= 1;
    for (const bytes of [oneByte, good.subarray(0, 10), good.subarray(0, header), damaged, Buffer.from('not a cache at all'), Buffer.alloc(0)]) {
      writeFileSync(codeCacheFile(file), bytes);
      const loaded = loadCommonJs(file)!;
      expect(loaded.fromCache).toBe(false);
      expect((loaded.exports['answer'] as (n: number) => unknown[])(5)[0]).toBe(10);
    }
  });

  it('says what it was made for; one made without code (it could not be made) is left aside', () => {
    const file = moduleWithCache(SOURCE);
    /** The "made for" line (the second), which bin/compile.js reads. */
    const madeFor = () => readFileSync(codeCacheFile(file)).toString('latin1').split('\n')[1];
    expect(madeFor()).toBe(MADE_FOR);
    writeFileSync(codeCacheFile(file), makeCodeCache(file, 'node elsewhere', false));
    expect(madeFor()).toBe('node elsewhere');
    const loaded = loadCommonJs(file)!;
    expect(loaded.fromCache).toBe(false);
    expect((loaded.exports['answer'] as (n: number) => unknown[])(4)[0]).toBe(8);
  });

  it('runs the module with its exports as `this`, as require does', () => {
    const file = moduleWithCache("exports.self = this === module.exports;\n");
    expect(loadCommonJs(file)!.exports['self']).toBe(true);
  });

  it('a missing module is undefined; a module without a cache loads without one', () => {
    const file = moduleWithCache(SOURCE);
    expect(loadCommonJs(path.join(path.dirname(file), 'absent.cjs'))).toBeUndefined();
    writeFileSync(codeCacheFile(file), '');
    const bare = path.join(path.dirname(file), 'bare.cjs');
    writeFileSync(bare, SOURCE);
    expect(existsSync(codeCacheFile(bare))).toBe(false);
    expect(loadCommonJs(bare)).toMatchObject({ fromCache: false });
  });

  it("dist/'s validators have a cache the CLI's V8 takes (made by bin/compile.js under the CLI's engine flags)", () => {
    expect(precompiledStale(ROOT)).toBe(false);
    const validators = path.join(ROOT, 'dist', PRECOMPILED);
    const script = [
      `import ${JSON.stringify(pathToFileURL(path.join(ROOT, 'bin', 'engine-flags.js')).href)};`,
      `import { loadCommonJs } from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'dist', 'shared', 'code-cache.js')).href)};`,
      `const { exports, fromCache } = loadCommonJs(${JSON.stringify(validators)});`,
      'process.stdout.write(JSON.stringify({ fromCache, exports: Object.keys(exports).sort() }));',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ fromCache: true, exports: ['fieldDefs', 'fieldMeta', 'game', 'itemBase', 'printers', 'project', 'set', 'template'] });
  });
});
