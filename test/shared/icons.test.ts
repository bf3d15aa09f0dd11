import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { findGameIcon, iconifyIcon, iconifySetSize, suggestGameIcons } from '../../src/shared/icons.js';

interface Entry {
  body: string;
  width?: number;
  height?: number;
  left?: number;
  top?: number;
}

const svgOf = (icon: Entry, width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${icon.left ?? 0} ${icon.top ?? 0} ${icon.width ?? width} ${icon.height ?? height}" width="${icon.width ?? width}" height="${icon.height ?? height}" fill="currentColor">${icon.body}</svg>`;

describe('icons read from an Iconify set without parsing it', () => {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value, null, '\t'));

  it('reads an icon by its key, with its own size or the set default', () => {
    const set = json({
      prefix: 'test',
      icons: { dot: { body: '<circle r="2"/>' }, wide: { body: '<rect width="2"/>', width: 24, left: 1 } },
      width: 12,
      height: 10,
    });
    const size = iconifySetSize(set);
    expect(size).toEqual({ width: 12, height: 10 });
    expect(iconifyIcon(set, 'dot', size)).toEqual({
      svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 12 10" width="12" height="10" fill="currentColor"><circle r="2"/></svg>',
      width: 12,
      height: 10,
    });
    expect(iconifyIcon(set, 'wide', size)).toMatchObject({ width: 24, height: 10 });
    expect(iconifyIcon(set, 'wide', size)!.svg).toContain('viewBox="1 0 24 10"');
  });

  it('follows an alias to its parent and finds no icon in a string, a size key or a partial name', () => {
    const set = json({
      prefix: 'test',
      icons: {
        // A body that spells a key of another icon: inside a string every quote is escaped.
        trap: { body: '<text>"dot": {"body": "<b/>"}</text>' },
        dot: { body: '<circle/>' },
        tall: { body: '<rect/>', width: 3, height: 40 },
      },
      aliases: { spot: { parent: 'dot' } },
    });
    const size = iconifySetSize(set);
    // The only width and height keys are an icon's own, not the set's: 16 × 16 by default.
    expect(size).toEqual({});
    expect(iconifyIcon(set, 'dot', size)).toMatchObject({ svg: expect.stringContaining('<circle/>'), width: 16, height: 16 });
    expect(iconifyIcon(set, 'spot', size)!.svg).toBe(iconifyIcon(set, 'dot', size)!.svg);
    expect(iconifyIcon(set, 'trap', size)!.svg).toContain('<text>"dot": {"body": "<b/>"}</text>');
    expect(iconifyIcon(set, 'do', size)).toBeUndefined();
    expect(iconifyIcon(set, 'body', size)).toBeUndefined();
    expect(iconifyIcon(set, 'icons', size)).toBeUndefined();
  });

  it('gives the icons and aliases of game-icons.net as parsing the whole set does', () => {
    const file = createRequire(import.meta.url).resolve('@iconify-json/game-icons/icons.json');
    const set = JSON.parse(readFileSync(file, 'utf8')) as { icons: Record<string, Entry>; aliases: Record<string, { parent: string }>; width: number; height: number };
    const names = Object.keys(set.icons);
    expect(names.length).toBeGreaterThan(4000);
    // Every 50th icon, the first and the last (each lookup searches the 6 MB file).
    const sample = [...names.filter((_, i) => i % 50 === 0), names[names.length - 1]!];
    for (const name of sample) expect(findGameIcon(name)?.svg, name).toBe(svgOf(set.icons[name]!, set.width, set.height));
    const aliases = Object.entries(set.aliases);
    expect(aliases.length).toBeGreaterThan(0);
    for (const [alias, { parent }] of aliases) expect(findGameIcon(alias)?.svg, alias).toBe(svgOf(set.icons[parent]!, set.width, set.height));
    expect(findGameIcon('skull-crossed-bones')).toMatchObject({ width: 512, height: 512 });
    expect(findGameIcon('no-such-icon')).toBeUndefined();
    expect(findGameIcon('skull')).toBeUndefined();
    expect(suggestGameIcons('skul')).toEqual(['skull-bolt', 'skull-mask', 'skull-ring']);
  });
});
