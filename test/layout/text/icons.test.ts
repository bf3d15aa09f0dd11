import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createIconResolver, findGameIcon, GAME_ICONS_CREDIT, measureSvg, suggestGameIcons } from '../../../src/shared/icons.js';
import { layoutText } from '../../../src/layout/text/layout-text.js';
import { tempDir } from '../../helpers.js';
import { fonts, iconsOf, runsOf } from './helpers.js';

const gameDir = tempDir('pocketpress-icons-');
mkdirSync(path.join(gameDir, 'icons'));
writeFileSync(path.join(gameDir, 'icons', 'coin.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 12"><circle r="5"/></svg>');
writeFileSync(path.join(gameDir, 'icons', 'lantern.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20"/>');
const icons = createIconResolver({ gameDir, aliases: { skull: 'game-icons:skull-crossed-bones', gem: 'icons/coin.svg' } });
const BOX = { x: 10, y: 20, width: 100, height: 50 };

describe('icon resolution', () => {
  it('wraps a game-icons body in a standalone SVG with a 512 viewBox', () => {
    const icon = findGameIcon('skull-crossed-bones')!;
    expect(icon).toMatchObject({ width: 512, height: 512 });
    expect(icon.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 512 512" width="512" height="512" fill="currentColor"><path fill="currentColor" d="M/);
    expect(findGameIcon('no-such-icon')).toBeUndefined();
    expect(GAME_ICONS_CREDIT).toContain('game-icons.net');
  });

  it('looks in the game icons folder first, then the set; aliases name either', () => {
    expect(icons('coin')).toMatchObject({ width: 24, height: 12 });
    expect(icons('lantern')).toMatchObject({ width: 10, height: 20 }); // the game's file wins over the set's lantern
    expect(icons('gem')).toMatchObject({ width: 24, height: 12 });
    expect(icons('skull')!.svg).toBe(findGameIcon('skull-crossed-bones')!.svg);
    expect(icons('candle-holder')).toMatchObject({ width: 512, height: 512 });
    expect(icons('skull-and-bones')).toBeUndefined();
  });

  it('reads an SVG size from its viewBox, else its width and height', () => {
    expect(measureSvg('<svg viewBox="0 0 30 15" width="1" height="1">')).toEqual({ width: 30, height: 15 });
    expect(measureSvg("<svg width='8' height='4'>")).toEqual({ width: 8, height: 4 });
  });
});

describe('icons in laid-out text', () => {
  it('places :skull: on the line, 0.9 em high around half the cap height, with its advance', () => {
    const layout = layoutText({ text: ':skull: × 3', lang: 'en', box: BOX, size: 10, color: '#aa0000', fonts, icons });
    const [icon] = iconsOf(layout);
    const [run] = runsOf(layout);
    // baseline 29; cap height 6.41; icon 9 × 9 with a 1 pt gap (0.5 before, 0.5 after)
    expect(icon).toMatchObject({ type: 'image', width: 9, height: 9, tint: '#aa0000' });
    expect(icon!.x).toBeCloseTo(10.5, 9);
    expect(icon!.y).toBeCloseTo(29 - 6.41 / 2 - 4.5, 9);
    expect(icon!.y + icon!.height).toBeGreaterThan(29); // descends a little below the baseline
    expect(icon!.source).toMatchObject({ kind: 'svg', naturalWidth: 512, naturalHeight: 512 });
    expect(run!.text).toBe(' × 3');
    expect(run!.x).toBeCloseTo(20, 9);
    expect(layout.lines[0]).toMatchObject({ text: ':skull: × 3', x: 10 });
    expect(layout.lines[0]!.width).toBeCloseTo(10 + run!.width, 9);
  });

  it('scales a wide icon to its aspect ratio and centres a lone icon', () => {
    const layout = layoutText({ text: ':coin:', lang: 'en', box: BOX, size: 10, color: '#000000', fonts, icons, align: 'center' });
    const [icon] = iconsOf(layout);
    expect(icon).toMatchObject({ width: 18, height: 9 });
    expect(icon!.x + icon!.width / 2).toBeCloseTo(BOX.x + BOX.width / 2, 9);
    expect(layout.items.filter((i) => i.type === 'text')).toEqual([]);
  });

  it('reports an unknown icon, suggests set names, and prints its name', () => {
    const layout = layoutText({ text: 'a :skul: b', lang: 'en', box: BOX, size: 10, color: '#000000', fonts, icons });
    expect(layout.problems).toEqual([
      {
        code: 'unknown-icon',
        message:
          'the icon "skul" was not found: looked for an alias, icons/skul.svg in the game folder and a game-icons.net icon of that name; game-icons.net has "skull-bolt", "skull-mask", "skull-ring" (name one with an alias)',
      },
    ]);
    expect(runsOf(layout)[0]!.text).toBe('a :skul: b');
    expect(iconsOf(layout)).toEqual([]);
    const typo = layoutText({ text: ':lanturn:', lang: 'en', box: BOX, size: 10, color: '#000000', fonts, icons });
    expect(typo.problems[0]!.message).toMatch(/game-icons\.net has "lantern" \(name one with an alias\)$/);
  });

  it('looks for names like an unknown icon once, however often texts repeat it', () => {
    // The search sorts the names it finds (localeCompare): counting the comparisons counts the searches.
    const compare = vi.spyOn(String.prototype, 'localeCompare');
    const comparisons = (work: () => unknown) => {
      compare.mockClear();
      work();
      return compare.mock.calls.length;
    };
    // 2 500 unknown icons in a text: each searched 4 000 names (1 ms each, 2.8 s a card).
    const text = ':a: '.repeat(2500);
    const lay = () => layoutText({ text, lang: 'en', box: { ...BOX, width: 2000, height: 2000 }, size: 6, color: '#000000', fonts, icons });
    const first = comparisons(lay);
    const again = comparisons(lay);
    // One search of the names (another limit: searched afresh, the same names sorted).
    const one = comparisons(() => suggestGameIcons('a', 4));
    compare.mockRestore();
    expect(one).toBeGreaterThan(0);
    expect(first - again).toBe(one);
    expect(lay().problems.filter((p) => p.code === 'unknown-icon')).toHaveLength(1);
    // Each caller its own copy of the suggestions.
    const kept = suggestGameIcons('a');
    kept.push('changed');
    expect(suggestGameIcons('a')).toEqual(kept.slice(0, -1));
  });
});
