import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { idFromFolder } from '../../src/init/init-game.js';
import { ROOT, runCli, tempDir } from '../helpers.js';

describe('pocketpress init', () => {
  it('writes a game that validates at once, in both languages', async () => {
    const parent = tempDir();
    const result = await runCli(['init', 'Ma Partie'], parent);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Wrote the game "ma-partie" to Ma Partie\/ \(6 files\)/);
    const dir = path.join(parent, 'Ma Partie');
    for (const f of ['game.yaml', 'sets/cards.yaml', 'templates/card-front.yaml', 'templates/card-back.yaml', 'rules/en.md', 'rules/fr.md']) {
      expect(existsSync(path.join(dir, f)), f).toBe(true);
    }
    const check = await runCli(['validate', dir, '--strict', '--format', 'json']);
    expect(JSON.parse(check.stdout)).toEqual({ diagnostics: [], errors: 0, warnings: 0 });
    expect(check.code).toBe(0);
    const out = tempDir();
    const build = await runCli(['build', dir, '--strict', '--out', out, '--dpi', '72']);
    expect(build.stderr).toBe('[1/2] ma-partie/en\n[2/2] ma-partie/fr\n');
    expect(build.stdout).toMatch(/^wrote \d+ files for ma-partie\/en, ma-partie\/fr/);
    expect(build.code).toBe(0);
    expect(existsSync(path.join(out, 'ma-partie', 'fr', 'rulebook.pdf'))).toBe(true);
  }, 60_000);

  it('points editors at the published schemas with a working relative path', async () => {
    const parent = tempDir();
    await runCli(['init', 'g'], parent);
    const first = readFileSync(path.join(parent, 'g', 'sets', 'cards.yaml'), 'utf8').split('\n')[0]!;
    const match = /^# yaml-language-server: \$schema=(.+)$/.exec(first);
    expect(match).not.toBeNull();
    const target = path.resolve(parent, 'g', 'sets', match![1]!);
    expect(target).toBe(path.join(ROOT, 'schemas', 'set.schema.json'));
    expect(existsSync(target)).toBe(true);
  });

  it('refuses a folder that has files in it (exit 2) and leaves it alone', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    const result = await runCli(['init', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/already exists and is not empty/);
    expect(readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine');
    expect(existsSync(path.join(dir, 'game.yaml'))).toBe(false);
  });

  it('accepts an empty folder, and refuses an id that cannot be one', async () => {
    const dir = path.join(tempDir(), 'empty');
    mkdirSync(dir);
    expect((await runCli(['init', dir])).code).toBe(0);
    const bad = await runCli(['init', path.join(tempDir(), 'x'), '--id', 'Bad Id']);
    expect(bad.code).toBe(2);
  });

  it('makes ids from folder names', () => {
    expect(idFromFolder('Cadwallon in my Pocket!')).toBe('cadwallon-in-my-pocket');
    expect(idFromFolder('Épée & Bouclier')).toBe('epee-bouclier');
    expect(idFromFolder('***')).toBe('my-game');
  });
});

describe('pocketpress init --from a spreadsheet', () => {
  it('makes a deck that reads the sheet, guessing the fields, and builds one card per row', async () => {
    const parent = tempDir();
    writeFileSync(path.join(parent, 'monsters.csv'), 'name.en;name.fr;attack;code;tags[]\nFire Imp;Diablotin;3;007;fire | small\nStone Golem;Golem de pierre;5;012;earth\n');
    const result = await runCli(['init', 'deck', '--from', 'monsters.csv'], parent);
    expect(result.code).toBe(0);
    const set = readFileSync(path.join(parent, 'deck', 'sets', 'cards.yaml'), 'utf8');
    expect(set).toContain('    name: {$ref: "#/$defs/text"}\n    attack: {type: integer}\n    code: {$ref: "#/$defs/text"}\n    tags: {type: array, items: {type: string}}\n');
    expect(set).toContain('items: {file: sets/cards.csv, idFrom: name}');
    const check = await runCli(['validate', path.join(parent, 'deck'), '--strict', '--format', 'json']);
    expect(JSON.parse(check.stdout)).toEqual({ diagnostics: [], errors: 0, warnings: 0 });
    const out = tempDir();
    expect((await runCli(['build', path.join(parent, 'deck'), '--out', out, '--dpi', '50'])).code).toBe(0);
    for (const id of ['fire-imp', 'stone-golem']) expect(existsSync(path.join(out, 'deck', 'fr', 'png', 'cards', `${id}.png`)), id).toBe(true);
    const engine = JSON.parse(readFileSync(path.join(out, 'deck', 'fr', 'deck.json'), 'utf8')) as { sets: { items: { id: string; fields: Record<string, { plain?: string } | number | string[]> }[] }[] };
    const imp = engine.sets[0]!.items.find((i) => i.id === 'fire-imp')!;
    expect((imp.fields['name'] as { plain: string }).plain).toBe('Diablotin');
    expect(imp.fields['attack']).toBe(3);
    expect(imp.fields['tags']).toEqual(['fire', 'small']);
  }, 120_000);
});
