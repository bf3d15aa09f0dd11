import type * as fontkit from 'fontkit';
import type { GlyphRun, PlacedGlyph } from '../../shared/display-list.js';
import { applyFill } from './paint-shape.js';
import { tagSubsetByContent, type SubsetFont } from './tag-subset.js';

/** What pdfkit 0.20.2's EmbeddedFont keeps (private API; pdfkit is pinned). */
interface EmbeddedFont extends SubsetFont {
  font: fontkit.Font;
  scale: number;
  subset: { glyphs: number[]; includeGlyph(glyphId: number): number };
  widths: number[];
  unicode: number[][];
  ref(): unknown;
}

const num = (n: number) => String(Math.round(n * 1e4) / 1e4 || 0);

/** The code points behind each glyph id, found by shaping the run's text as fontkit does. */
function codePointsByGlyph(font: fontkit.Font, text: string): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const glyph of font.layout(text).glyphs) if (!map.has(glyph.id)) map.set(glyph.id, glyph.codePoints);
  return map;
}

/** Adds the glyph to the subset with its width and Unicode mapping; returns its subset id. */
function includeGlyph(font: EmbeddedFont, glyphId: number, codePoints: () => Map<number, number[]>): number {
  const gid = font.subset.includeGlyph(glyphId);
  if (font.widths[gid] === undefined || font.unicode[gid] === undefined) {
    // Shape first: fontkit caches a glyph with the code points of its first lookup.
    const shaped = codePoints();
    const glyph = font.font.getGlyph(glyphId);
    font.widths[gid] ??= glyph.advanceWidth * font.scale;
    font.unicode[gid] ??= shaped.get(glyphId) ?? glyph.codePoints ?? [];
  }
  return gid;
}

/** Splits glyphs into stretches that share one vertical offset (TJ only moves along x). */
function splitByOffset(glyphs: PlacedGlyph[]): PlacedGlyph[][] {
  const segments: PlacedGlyph[][] = [];
  for (const glyph of glyphs) {
    const last = segments[segments.length - 1];
    if (last && last[0]!.y === glyph.y) last.push(glyph);
    else segments.push([glyph]);
  }
  return segments;
}

/**
 * Draws a run as real text: the run's own glyph ids at the run's own positions (never
 * re-shaped), each glyph mapped back to Unicode so the text can be selected and searched.
 */
export function drawGlyphRun(doc: PDFKit.PDFDocument, run: GlyphRun, fontName: string, opacity?: number): void {
  if (run.glyphs.length === 0) return;
  doc.save();
  applyFill(doc, run.color, opacity);
  doc.font(fontName);
  const font = (doc as unknown as { _font: EmbeddedFont })._font;
  if (!font.subset) throw new Error(`font ${fontName} is not an embedded font`);
  tagSubsetByContent(font);
  doc.page.fonts[font.id] ??= font.ref();
  // Shaping is only needed for glyphs new to the subset: most runs reuse known glyphs.
  let shaped: Map<number, number[]> | undefined;
  const codePoints = () => (shaped ??= codePointsByGlyph(font.font, run.text));
  const unit = run.size / 1000;
  const lines = ['BT', `/${font.id} ${num(run.size)} Tf`];
  for (const segment of splitByOffset(run.glyphs)) {
    const first = segment[0]!;
    lines.push(`1 0 0 -1 ${num(run.x + first.x)} ${num(run.baseline + first.y)} Tm`);
    let pen = first.x;
    const parts: string[] = [];
    for (const glyph of segment) {
      const adjust = Math.round(((glyph.x - pen) / unit) * 1000) / 1000;
      if (adjust !== 0) parts.push(String(-adjust));
      const gid = includeGlyph(font, glyph.id, codePoints);
      parts.push(`<${gid.toString(16).padStart(4, '0')}>`);
      pen += (adjust + font.widths[gid]!) * unit;
    }
    lines.push(`[${parts.join(' ')}] TJ`);
  }
  lines.push('ET');
  for (const line of lines) doc.addContent(line);
  doc.restore();
}
