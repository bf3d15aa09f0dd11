import type { GlyphRun } from '../../src/shared/display-list.js';
import { openFont } from '../../src/shared/fonts.js';

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The box around every coordinate of absolute path data made of M, L, Q, C and Z. */
export function pathControlBox(d: string): Box {
  const numbers = (d.match(/-?\d*\.?\d+(?:e-?\d+)?/g) ?? []).map(Number);
  const xs = numbers.filter((_, i) => i % 2 === 0);
  const ys = numbers.filter((_, i) => i % 2 === 1);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

/** Where a run's outlines must land: each glyph's control box from fontkit, at the given origins. */
export function expectedControlBox(run: GlyphRun, fontPath: string, origins: { x: number; y: number }[]): Box {
  const font = openFont(fontPath);
  const scale = run.size / font.unitsPerEm;
  const box: Box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  run.glyphs.forEach((glyph, i) => {
    const path = font.getGlyph(glyph.id).path;
    if (path.commands.length === 0) return;
    const cbox = path.cbox;
    const { x, y } = origins[i]!;
    box.minX = Math.min(box.minX, x + cbox.minX * scale);
    box.maxX = Math.max(box.maxX, x + cbox.maxX * scale);
    box.minY = Math.min(box.minY, y - cbox.maxY * scale);
    box.maxY = Math.max(box.maxY, y - cbox.minY * scale);
  });
  return box;
}
