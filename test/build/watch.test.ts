import { cpSync, readdirSync, readFileSync, renameSync, statSync, watch, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchBuild } from '../../src/cli/watch-command.js';
import { FIXTURES, ROOT, tempDir } from '../helpers.js';

async function until(check: () => boolean, ms = 90_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('build --watch', () => {
  it('builds again after a save, shows a content error without stopping, and stops when asked', async () => {
    const game = path.join(tempDir(), 'primitives');
    cpSync(path.join(FIXTURES, 'valid', 'primitives'), game, { recursive: true });
    let stdout = '';
    const io = { stdout: (t: string) => void (stdout += t), stderr: () => {}, cwd: path.dirname(game) };
    const controller = new AbortController();
    const options = { out: tempDir(), format: 'text' as const, dpi: 36, paper: 'a4' as const, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };
    const done = watchBuild(game, options, 'test', io, controller.signal);
    await until(() => stdout.includes('watching'));
    expect(stdout).toMatch(/^wrote \d+ files/);

    const set = path.join(game, 'sets', 'tokens.yaml');
    writeFileSync(set, readFileSync(set, 'utf8').replace('label: "A"', 'label: 3'));
    await until(() => stdout.includes('wrong-type'));
    expect(stdout).toMatch(/changed: primitives\/sets\/tokens\.yaml: building again/);
    expect(stdout).toMatch(/tokens\.yaml:13:12 {2}error {2}wrong-type/);

    writeFileSync(set, readFileSync(set, 'utf8').replace('label: 3', 'label: "B"'));
    await until(() => (stdout.match(/^wrote/gm) ?? []).length === 2);
    controller.abort();
    expect(await done).toBe(0);
  }, 240_000);

  it('sees two saves by rename in a row, an in-place save, and a file an editor creates', async () => {
    const game = path.join(tempDir(), 'primitives');
    cpSync(path.join(FIXTURES, 'valid', 'primitives'), game, { recursive: true });
    let stdout = '';
    const io = { stdout: (t: string) => void (stdout += t), stderr: () => {}, cwd: path.dirname(game) };
    const controller = new AbortController();
    const options = { out: tempDir(), format: 'text' as const, dpi: 36, paper: 'a4' as const, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };
    const done = watchBuild(game, options, 'test', io, controller.signal);
    await until(() => stdout.includes('watching'));
    const set = path.join(game, 'sets', 'tokens.yaml');
    const builds = () => (stdout.match(/: building again/g) ?? []).length;
    // As Vim, Emacs, JetBrains' safe write and `sed -i` save: a new file renamed over the old one.
    for (const [n, label] of [[1, 'B'], [2, 'C']] as const) {
      writeFileSync(`${set}.tmp`, readFileSync(set, 'utf8').replace(/label: "[A-Z]"/, `label: "${label}"`));
      renameSync(`${set}.tmp`, set);
      await until(() => builds() === n);
    }
    writeFileSync(set, readFileSync(set, 'utf8').replace('label: "C"', 'label: "D"'));
    await until(() => builds() === 3);
    writeFileSync(path.join(game, 'NOTES.md'), '# Notes\n');
    await until(() => builds() === 4);
    expect(stdout).toMatch(/changed: primitives\/NOTES\.md: building again/);
    expect(stdout.match(/changed: primitives\/sets\/tokens\.yaml: building again/g)).toHaveLength(3);
    controller.abort();
    expect(await done).toBe(0);
  }, 240_000);
});

/** A copy of the primitives fixture built once into its own out/: a watch started on it finds everything up to date. */
async function builtGame() {
  const game = path.join(tempDir(), 'primitives');
  cpSync(path.join(FIXTURES, 'valid', 'primitives'), game, { recursive: true });
  const out = tempDir();
  const options = { out, format: 'text' as const, dpi: 36, paper: 'a4' as const, duplex: 'long' as const, backOffset: { x: 0, y: 0 } };
  const quiet = { stdout: () => {}, stderr: () => {}, cwd: path.dirname(game) };
  const { buildOnce } = await import('../../src/cli/build-command.js');
  expect((await buildOnce(game, options, 'test', quiet)).code).toBe(0);
  return { game, out, options, quiet };
}

describe('build --watch started on an output that is up to date', () => {
  it('rehearses the build without touching out/, then builds a save as usual', async () => {
    const { game, out, options, quiet } = await builtGame();
    const manifest = path.join(out, 'primitives', 'en', 'manifest.json');
    const before = statSync(manifest);
    let stdout = '';
    const io = { ...quiet, stdout: (t: string) => void (stdout += t) };
    // The rehearsal works in a staging folder of its own, then drops it: out/ is left as it was.
    const seen = new Set<string>();
    const watcher = watch(out, (_event, name) => void (name?.startsWith('.staging-') && seen.add(name)));
    const controller = new AbortController();
    const done = watchBuild(game, options, 'test', io, controller.signal);
    await until(() => stdout.includes('watching'));
    expect(stdout).toMatch(/^nothing changed since the last build/);
    await until(() => seen.size > 0 && !readdirSync(out).some((n) => n.startsWith('.staging-')));
    watcher.close();
    const after = statSync(manifest);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(stdout).not.toMatch(/wrote/);
    // A save: built as usual.
    const set = path.join(game, 'sets', 'tokens.yaml');
    writeFileSync(set, readFileSync(set, 'utf8').replace('label: "A"', 'label: "B"'));
    await until(() => (stdout.match(/^wrote/gm) ?? []).length === 1);
    expect(statSync(manifest).ino).not.toBe(before.ino);
    controller.abort();
    expect(await done).toBe(0);
  }, 240_000);

  it('builds a save made while it rehearses', async () => {
    const { game, out, options, quiet } = await builtGame();
    let stdout = '';
    const controller = new AbortController();
    const done = watchBuild(game, options, 'test', { ...quiet, stdout: (t: string) => void (stdout += t) }, controller.signal);
    await until(() => stdout.includes('watching'));
    const set = path.join(game, 'sets', 'tokens.yaml');
    // Saved at once, while the rehearsal runs: it is stopped, and the save is built.
    writeFileSync(set, readFileSync(set, 'utf8').replace('label: "A"', 'label: "C"'));
    await until(() => (stdout.match(/^wrote/gm) ?? []).length === 1);
    const manifest = JSON.parse(readFileSync(path.join(out, 'primitives', 'en', 'manifest.json'), 'utf8')) as { files: unknown[] };
    expect(manifest.files.length).toBeGreaterThan(3);
    await until(() => !readdirSync(out).some((n) => n.startsWith('.staging-')));
    controller.abort();
    expect(await done).toBe(0);
  }, 240_000);
});

describe('the code a build loads as it goes', () => {
  it('is loaded ahead by loadBuildCode (a watch calls it while it waits for the first save)', () => {
    // In a fresh process: the modules of Skia and sharp are not loaded by run-build itself.
    const script = `
      const { pathToFileURL } = require('node:url');
      const loaded = () => Object.keys(require.cache).filter((f) => /node_modules\\/(@napi-rs\\/canvas|sharp)\\//.test(f)).map((f) => f.match(/node_modules\\/(@napi-rs\\/canvas|sharp)\\//)[1]);
      import(pathToFileURL(${JSON.stringify(path.join(ROOT, 'dist', 'build', 'run-build.js'))}).href).then(async ({ loadBuildCode }) => {
        const before = [...new Set(loaded())].sort();
        await loadBuildCode();
        console.log(JSON.stringify({ before, after: [...new Set(loaded())].sort() }));
      });`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ before: [], after: ['@napi-rs/canvas', 'sharp'] });
  });
});
