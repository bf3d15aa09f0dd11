import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOnce, type BuildCommandOptions } from '../../src/cli/build-command.js';
import { FIXTURES, tempDir } from '../helpers.js';

const io = { stdout: () => {}, stderr: () => {}, cwd: '/' };

function options(out: string): BuildCommandOptions {
  return { out, format: 'text', dpi: 72, paper: 'a4', duplex: 'long', backOffset: { x: 0, y: 0 }, quiet: true };
}

describe('incremental builds', () => {
  it('makes nothing again when nothing changed, and only the changed card and its set\'s PDFs when one card changes', async () => {
    const game = path.join(tempDir(), 'full-game');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
    const out = tempDir();
    const first = await buildOnce(game, options(out), '0.0.0-test', io);
    expect(first.code).toBe(0);
    expect(first.stats['png']!.made).toBeGreaterThan(0);
    const again = await buildOnce(game, options(out), '0.0.0-test', io);
    expect(again.code).toBe(0);
    expect(Object.values(again.stats).every((s) => s.made === 0)).toBe(true);

    const before = readFileSync(path.join(out, 'full-game', 'en', 'png', 'cards', 'wick.png'));
    const set = path.join(game, 'sets', 'cards.yaml');
    writeFileSync(set, readFileSync(set, 'utf8').replace('name: {en: Oil, fr: Huile}', 'name: {en: Lamp oil, fr: Huile}'));
    const changed = await buildOnce(game, options(out), '0.0.0-test', io);
    expect(changed.code).toBe(0);
    // English only: the oil card's face is laid out and rendered again; its set's print-shop
    // PDF and sheet PDF are made again; nothing else.
    expect(changed.stats['layout']!.made).toBe(1);
    expect(changed.stats['png']!.made).toBe(1);
    // The set's sheets, its print-shop PDF and the print-and-play kit.
    expect(changed.stats['pdf']!.made).toBe(3);
    expect(readFileSync(path.join(out, 'full-game', 'en', 'png', 'cards', 'wick.png')).equals(before)).toBe(true);
  }, 60_000);

  it('a new tool version makes everything again', async () => {
    const out = tempDir();
    const game = path.join(FIXTURES, 'valid', 'primitives');
    const first = await buildOnce(game, options(out), '1.0.0', io);
    const same = await buildOnce(game, options(out), '1.0.0', io);
    expect(same.stats['png']!.made).toBe(0);
    const next = await buildOnce(game, options(out), '1.0.1', io);
    // The French face is the English one (no text differs), so it comes from the cache in both runs.
    expect(next.stats).toEqual(first.stats);
    expect(next.stats['png']!.made).toBe(1);
  });
});
