import { DOMMatrix, Path2D } from '@napi-rs/canvas';
import type { GlyphRun } from '../../shared/display-list.js';
import { fileStamp } from '../../shared/file-stamp.js';
import { openFont } from '../../shared/fonts.js';

/** Glyph outlines in font units (y up), built once per version of a font file and glyph. */
const glyphs = new Map<string, Path2D>();

function glyphPath(fontPath: string, stamp: string, glyphId: number): Path2D {
  const key = `${glyphId}\0${stamp}`;
  let path = glyphs.get(key);
  if (!path) {
    path = new Path2D();
    for (const { command, args } of openFont(fontPath).getGlyph(glyphId).path.commands) {
      const a = args as number[];
      if (command === 'moveTo') path.moveTo(a[0]!, a[1]!);
      else if (command === 'lineTo') path.lineTo(a[0]!, a[1]!);
      else if (command === 'quadraticCurveTo') path.quadraticCurveTo(a[0]!, a[1]!, a[2]!, a[3]!);
      else if (command === 'bezierCurveTo') path.bezierCurveTo(a[0]!, a[1]!, a[2]!, a[3]!, a[4]!, a[5]!);
      else if (command === 'closePath') path.closePath();
      else throw new Error(`unknown glyph outline command ${command}`);
    }
    glyphs.set(key, path);
  }
  return path;
}

/**
 * The run's glyphs as one path in points, from the same outlines the PDF embeds: each glyph
 * scaled by size / unitsPerEm, flipped to y-down, at (x + glyph.x, baseline + glyph.y).
 */
export function glyphRunPath(run: GlyphRun, fontPath: string): Path2D {
  const scale = run.size / openFont(fontPath).unitsPerEm;
  const stamp = fileStamp(fontPath);
  const path = new Path2D();
  for (const glyph of run.glyphs) {
    const placed = new DOMMatrix([scale, 0, 0, -scale, run.x + glyph.x, run.baseline + glyph.y]);
    path.addPath(glyphPath(fontPath, stamp, glyph.id), placed);
  }
  return path;
}
