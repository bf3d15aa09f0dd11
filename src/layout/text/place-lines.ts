import type { GlyphRun, Hex, ImageItem } from '../../shared/display-list.js';
import type { BuiltLine } from './build-line.js';
import type { LineInfo, TextAlign, TextBox, TextVAlign } from './types.js';

export interface PlaceOptions {
  box: TextBox;
  align: TextAlign;
  valign: TextVAlign;
  /** Baseline to baseline, in points. */
  leading: number;
  size: number;
  color: Hex;
  letterSpacing: number;
}

export interface PlacedText {
  runs: GlyphRun[];
  icons: ImageItem[];
  lines: LineInfo[];
}

/** From the first line's ascent to the last line's descent. */
export function measureBlock(lines: readonly Pick<BuiltLine, 'ascent' | 'descent'>[], leading: number): number {
  if (lines.length === 0) return 0;
  return lines[0]!.ascent + (lines.length - 1) * leading + lines[lines.length - 1]!.descent;
}

function blockTop(lines: readonly BuiltLine[], options: PlaceOptions): number {
  const free = options.box.height - measureBlock(lines, options.leading);
  if (options.valign === 'middle') return options.box.y + free / 2;
  return options.valign === 'bottom' ? options.box.y + free : options.box.y;
}

/** Where a line starts and how much each gap between its clusters grows. */
function alignLine(line: BuiltLine, options: PlaceOptions): { x: number; stretch: number; width: number } {
  const { x, width } = options.box;
  const free = width - line.width;
  if (options.align === 'center') return { x: x + free / 2, stretch: 0, width: line.width };
  if (options.align === 'right') return { x: x + free, stretch: 0, width: line.width };
  if (options.align === 'justify' && !line.paragraphEnd && line.clusters.length > 1) {
    return { x, stretch: free / (line.clusters.length - 1), width };
  }
  return { x, stretch: 0, width: line.width };
}

/** Positions built lines in the box: baselines, alignment, justification; runs and icons in page coordinates. */
export function placeLines(lines: readonly BuiltLine[], options: PlaceOptions): PlacedText {
  const placed: PlacedText = { runs: [], icons: [], lines: [] };
  const top = blockTop(lines, options);
  lines.forEach((line, i) => {
    const baseline = top + lines[0]!.ascent + i * options.leading;
    const { x, stretch, width } = alignLine(line, options);
    let clusterX = x;
    for (const cluster of line.clusters) {
      for (const run of cluster.runs) {
        placed.runs.push({
          font: run.font.key,
          size: options.size,
          color: options.color,
          x: clusterX + run.dx,
          baseline,
          text: run.text,
          letterSpacing: options.letterSpacing,
          width: run.width,
          glyphs: run.glyphs,
        });
      }
      for (const { piece, box, dx } of cluster.icons) {
        placed.icons.push({
          type: 'image',
          x: clusterX + dx + box.dx,
          y: baseline + box.dy,
          width: box.width,
          height: box.height,
          source: { kind: 'svg', svg: piece.icon.svg, naturalWidth: piece.icon.width, naturalHeight: piece.icon.height },
          tint: options.color,
        });
      }
      clusterX += cluster.width + stretch;
    }
    placed.lines.push({ text: line.text, width, baseline, x });
  });
  return placed;
}
