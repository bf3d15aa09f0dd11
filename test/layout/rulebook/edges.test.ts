import { describe, expect, it } from 'vitest';
import type { ImageItem, RectItem } from '../../../src/shared/display-list.js';
import path from 'node:path';
import { A5, GAME_DIR, game, MM, rulebook, runsOf, textOf, flat } from './helpers.js';

const FRONT = '---\nstyle: {size: 10, lineHeight: 1.2, margin: 10mm, folio: none, header: false}\n---\n';
const PAGE = { width: 200, height: 20 * MM + 123 };
const lines = (name: string, n: number) => Array.from({ length: n }, (_, i) => `${name}${i + 1}`).join('\\\n');

describe('edge cases', () => {
  it('empty rules give the cover and, for a PocketMod, the folding steps on the back cover', () => {
    const result = rulebook({ markdown: '' });
    expect(result.problems).toEqual([]);
    expect(result.pages).toHaveLength(8);
    expect(result.pages.map((p) => p.items.length > 0)).toEqual([true, false, false, false, false, false, false, true]);
    expect(result.sections).toEqual([]);
    expect(rulebook({ markdown: '', imposition: 'booklet', page: A5 }).pages).toHaveLength(1);
  });

  it('a sidebar taller than half a page is split between lines, its box drawn on both pages', () => {
    const { pages, problems } = rulebook({ markdown: `${FRONT}${lines('A', 4)}\n\n> **Title**\n> ${lines('S', 9)}\n\n${lines('B', 2)}`, page: PAGE, imposition: 'pages' });
    expect(problems).toEqual([]);
    const boxes = pages.slice(1).map((p) => flat(p.items).filter((i): i is RectItem => i.type === 'rect'));
    expect(boxes.map((b) => b.length)).toEqual([1, 1]);
    expect(textOf(pages[1]!).split('\n').slice(0, 5)).toEqual(['A1', 'A2', 'A3', 'A4', 'Title']);
    expect(textOf(pages[2]!).split('\n').at(-2)).toBe('B1');
    // The box on the second page starts at the top of the text area and holds the rest of the sidebar.
    expect(boxes[1]![0]!.y).toBeCloseTo(10 * MM, 6);
  });

  it('a portrait image is scaled down to fit the page height, never split', () => {
    const markdown = `${FRONT}![](art/flame.svg)`;
    const { pages } = rulebook({ markdown, page: PAGE, imposition: 'pages' });
    const image = flat(pages[1]!.items).find((i): i is ImageItem => i.type === 'image')!;
    expect(image.height).toBeCloseTo(123, 6);
    expect(image.width).toBeCloseTo(123, 6); // a square viewBox
    expect(image.source).toMatchObject({ kind: 'svg', naturalWidth: 10, naturalHeight: 10 });
  });

  it('points a problem of the cover at game.yaml, with the JSON pointer of the value', () => {
    const { problems } = rulebook({ markdown: '', game: { ...game('en'), title: 'Guild \u2605' } });
    expect(problems).toEqual([
      { severity: 'error', code: 'missing-glyph', message: expect.stringContaining('U+2605 BLACK STAR') as string, file: path.join(GAME_DIR, 'game.yaml'), pointer: '/title' },
    ]);
  });

  it('passes the hyphenation hook to the text engine', () => {
    const hyphenate = (word: string) => (word === 'lanternkeepers' ? ['lantern', 'keepers'] : [word]);
    const markdown = `${FRONT}The lanternkeepers`;
    const page = { width: 20 * MM + 60, height: 200 }; // a 60 pt column: "lanternkeepers" is 58.45 pt at 10 pt
    const plain = rulebook({ markdown, page, imposition: 'pages' });
    const hyphenated = rulebook({ markdown, page, imposition: 'pages', hyphenate });
    expect(textOf(plain.pages[1]!)).toBe('The\nlanternkeepers');
    expect(textOf(hyphenated.pages[1]!)).toBe('The lantern-\nkeepers');
  });

  it('a word wider than a table column is cut, with a warning at the row line', () => {
    const markdown = `${FRONT}| A | B | C |\n|---|---|---|\n| x | y | Supercalifragilisticexpialidocious-and-more-of-it |`;
    const { problems, pages } = rulebook({ markdown, page: PAGE, imposition: 'pages' });
    expect(problems.map((p) => [p.code, p.severity, p.pointer])).toEqual([['word-too-long', 'warning', 'line:6']]);
    expect(problems[0]!.message).toContain('"Supercalifragilisticexpialidocious-"');
    // the short columns keep their words whole
    expect(textOf(pages[1]!).split('\n')[0]).toBe('ABC');
  });

  it('stops indenting a list nested deeper than the column has room for, its markers where the last indented level has them', () => {
    const markdown = Array.from({ length: 45 }, (_, i) => `${'  '.repeat(i)}- level ${i + 1} item`).join('\n') + '\n';
    const result = rulebook({ markdown });
    // Before: the items of level 40 on had a box of negative width, each word cut between letters.
    expect(result.problems).toEqual([]);
    const items = result.pages.flatMap((page) => runsOf(page.items).filter((run) => /^level \d+ item$/.test(run.text)).map((run) => ({ level: Number(run.text.split(' ')[1]), x: run.x, right: run.x + run.width, page: page.width })));
    expect(items.map((i) => i.level)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    for (const item of items) expect(item.right).toBeLessThanOrEqual(item.page);
    // On a PocketMod panel, twelve levels indent; the ones below keep the twelfth's place.
    const deepest = items.filter((i) => i.level >= 12).map((i) => Math.round(i.x * 100) / 100);
    expect(new Set(deepest).size).toBe(1);
    expect(items[10]!.x).toBeLessThan(deepest[0]!);
  });
});
