import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_INDEX, staleGenerated } from '../../bin/compile.js';
import { gameIconIndexJson, gameIconsFile, readIconAt, readIconIndex, type IconIndex } from '../../src/shared/game-icon-index.js';
import { findGameIcon } from '../../src/shared/icons.js';
import { ROOT, tempDir } from '../helpers.js';

describe('the index of the game-icons set', () => {
  it('gives the byte range of every icon, which reads back as the icon', () => {
    const file = gameIconsFile();
    const index = JSON.parse(gameIconIndexJson(file)) as IconIndex;
    const set = JSON.parse(readFileSync(file, 'utf8')) as { icons: Record<string, unknown>; width: number };
    expect(Object.keys(index.icons)).toEqual(Object.keys(set.icons));
    expect(Object.keys(index.icons).length).toBeGreaterThan(4000);
    expect(index.width).toBe(set.width);
    for (const name of ['skull-crossed-bones', 'scissors', '3d-glasses', 'zigzag-leaf']) {
      expect(readIconAt(file, index.icons[name]!)).toEqual(set.icons[name]);
    }
  });

  it('reads escapes, nesting and any white space, and keeps the aliases', () => {
    const dir = tempDir('pocketpress-icons-');
    const file = path.join(dir, 'icons.json');
    const text = '{"prefix":"x","icons":{ "a\\"b" : {"body":"<g d=\\"}{][\\"/>","width":24},\n\t"é":{"body":"\\u00e9","extra":[1,{"k":[2]}],"top":-1.5e1},"c":{"body":""}},"aliases":{"d":{"parent":"c"}},"height":10}';
    writeFileSync(file, text);
    const index = JSON.parse(gameIconIndexJson(file)) as IconIndex;
    expect(Object.keys(index.icons)).toEqual(['a"b', 'é', 'c']);
    expect(readIconAt(file, index.icons['é']!)).toEqual({ body: 'é', extra: [1, { k: [2] }], top: -15 });
    expect(readIconAt(file, index.icons['a"b']!)).toEqual({ body: '<g d="}{]["/>', width: 24 });
    expect(index).toMatchObject({ size: Buffer.byteLength(text), height: 10, aliases: { d: { parent: 'c' } } });

    // An index of another file (another size) is not used.
    const indexFile = path.join(dir, 'index.json');
    writeFileSync(indexFile, JSON.stringify(index));
    expect(readIconIndex(indexFile, file)?.icons['c']).toEqual(index.icons['c']);
    writeFileSync(file, `${text} `);
    expect(readIconIndex(indexFile, file)).toBeUndefined();
    expect(readIconIndex(path.join(dir, 'none.json'), file)).toBeUndefined();
  });

  it('is written into dist/ with the compiled code, which then draws the same icons as the whole set gives', async () => {
    expect(staleGenerated(ROOT)).toEqual([]);
    // The index written into dist/ is the one made from the installed set, byte range for byte range.
    const index = readIconIndex(path.join(ROOT, 'dist', ICON_INDEX), gameIconsFile());
    expect(index).toEqual(JSON.parse(gameIconIndexJson(gameIconsFile())));
    expect(Object.keys(index!.icons).length).toBeGreaterThan(4000);
    const compiled = (await import(path.join(ROOT, 'dist', 'shared', 'icons.js'))) as { findGameIcon: typeof findGameIcon };
    for (const name of ['skull-crossed-bones', 'scissors', 'crossed-swords', 'no-such-icon']) {
      expect(compiled.findGameIcon(name)).toEqual(findGameIcon(name));
    }
    expect(compiled.findGameIcon('scissors')?.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 512 512" width="512" height="512" fill="currentColor"><path/);
  });
});
