import type { PlacedGlyph } from '../../shared/display-list.js';
import type { ResolvedFont } from '../../shared/fonts.js';
import type { BrokenLine } from './line-break.js';
import type { IconBox, TextSettings } from './measure.js';
import { measureFont, measureIcon } from './measure.js';
import type { Piece } from './pieces.js';
import { endsWithSpace, mergePieces, settleSoftHyphens, trimTrailingSpace } from './pieces.js';
import { measureText, shapeText } from './shape.js';

export interface BuiltRun {
  font: ResolvedFont;
  text: string;
  glyphs: readonly PlacedGlyph[];
  width: number;
  /** Pen position of the run in its cluster. */
  dx: number;
}

export interface BuiltIcon {
  piece: Extract<Piece, { kind: 'icon' }>;
  box: IconBox;
  dx: number;
}

/** Words set together; justification only stretches the gaps between clusters. */
export interface Cluster {
  runs: BuiltRun[];
  icons: BuiltIcon[];
  width: number;
}

export interface BuiltLine {
  clusters: Cluster[];
  /** Natural width without trailing spaces. */
  width: number;
  ascent: number;
  descent: number;
  text: string;
  paragraphEnd: boolean;
}

function buildCluster(pieces: readonly Piece[], settings: TextSettings): Cluster {
  const cluster: Cluster = { runs: [], icons: [], width: 0 };
  for (const piece of mergePieces(pieces)) {
    if (piece.kind === 'icon') {
      const box = measureIcon(piece, settings);
      cluster.icons.push({ piece, box, dx: cluster.width });
      cluster.width += box.advance;
    } else {
      const shaped = shapeText(piece.font.font, piece.text, settings);
      cluster.runs.push({ font: piece.font, text: piece.text, glyphs: shaped.glyphs, width: shaped.width, dx: cluster.width });
      cluster.width += shaped.width;
    }
  }
  return cluster;
}

/** The words as drawn: soft hyphens settled, the last word without its trailing spaces. */
function drawnWords(words: readonly (readonly Piece[])[]): (readonly Piece[])[] {
  return words.map((word, i) => (i === words.length - 1 ? settleSoftHyphens(trimTrailingSpace(word), true) : settleSoftHyphens(word, false)));
}

/** Groups words into clusters: one per line, or (to justify) one after every space between words. */
function groupWords(words: readonly (readonly Piece[])[], justify: boolean): (readonly Piece[])[] {
  if (!justify) return [words.flat()];
  const groups: Piece[][] = [[]];
  words.forEach((word, i) => {
    groups[groups.length - 1]!.push(...word);
    if (i < words.length - 1 && endsWithSpace(word)) groups.push([]);
  });
  return groups;
}

/** The width of a line as buildLine finds it (the same sums in the same order), without placing its glyphs. */
export function measureLine(line: BrokenLine, options: { settings: TextSettings; justify: boolean }): number {
  let width = 0;
  for (const pieces of groupWords(drawnWords(line.words), options.justify)) {
    let cluster = 0;
    for (const piece of mergePieces(pieces)) {
      cluster += piece.kind === 'icon' ? measureIcon(piece, options.settings).advance : measureText(piece.font.font, piece.text, options.settings);
    }
    width += cluster;
  }
  return width;
}

/** How far a line of these drawn words reaches above and below its baseline: the most of its fonts'. */
function wordsExtent(words: readonly (readonly Piece[])[], options: { settings: TextSettings; baseFont: ResolvedFont }): { ascent: number; descent: number } {
  const used = new Map<string, ResolvedFont>();
  for (const piece of words.flat()) used.set(piece.font.key, piece.font);
  if (used.size === 0) used.set(options.baseFont.key, options.baseFont);
  const metrics = [...used.values()].map((f) => measureFont(f.font, options.settings.size));
  return { ascent: Math.max(...metrics.map((m) => m.ascent)), descent: Math.max(...metrics.map((m) => m.descent)) };
}

/** The ascent and descent buildLine gives a line, without shaping it. */
export function lineExtent(line: BrokenLine, options: { settings: TextSettings; baseFont: ResolvedFont }): { ascent: number; descent: number } {
  return wordsExtent(drawnWords(line.words), options);
}

/** Shapes a broken line into positioned runs and icons, measuring it exactly. */
export function buildLine(line: BrokenLine, options: { settings: TextSettings; baseFont: ResolvedFont; justify: boolean }): BuiltLine {
  const words = drawnWords(line.words);
  const clusters = groupWords(words, options.justify).map((pieces) => buildCluster(pieces, options.settings));
  const { ascent, descent } = wordsExtent(words, options);
  return {
    clusters,
    width: clusters.reduce((sum, c) => sum + c.width, 0),
    ascent,
    descent,
    text: words.flat().map((p) => (p.kind === 'text' ? p.text : `:${p.name}:`)).join(''),
    paragraphEnd: line.paragraphEnd,
  };
}
