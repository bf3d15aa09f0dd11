import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DisplayList, GlyphRun } from '../../src/shared/display-list.js';
import { openFont } from '../../src/shared/fonts.js';
import iconSet from '@iconify-json/game-icons/icons.json' with { type: 'json' };

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(HERE, '..', '..');
export const FIXTURES = path.join(HERE, 'fixtures');
export const FONT_PATH = path.join(ROOT, 'node_modules/@fontsource/alegreya-sans/files/alegreya-sans-latin-400-normal.woff');
export const FRENCH = 'Épée, fémur, « été »';

/** Millimetres to points. */
export const mm = (value: number) => (value * 72) / 25.4;

/** Shapes one line with fontkit (kerning, ligatures), as the layout stage would. */
export function shapeRun(text: string, options: { size: number; x: number; baseline: number; color?: string; letterSpacing?: number }): GlyphRun {
  const font = openFont(FONT_PATH);
  const scale = options.size / font.unitsPerEm;
  const spacing = options.letterSpacing ?? 0;
  const shaped = font.layout(text, ['kern', 'liga']);
  let pen = 0;
  const glyphs = shaped.glyphs.map((glyph, i) => {
    const position = shaped.positions[i]!;
    const advance = position.xAdvance * scale + spacing;
    const placed = { id: glyph.id, x: pen + position.xOffset * scale, y: -position.yOffset * scale, advance };
    pen += advance;
    return placed;
  });
  return {
    font: 'Alegreya Sans/regular',
    size: options.size,
    color: options.color ?? '#1b1b1b',
    x: options.x,
    baseline: options.baseline,
    text,
    letterSpacing: spacing,
    width: pen,
    glyphs,
  };
}

export function iconSvg(name: string): string {
  const icon = (iconSet.icons as Record<string, { body: string }>)[name];
  if (!icon) throw new Error(`no icon ${name}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1em" height="1em" viewBox="0 0 512 512">${icon.body}</svg>`;
}

export const FONTS: DisplayList['fonts'] = {
  'Alegreya Sans/regular': { path: FONT_PATH, family: 'Alegreya Sans', weight: 'normal', style: 'normal' },
};

/** A poker card (63 × 88 mm, 3 mm bleed) using every kind of display item. */
export function sampleCard(bleedMm = 3): DisplayList {
  return {
    width: mm(63),
    height: mm(88),
    bleed: mm(bleedMm),
    background: '#fbf6ec',
    fonts: FONTS,
    items: [
      { type: 'rect', x: 8, y: 8, width: mm(63) - 16, height: mm(88) - 16, radius: 8, stroke: '#5a3e1b', strokeWidth: 1.5 },
      { type: 'rect', x: 20, y: 20, width: 40, height: 30, fill: '#c0392b' },
      { type: 'ellipse', cx: 105, cy: 35, rx: 24, ry: 15, fill: '#2e86c1cc', stroke: '#1b4f72', strokeWidth: 2, dash: [4, 2] },
      { type: 'line', x1: 16, y1: 62, x2: mm(63) - 16, y2: 62, stroke: '#333333', strokeWidth: 1, dash: [3, 2] },
      {
        type: 'path',
        d: 'M140 20 L160 20 Q170 35 160 50 L140 50 Z M145 28 a5 5 0 1 0 10 0 a5 5 0 1 0 -10 0 Z',
        fill: '#27ae6099',
        stroke: '#145a32',
        strokeWidth: 1,
        fillRule: 'evenodd',
      },
      {
        type: 'image',
        x: 16,
        y: 72,
        width: 44,
        height: 44,
        source: { kind: 'png', path: path.join(FIXTURES, 'quadrants.png'), naturalWidth: 40, naturalHeight: 40 },
        clip: { shape: 'ellipse', x: 16, y: 72, width: 44, height: 44 },
      },
      {
        type: 'image',
        x: 68,
        y: 79,
        width: 45,
        height: 30,
        opacity: 0.9,
        source: { kind: 'jpeg', path: path.join(FIXTURES, 'gradient.jpg'), naturalWidth: 60, naturalHeight: 40 },
      },
      {
        type: 'image',
        x: 122,
        y: 72,
        width: 42,
        height: 42,
        tint: '#8e44ad',
        source: { kind: 'svg', svg: iconSvg('crossed-swords'), naturalWidth: 512, naturalHeight: 512 },
      },
      {
        type: 'group',
        transform: [Math.cos(0.2), Math.sin(0.2), -Math.sin(0.2), Math.cos(0.2), 120, 130],
        clip: { shape: 'rect', x: 0, y: 0, width: 40, height: 30, radius: 6 },
        opacity: 0.6,
        items: [
          { type: 'rect', x: -10, y: -10, width: 35, height: 30, fill: '#f39c12' },
          { type: 'rect', x: 15, y: 5, width: 35, height: 35, fill: '#16a085' },
        ],
      },
      { type: 'text', runs: [shapeRun('Épée', { size: 40, x: 18, baseline: 165 })] },
      {
        type: 'text',
        runs: [
          shapeRun(FRENCH, { size: 13, x: 18, baseline: 190 }),
          shapeRun('fi AV office', { size: 11, x: 18, baseline: 206, color: '#7b241c', letterSpacing: 0.8 }),
        ],
      },
      { type: 'text', opacity: 0.5, runs: [shapeRun('translucide', { size: 11, x: 18, baseline: 222, color: '#1b4f72' })] },
    ],
  };
}
