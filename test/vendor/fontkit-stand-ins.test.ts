// fontkit with brotli's decoder and tiny-inflate replaced by Node's (src/vendor/fontkit-stand-ins.ts):
// in the CLI and its PNG workers brotli and tiny-inflate never run, a WOFF2 font still reads as
// the WOFF of the same face, and the Unicode tables unicode-trie inflates are the same.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIXTURES, ROOT, tempDir } from '../helpers.js';

const dist = (file: string) => JSON.stringify(pathToFileURL(path.join(ROOT, 'dist', file)).href);

/**
 * What Node's module cache holds of brotli and tiny-inflate, thread by thread, each time it
 * changes and as the process ends (an --import'ed probe; a PNG worker is stopped without an exit event).
 */
const PROBE = `data:text/javascript,${encodeURIComponent(`
import { createRequire } from 'node:module';
import { writeSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
const cache = createRequire(process.cwd() + '/').cache;
let last = '';
const report = () => {
  const held = JSON.stringify(Object.entries(cache).filter(([k]) => k.includes('brotli') || k.includes('tiny-inflate')).map(([k, m]) => [k.slice(k.search(/brotli|tiny-inflate/)), m.loaded, typeof m.exports === 'function' ? m.exports.name : '']).sort());
  if (held !== last) writeSync(2, 'BROTLI ' + threadId + ' ' + held + '\\n');
  last = held;
};
setInterval(report, 5).unref();
process.on('exit', report);
`)}`;

describe("fontkit's Brotli decoder and tiny-inflate", () => {
  it('are the stand-ins in the CLI and in each PNG worker: brotli and its dictionary never load, tiny-inflate never runs', () => {
    const run = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'pocketpress.js'), 'build', path.join(FIXTURES, 'valid', 'full-game'), '--out', tempDir(), '--no-cache', '--quiet', '--dpi', '40'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: `--import=${PROBE}` },
    });
    expect(run.stderr.split('\n').filter((l) => !l.startsWith('BROTLI ')).join('\n').trim()).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stderr.split('\n').filter((l) => l.startsWith('BROTLI '));
    const held = new Map(lines.map((l) => [l.split(' ')[1], JSON.parse(l.split(' ').slice(2).join(' ')) as unknown]));
    // The main thread and at least one PNG worker, each as it was last seen.
    expect(held.size).toBeGreaterThanOrEqual(2);
    for (const [thread, last] of held) {
      // Node read decode.js's exports (it re-exports them) without running it; the dictionary never.
      expect(last, `thread ${thread}`).toEqual([
        ['brotli/dec/decode.js', false, ''],
        ['brotli/decompress.js', true, 'decompress'],
        ['tiny-inflate/index.js', true, 'inflate'],
      ]);
    }
    // Nothing of brotli was ever run: no thread held its dictionary at any time.
    expect(lines.filter((l) => l.includes('dictionary'))).toEqual([]);
  }, 120_000);

  it('reads a WOFF2 font (under another name) as the WOFF of the same face: the same glyphs and advances', () => {
    const files = path.join(ROOT, 'node_modules', '@fontsource', 'alegreya-sans', 'files');
    const script = `
      await import(${dist('vendor/fontkit-stand-ins.js')});
      const fontkit = await import(${dist('vendor/fontkit.js')});
      const { readFileSync } = await import('node:fs');
      const text = 'Quel œuf ! « Déjà vu », 0123456789 — fin.';
      const shaped = (file) => {
        const font = fontkit.create(readFileSync(file));
        const run = font.layout(text);
        return { type: font.type, glyphs: run.glyphs.map((g) => g.id), advances: run.positions.map((p) => p.xAdvance), path: font.getGlyph(run.glyphs[0].id).path.toSVG() };
      };
      const woff2 = shaped(${JSON.stringify(path.join(files, 'alegreya-sans-latin-400-normal.woff2'))});
      const woff = shaped(${JSON.stringify(path.join(files, 'alegreya-sans-latin-400-normal.woff'))});
      const { createRequire } = await import('node:module');
      const dictionary = Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes('dictionary'));
      process.stdout.write(JSON.stringify({ woff2, woff, dictionary }));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const { woff2, woff, dictionary } = JSON.parse(run.stdout) as { woff2: { type: string; glyphs: number[] }; woff: { type: string; glyphs: number[] }; dictionary: boolean };
    expect([woff2.type, woff.type]).toEqual(['WOFF2', 'WOFF']);
    expect(woff2.glyphs.length).toBeGreaterThan(30);
    expect({ ...woff2, type: '' }).toEqual({ ...woff, type: '' });
    expect(dictionary).toBe(false);
  });

  it('inflate the same Unicode tables: every code point has the same category, script, combining class and digit value', () => {
    // unicode-properties as fontkit imports it; its tables are inflated as it loads.
    const lookUp = (standIns: boolean) => `
      ${standIns ? `await import(${dist('vendor/fontkit-stand-ins.js')});` : ''}
      const { createRequire } = await import('node:module');
      const { createHash } = await import('node:crypto');
      const { pathToFileURL } = await import('node:url');
      const fromFontkit = createRequire(createRequire(${JSON.stringify(path.join(ROOT, 'package.json'))}).resolve('fontkit'));
      const properties = await import(pathToFileURL(fromFontkit.resolve('unicode-properties')).href);
      const unicode = properties.default ?? properties;
      const hash = createHash('sha256');
      for (let c = 0; c <= 0x10ffff; c++) hash.update(unicode.getCategory(c) + unicode.getScript(c) + unicode.getCombiningClass(c) + unicode.getNumericValue(c) + ';');
      const inflate = Object.entries(createRequire(import.meta.url).cache).filter(([k]) => k.includes('tiny-inflate')).map(([, m]) => m.exports.name);
      process.stdout.write(JSON.stringify({ digest: hash.digest('hex'), inflate, scripts: [unicode.getScript(0x0627), unicode.getScript(0x0915), unicode.getCategory(0x0301)] }));
    `;
    const run = (standIns: boolean) => {
      const done = spawnSync(process.execPath, ['--input-type=module', '-e', lookUp(standIns)], { cwd: ROOT, encoding: 'utf8' });
      expect(done.stderr).toBe('');
      return JSON.parse(done.stdout) as { digest: string; inflate: string[]; scripts: string[] };
    };
    const standIn = run(true);
    const original = run(false);
    expect(standIn.inflate).toEqual(['inflate']);
    expect(original.inflate).toEqual(['tinf_uncompress']);
    expect(standIn.scripts).toEqual(['Arabic', 'Devanagari', 'Mn']);
    expect(standIn.digest).toBe(original.digest);
  }, 60_000);
});
