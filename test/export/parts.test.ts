import { describe, expect, it } from 'vitest';
import { componentPngPath, facesByItem } from '../../src/export/face-paths.js';
import { stringifyStable } from '../../src/shared/stable-json.js';
import { toTextValue } from '../../src/export/text-value.js';
import { imageUrl } from '../../src/export/tts/context.js';
import { tileType } from '../../src/export/tts/piece-objects.js';
import { cellOrigin, cellSize, gridFor, planSheets } from '../../src/export/tts/sheet-plan.js';

const MM = 72 / 25.4;

describe('deck sheet planning', () => {
  it('sizes a cell to the card within 409 × 585 px', () => {
    expect(cellSize(63 * MM, 88 * MM)).toEqual({ widthPx: 409, heightPx: 571 });
    expect(cellSize(70 * MM, 120 * MM)).toEqual({ widthPx: 341, heightPx: 585 });
    expect(cellSize(88 * MM, 63 * MM)).toEqual({ widthPx: 409, heightPx: 292 });
  });

  it('cuts 75 cards into a 10 × 7 sheet and a 5 × 1 sheet', () => {
    const plans = planSheets(Array.from({ length: 75 }, (_, i) => i));
    expect(plans.map((p) => [p.index, p.columns, p.rows, p.cells.length, p.cells[0]])).toEqual([[0, 10, 7, 70, 0], [1, 5, 1, 5, 70]]);
    expect([gridFor(1), gridFor(10), gridFor(11), gridFor(70)]).toEqual([{ columns: 1, rows: 1 }, { columns: 10, rows: 1 }, { columns: 10, rows: 2 }, { columns: 10, rows: 7 }]);
    expect(cellOrigin(13, 10, { widthPx: 409, heightPx: 571 })).toEqual({ left: 3 * 409, top: 571 });
  });
});

describe('texts and JSON', () => {
  it('gives a rich text as written, as plain text and as runs', () => {
    expect(toTextValue('Lose **1** :skull:\n*then* draw')).toEqual({
      markup: 'Lose **1** :skull:\n*then* draw',
      plain: 'Lose 1 :skull:\nthen draw',
      runs: [
        { type: 'text', text: 'Lose ', bold: false, italic: false },
        { type: 'text', text: '1', bold: true, italic: false },
        { type: 'text', text: ' ', bold: false, italic: false },
        { type: 'icon', icon: 'skull', bold: false, italic: false },
        { type: 'break' },
        { type: 'text', text: 'then', bold: false, italic: true },
        { type: 'text', text: ' draw', bold: false, italic: false },
      ],
    });
    expect(toTextValue('21:00 \\*not bold\\*').plain).toBe('21:00 *not bold*');
  });

  it('sorts keys at every depth and keeps list order', () => {
    expect(stringifyStable({ b: [{ z: 1, a: 2 }], a: undefined, c: null })).toBe('{\n  "b": [\n    {\n      "a": 2,\n      "z": 1\n    }\n  ],\n  "c": null\n}\n');
  });
});

describe('paths and URLs', () => {
  it('names component PNGs as the build writes them', () => {
    expect([componentPngPath('cards', { item: 'oil', back: false }), componentPngPath('cards', { item: 'oil', back: true }), componentPngPath('cards', { back: true })]).toEqual([
      'png/cards/oil.png',
      'png/cards/oil.back.png',
      'png/cards/_back.png',
    ]);
  });

  it('pairs each front with its own back, else the shared one', () => {
    const own = facesByItem([{ item: 'a', back: false }, { item: 'a', back: true }, { item: 'b', back: false }, { item: 'b', back: true }]);
    expect(own.get('a')).toEqual({ front: { item: 'a', back: false }, back: { item: 'a', back: true } });
    const shared = facesByItem([{ item: 'a', back: false }, { back: true }]);
    expect(shared.get('a')!.back).toEqual({ back: true });
    expect(facesByItem([{ item: 'a', back: false }]).get('a')!.back).toBeUndefined();
  });

  it('makes file:/// URLs under <out>/<game>/<lang>/, or URLs under a base', () => {
    const folder = { game: 'g', lang: 'en' };
    expect(imageUrl('tts/deck-1.png', { outDir: '/tmp/my out' }, folder)).toBe('file:///tmp/my%20out/g/en/tts/deck-1.png');
    expect(imageUrl('tts/deck-1.png', { outDir: '/x', ttsBaseUrl: 'https://cdn.example/pnp/' }, folder)).toBe('https://cdn.example/pnp/g/en/tts/deck-1.png');
    expect(imageUrl('tts/deck-1.png', { outDir: '/x', ttsBaseUrl: 'https://cdn.example/pnp' }, folder)).toBe('https://cdn.example/pnp/g/en/tts/deck-1.png');
  });

  it('maps shapes to Custom_Tile types', () => {
    expect(['rectangle', 'hex', 'circle', 'rounded'].map((s) => tileType(s as 'hex'))).toEqual([0, 1, 2, 3]);
  });
});
