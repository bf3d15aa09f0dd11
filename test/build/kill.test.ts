import { spawn } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, hashTree, ROOT, tempDir } from '../helpers.js';

const BIN = path.join(ROOT, 'bin', 'pocketpress.js');

/** The game × language folders of an output, without the cache. */
function outputs(out: string): Record<string, Record<string, string>> {
  const result: Record<string, Record<string, string>> = {};
  for (const lang of ['en', 'fr']) result[lang] = hashTree(path.join(out, 'full-game', lang));
  return result;
}

interface Child {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Builds in a child process; `kill` decides, from what it printed so far, when to send its signal. */
function build(game: string, out: string, kill?: { signal: NodeJS.Signals; when: (stderr: string) => boolean; delayMs: number }): Promise<Child> {
  return new Promise((resolve) => {
    // Without the cache, so that each build takes long enough to be caught in the middle.
    const child = spawn(process.execPath, [BIN, 'build', game, '--out', out, '--dpi', '72', '--no-cache'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let sent = false;
    // A kill meant for the start is sent as soon as the process exists, before it has printed anything.
    if (kill && kill.when('')) {
      sent = true;
      setTimeout(() => child.kill(kill.signal), kill.delayMs);
    }
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (kill && !sent && kill.when(stderr)) {
        sent = true;
        setTimeout(() => child.kill(kill.signal), kill.delayMs);
      }
    });
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

function leftovers(out: string): string[] {
  return readdirSync(out).filter((n) => n.startsWith('.staging-') || n.startsWith('.commit-'));
}

describe('a build killed at any moment', () => {
  it('leaves out/ whole (the previous build or the new one), and the next build leaves no staging folder', { timeout: 600_000 }, async () => {
    const base = tempDir('pocketpress-kill-');
    const game = path.join(base, 'full-game');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
    const out = path.join(base, 'out');
    // The Tabletop Simulator export names images by absolute paths inside out/: both versions are built there.
    const set = path.join(game, 'sets', 'cards.yaml');
    const original = readFileSync(set, 'utf8');
    const renamed = original.replace('name: {en: Oil, fr: Huile}', 'name: {en: Lamp oil, fr: Huile}');
    writeFileSync(set, renamed);
    expect((await build(game, out)).code).toBe(0);
    const next = outputs(out);
    writeFileSync(set, original);
    expect((await build(game, out)).code).toBe(0);
    const previous = outputs(out);
    expect(next.en).not.toEqual(previous.en);
    // Every killed build tries to make the new version over the previous one.
    writeFileSync(set, renamed);

    const kills: { signal: NodeJS.Signals; when: (stderr: string) => boolean; delayMs: number }[] = [];
    for (const signal of ['SIGTERM', 'SIGHUP', 'SIGKILL', 'SIGINT'] as NodeJS.Signals[]) {
      // As it starts (a build of this game takes well over 300 ms), while it builds the first language, and after it printed its last progress line (the commit is near).
      kills.push({ signal, when: () => true, delayMs: Math.floor(Math.random() * 300) });
      kills.push({ signal, when: (s) => s.includes('[1/2]'), delayMs: Math.floor(Math.random() * 300) });
      kills.push({ signal, when: (s) => s.includes('[2/2]'), delayMs: Math.floor(Math.random() * 20) });
    }
    let stopped = 0;
    for (const kill of kills) {
      // A SIGKILL leaves its staging folder until a later build reaches its start and clears it: not this build's own.
      const before = leftovers(out);
      const child = await build(game, out, kill);
      const now = outputs(out);
      const label = `${kill.signal} after ${kill.delayMs} ms (exit ${child.code}, signal ${child.signal})`;
      if (child.code !== 0) stopped += 1;
      console.log(label);
      for (const lang of ['en', 'fr'] as const) {
        const whole = JSON.stringify(now[lang]) === JSON.stringify(previous[lang]) || JSON.stringify(now[lang]) === JSON.stringify(next[lang]);
        expect(whole, `${label}: out/full-game/${lang} is neither the previous nor the new build`).toBe(true);
      }
      if (child.signal === null && child.code !== 0) {
        // Stopped by a handled signal: the exit code says which, the staging folder is gone already.
        expect({ SIGTERM: 143, SIGHUP: 129, SIGINT: 130 }[kill.signal as string], label).toBe(child.code);
        expect(leftovers(out).filter((n) => !before.includes(n)), label).toEqual([]);
      }
    }
    // Those sent as the build starts always land before it ends.
    expect(stopped).toBeGreaterThanOrEqual(4);
    // The next build finishes or rolls back whatever a SIGKILL left, and removes it.
    expect((await build(game, out)).code).toBe(0);
    expect(leftovers(out)).toEqual([]);
    expect(outputs(out)).toEqual(next);
    expect(statSync(out).isDirectory()).toBe(true);
  });
});
