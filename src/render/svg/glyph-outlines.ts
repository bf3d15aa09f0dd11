import type { GlyphRun } from '../../shared/display-list.js';
import { openFont } from '../../shared/fonts.js';
import { num } from './format.js';

/** A glyph outline in font units, y up: [command letter, ...coordinates]. */
type Outline = [string, ...number[]][];

const LETTERS: Record<string, string> = {
  moveTo: 'M',
  lineTo: 'L',
  quadraticCurveTo: 'Q',
  bezierCurveTo: 'C',
  closePath: 'Z',
};

const outlines = new Map<string, Outline>();

/** The outline of one glyph of one font file, read from fontkit once. */
function glyphOutline(fontPath: string, glyphId: number): Outline {
  const key = `${glyphId}:${fontPath}`;
  let outline = outlines.get(key);
  if (!outline) {
    outline = openFont(fontPath)
      .getGlyph(glyphId)
      .path.commands.map(({ command, args }): [string, ...number[]] => {
        const letter = LETTERS[command];
        if (!letter) throw new Error(`unknown glyph outline command ${command}`);
        return [letter, ...args];
      });
    outlines.set(key, outline);
  }
  return outline;
}

/**
 * The run's glyphs as one SVG path in points (librsvg ignores @font-face, so text is drawn as
 * outlines): each glyph scaled by size / unitsPerEm, flipped to y-down, at (x + glyph.x,
 * baseline + glyph.y). Empty when no glyph has ink.
 */
export function outlineGlyphRun(run: GlyphRun, fontPath: string): string {
  const scale = run.size / openFont(fontPath).unitsPerEm;
  const parts: string[] = [];
  for (const glyph of run.glyphs) {
    const ox = run.x + glyph.x;
    const oy = run.baseline + glyph.y;
    for (const [letter, ...coords] of glyphOutline(fontPath, glyph.id)) {
      const points = coords.map((c, i) => num(i % 2 === 0 ? ox + c * scale : oy - c * scale));
      parts.push(letter + points.join(' '));
    }
  }
  return parts.join('');
}
