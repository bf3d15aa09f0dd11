import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { imposeSet, type SheetOptions } from '../../src/build/build-sheets.js';
import { layoutSet } from '../../src/build/build-game.js';
import { inkCoverage } from '../../src/build/ink-coverage.js';
import { checkContent } from '../../src/content/check-content.js';
import { inkSaverGame } from '../../src/resolve/ink-saver.js';
import { resolveGame } from '../../src/resolve/resolve-game.js';
import type { ResolvedGame } from '../../src/resolve/model.js';
import { darkText, inkSaverList, lighten } from '../../src/shared/ink-saver.js';
import type { DisplayItem, DisplayList } from '../../src/shared/display-list.js';
import { FIXTURES, runCli, tempDir } from '../helpers.js';

const options: Pick<SheetOptions, 'paper' | 'duplex' | 'backOffset'> = { paper: 'a4', duplex: 'long', backOffset: { x: 0, y: 0 } };

function flatten(items: readonly DisplayItem[]): DisplayItem[] {
  return items.flatMap((i) => (i.type === 'group' ? [i, ...flatten(i.items)] : [i]));
}

describe('the low-ink variant of the fixture deck', () => {
  let normal: ResolvedGame;
  let faces: { normal: DisplayList[]; saver: DisplayList[] };
  let pages: { normal: DisplayList[]; saver: DisplayList[] };
  beforeAll(() => {
    const check = checkContent(path.join(FIXTURES, 'valid', 'home-print'));
    normal = resolveGame(check.games[0]!, 'en');
    const saver = inkSaverGame(normal);
    const set = (g: ResolvedGame) => g.sets.find((s) => s.id === 'deck')!;
    const normalFaces = layoutSet(normal, set(normal), () => {});
    const saverFaces = layoutSet(saver.game, set(saver.game), () => {}).map((f) => ({ ...f, list: inkSaverList(f.list, saver.colors) }));
    faces = { normal: normalFaces.map((f) => f.list), saver: saverFaces.map((f) => f.list) };
    pages = { normal: imposeSet(set(normal), normalFaces, options).imposed.pages, saver: imposeSet(set(saver.game), saverFaces, options).imposed.pages };
  });

  it('leaves out the elements marked ink: decorative (the gold frame, the back\'s stripes)', () => {
    const goldFrames = (list: DisplayList) => flatten(list.items).filter((i) => i.type === 'rect' && i.stroke === '#c49a2c');
    const stripes = (list: DisplayList) => flatten(list.items).filter((i) => i.type === 'rect' && i.fill !== undefined && i.fill.startsWith('#2c3a55'));
    expect(goldFrames(faces.normal[0]!)).toHaveLength(1);
    expect(goldFrames(faces.saver[0]!)).toHaveLength(0);
    const back = faces.normal.length - 1;
    expect(stripes(faces.normal[back]!)).toHaveLength(8);
    expect(stripes(faces.saver[back]!)).toHaveLength(0);
  });

  it('takes the game\'s inkSaver: colour for night, lightens the rest, and turns light text dark', () => {
    expect(faces.normal[0]!.background).toBe('#1e2638');
    expect(faces.saver[0]!.background).toBe('#e3e7f0');
    const colors = (list: DisplayList) => flatten(list.items).flatMap((i) => (i.type === 'text' ? i.runs.map((r) => r.color) : []));
    expect(colors(faces.normal[0]!)).toEqual(['#f4ecd8']);
    expect(colors(faces.saver[0]!)).toEqual(['#262626']);
    const disc = (list: DisplayList) => flatten(list.items).find((i) => i.type === 'ellipse');
    expect(disc(faces.saver[0]!)).toMatchObject({ fill: lighten('#c49a2c', 0.8) });
    expect(lighten('#000000', 0.8)).toBe('#cccccc');
    expect(darkText('#1d1b19')).toBe('#1d1b19');
  });

  it('prints with far less ink, measured on the rendered sheets', async () => {
    const before = await inkCoverage(pages.normal);
    const after = await inkCoverage(pages.saver);
    expect(pages.saver).toHaveLength(pages.normal.length);
    expect(before).toBeGreaterThan(50);
    expect(after).toBeLessThan(before / 4);
    expect(after).toBeGreaterThan(1);
  });

  it('measures a blank page as 0 % and a black one as 100 %', async () => {
    const page = (background: string): DisplayList => ({ width: 100, height: 100, bleed: 0, background, items: [], fonts: {} });
    expect(await inkCoverage([page('#ffffff')])).toBe(0);
    expect(await inkCoverage([page('#000000')])).toBe(100);
    expect(await inkCoverage([page('#000000'), page('#ffffff')])).toBe(50);
  });
});

describe('inkSaver: in game.yaml', () => {
  it('names only colours of the palette: another name is an unknown-color error at its key', async () => {
    const game = path.join(tempDir(), 'home-print');
    cpSync(path.join(FIXTURES, 'valid', 'home-print'), game, { recursive: true });
    const file = path.join(game, 'game.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('  night: "#e3e7f0"', '  nigth: "#e3e7f0"'));
    const result = await runCli(['validate', game]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/game\.yaml:12:3 +error +unknown-color +inkSaver gives a low-ink colour to "nigth", which the palette does not name; did you mean "night"\?/);
  });
});

describe('build --ink saver', () => {
  it('says in its summary how much ink the sheets take, normal and low-ink', async () => {
    const out = tempDir();
    const result = await runCli(['build', path.join(FIXTURES, 'valid', 'home-print'), '--out', out, '--dpi', '20', '--ink', 'saver']);
    expect(result.code, result.stderr).toBe(0);
    const match = /ink coverage of home-print\/en's sheets: (\d+\.\d) % of the page area normally, (\d+\.\d) % with --ink saver/.exec(result.stdout);
    expect(match, result.stdout).not.toBeNull();
    expect(Number(match![2])).toBeLessThan(Number(match![1]) / 3);
    const plain = await runCli(['build', path.join(FIXTURES, 'valid', 'home-print'), '--out', tempDir(), '--dpi', '20']);
    expect(plain.stdout).not.toContain('ink coverage');
  });
});
