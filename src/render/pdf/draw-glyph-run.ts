import type * as fontkit from 'fontkit';
import type { GlyphRun } from '../../shared/display-list.js';
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

/**
 * The code points behind each glyph id the cmap gives the text's characters, first one
 * first. Shaping maps these glyphs to the same code points; this finds them without shaping
 * (and without reading the font's substitution and positioning tables).
 */
function codePointsByCmap(font: fontkit.Font, text: string): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const id = font.glyphForCodePoint(codePoint).id;
    if (id !== 0 && !map.has(id)) map.set(id, [codePoint]);
  }
  return map;
}

interface CodePoints {
  /** By the cmap: most glyphs. */
  cmap(): Map<number, number[]>;
  /** By shaping: ligatures and other substituted glyphs. */
  shaped(): Map<number, number[]>;
}

/** Adds the glyph to the subset with its width and Unicode mapping; returns its subset id. */
function includeGlyph(font: EmbeddedFont, glyphId: number, codePoints: CodePoints): number {
  const gid = font.subset.includeGlyph(glyphId);
  if (font.widths[gid] === undefined || font.unicode[gid] === undefined) {
    // Look the text up first: fontkit caches a glyph with the code points of its first lookup.
    const found = codePoints.cmap().get(glyphId) ?? codePoints.shaped().get(glyphId);
    const glyph = font.font.getGlyph(glyphId);
    font.widths[gid] ??= glyph.advanceWidth * font.scale;
    font.unicode[gid] ??= found ?? glyph.codePoints ?? [];
  }
  return gid;
}

/** `<hex>` of each subset glyph id, made once. */
const hexIds: string[] = [];
const hexId = (gid: number) => (hexIds[gid] ??= `<${gid.toString(16).padStart(4, '0')}>`);

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
  // Only glyphs new to the subset need their code points: most runs reuse known glyphs.
  let cmap: Map<number, number[]> | undefined;
  let shaped: Map<number, number[]> | undefined;
  const codePoints: CodePoints = {
    cmap: () => (cmap ??= codePointsByCmap(font.font, run.text)),
    shaped: () => (shaped ??= codePointsByGlyph(font.font, run.text)),
  };
  const unit = run.size / 1000;
  let content = `BT\n/${font.id} ${num(run.size)} Tf`;
  // Stretches of glyphs on one vertical offset: TJ only moves along x.
  let pen = 0;
  let y: number | undefined;
  let parts = '';
  for (const glyph of run.glyphs) {
    if (glyph.y !== y) {
      if (y !== undefined) content += `\n[${parts}] TJ`;
      y = glyph.y;
      pen = glyph.x;
      parts = '';
      content += `\n1 0 0 -1 ${num(run.x + glyph.x)} ${num(run.baseline + glyph.y)} Tm`;
    }
    const adjust = Math.round(((glyph.x - pen) / unit) * 1000) / 1000;
    if (adjust !== 0) parts += `${parts === '' ? '' : ' '}${-adjust}`;
    const gid = includeGlyph(font, glyph.id, codePoints);
    parts += `${parts === '' ? '' : ' '}${hexId(gid)}`;
    pen += (adjust + font.widths[gid]!) * unit;
  }
  doc.addContent(`${content}\n[${parts}] TJ\nET`);
  doc.restore();
}
