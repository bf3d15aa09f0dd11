import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli, tempDir } from '../helpers.js';

describe('a shape drawn into a box of the wrong proportions', () => {
  it.each([
    ['hex', '{width: 40mm, height: 40mm}', /a regular hexagon is √3\/2 as wide across its flats as across its corners \(e\.g\. 40 × 34\.64\)/],
    ['circle', '{width: 40mm, height: 30mm}', /a circle needs a square size; this size draws an ellipse/],
  ])('a %s on %s is a stretched-shape warning at its shape', async (shape, size, message) => {
    const game = path.join(tempDir(), 'full-game');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
    const tiles = path.join(game, 'sets', 'tiles.yaml');
    const text = readFileSync(tiles, 'utf8').replace(/^size: .*$/m, `size: ${size}`).replace(/^shape: .*$/m, `shape: ${shape}`);
    writeFileSync(tiles, text);
    const line = text.split('\n').findIndex((l) => l.startsWith('shape:')) + 1;
    const result = await runCli(['validate', game, '--format', 'json']);
    const found = (JSON.parse(result.stdout) as { diagnostics: { code: string; severity: string; line: number; message: string }[] }).diagnostics.filter((d) => d.code === 'stretched-shape');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warning', line });
    expect(found[0]!.message).toMatch(message);
  });

  it('a regular hexagon and a round token pass', async () => {
    const game = path.join(tempDir(), 'full-game');
    cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
    const tiles = path.join(game, 'sets', 'tiles.yaml');
    writeFileSync(tiles, readFileSync(tiles, 'utf8').replace(/^size: .*$/m, 'size: {width: 40mm, height: 34.64mm}'));
    const result = await runCli(['validate', game, '--format', 'json']);
    expect(JSON.parse(result.stdout).diagnostics.filter((d: { code: string }) => d.code === 'stretched-shape')).toEqual([]);
  });
});
