import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli, tempDir } from '../helpers.js';

/** The full game whose tiles set makes one tile per exit and shade from one item. */
function gameWithExpansion(values: string): string {
  const game = path.join(tempDir(), 'full-game');
  cpSync(path.join(FIXTURES, 'valid', 'full-game'), game, { recursive: true });
  const tiles = path.join(game, 'sets', 'tiles.yaml');
  const text = readFileSync(tiles, 'utf8')
    .replace('fields:\n  type: object\n  properties:\n', 'fields:\n  type: object\n  properties:\n    level: {type: integer, minimum: 1, maximum: 3}\n    ground: {enum: [stone, moss]}\n')
    .replace(/^items:[\s\S]*$/m, `expand: ${values}\nitems:\n  - id: street\n    exits: [north, south]\n`);
  writeFileSync(tiles, text);
  return game;
}

describe('expand: one item per combination', () => {
  it('makes a tile of each ground and level from one item, with the values in the ids', async () => {
    const game = gameWithExpansion('{ground: [stone, moss], level: "1..3"}');
    const check = await runCli(['validate', game, '--strict', '--format', 'json']);
    expect(JSON.parse(check.stdout)).toEqual({ diagnostics: [], errors: 0, warnings: 0 });
    const out = tempDir();
    expect((await runCli(['build', game, '--out', out, '--dpi', '30', '--lang', 'en'])).code).toBe(0);
    for (const id of ['street-stone-1', 'street-stone-2', 'street-stone-3', 'street-moss-1', 'street-moss-2', 'street-moss-3']) {
      expect(existsSync(path.join(out, 'full-game', 'en', 'png', 'tiles', `${id}.png`)), id).toBe(true);
    }
    const engine = JSON.parse(readFileSync(path.join(out, 'full-game', 'en', 'full-game.json'), 'utf8')) as { sets: { id: string; copies: number }[] };
    expect(engine.sets.find((s) => s.id === 'tiles')!.copies).toBe(6);
  });

  it('a value the field schema refuses is reported at the expansion', async () => {
    const game = gameWithExpansion('{ground: [stone, lava], level: "1..3"}');
    const result = await runCli(['validate', game, '--format', 'json']);
    expect(result.code).toBe(1);
    const tiles = readFileSync(path.join(game, 'sets', 'tiles.yaml'), 'utf8').split('\n');
    const line = tiles.findIndex((l) => l.startsWith('expand:')) + 1;
    const found = (JSON.parse(result.stdout) as { diagnostics: { code: string; line: number; file: string }[] }).diagnostics;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((d) => d.code === 'bad-value' && d.line === line && d.file.endsWith('tiles.yaml'))).toBe(true);
  });
});
