import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { findGameIcon, suggestGameIcons } from '../../src/shared/icons.js';

interface Entry {
  body: string;
  width?: number;
  height?: number;
  left?: number;
  top?: number;
}

const svgOf = (icon: Entry, width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${icon.left ?? 0} ${icon.top ?? 0} ${icon.width ?? width} ${icon.height ?? height}" width="${icon.width ?? width}" height="${icon.height ?? height}" fill="currentColor">${icon.body}</svg>`;

describe('icons of the game-icons set read through the index of its file', () => {
  it('gives the icons and aliases of game-icons.net as parsing the whole set does', () => {
    const file = createRequire(import.meta.url).resolve('@iconify-json/game-icons/icons.json');
    const set = JSON.parse(readFileSync(file, 'utf8')) as { icons: Record<string, Entry>; aliases: Record<string, { parent: string }>; width: number; height: number };
    const names = Object.keys(set.icons);
    expect(names.length).toBeGreaterThan(4000);
    // Every 50th icon, the first and the last.
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
