import { describe, expect, it } from 'vitest';
import type { DisplayItem, GroupItem } from '../../../src/shared/display-list.js';
import { A5, rulebook, textOf } from './helpers.js';

const FRONT = '---\nstyle:\n  header: false\n---\n';

describe('{{components}} in the rules', () => {
  it('lists every set with its count and a thumbnail drawn from its template, as a list of the structure', () => {
    const { pages, problems } = rulebook({ markdown: `${FRONT}## In the box\n\n{{components}}\n\nThat is all.\n`, page: A5, imposition: 'pages' });
    expect(problems).toEqual([]);
    // The lines of the page, the thumbnail's own "1" (the token's value) aside; the folio last.
    expect(textOf(pages[1]!).split('\n').filter((l) => l !== '1')).toEqual(['In the box', 'Loot × 5', 'That is all.', '2']);
    const row = pages[1]!.items.find((i): i is GroupItem => i.type === 'group' && i.structure?.[0]?.role === 'L')!;
    expect(row.structure!.map((s) => s.role)).toEqual(['L', 'LI', 'LBody', 'P']);
    const groups = (items: readonly DisplayItem[]): GroupItem[] => items.flatMap((i) => (i.type === 'group' ? [i, ...groups(i.items)] : []));
    const thumbnail = groups(row.items).find((i) => i.artifact === true)!;
    // A 20 mm token shown 3.2 body sizes tall (an A5 page sets 10.5 pt: 33.6 pt, a scale of 33.6 / 56.69).
    expect(thumbnail.transform![0]).toBeCloseTo(33.6 / ((20 * 72) / 25.4), 4);
    expect(thumbnail.clip).toMatchObject({ width: (20 * 72) / 25.4, height: (20 * 72) / 25.4 });
    expect(thumbnail.items.length).toBeGreaterThan(1);
  });

  it('is a plain paragraph when written among other words', () => {
    const { pages } = rulebook({ markdown: `${FRONT}See {{components}} here.\n`, page: A5, imposition: 'pages' });
    expect(textOf(pages[1]!)).toContain('See {{components}} here.');
  });
});
