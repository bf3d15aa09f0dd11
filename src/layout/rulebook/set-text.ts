import type { ImageItem, TextItem } from '../../shared/display-list.js';
import { isBlank, type RichSpan } from '../../shared/rich-text.js';
import { layoutText } from '../text/layout-text.js';
import type { Column, FlowContext, TextStyle } from './flow-context.js';
import { moveItems, type Slice } from './slice.js';

/** Taller than any page: the text is laid out once, then cut into lines. */
const UNBOUNDED = 1e6;
const SAME = 1e-6;

/**
 * Lays spans out in a column with the card text engine (fontkit shaping, UAX #14 breaks,
 * hyphenation hook), then cuts the result into one slice per line, each `leading` high with
 * its runs and icons moved to the slice's top.
 */
export function setText(text: readonly RichSpan[], options: { column: Column; font: TextStyle; line: number; kind?: Slice['kind'] }, ctx: FlowContext): Slice[] {
  if (isBlank(text)) return [];
  const { column, font } = options;
  const result = layoutText({
    text,
    lang: ctx.game.lang,
    box: { x: column.x, y: 0, width: column.width, height: UNBOUNDED },
    family: font.family,
    weight: font.weight,
    style: font.style,
    size: font.size,
    color: font.color,
    align: font.align,
    lineHeight: font.lineHeight,
    fonts: ctx.game.fonts,
    icons: ctx.icons,
    hyphenate: ctx.hyphenate,
  });
  for (const problem of result.problems) {
    ctx.report({ severity: problem.code === 'word-too-long' ? 'warning' : 'error', code: problem.code, message: problem.message, line: options.line });
  }
  const leading = font.lineHeight * result.size;
  const runs = result.items.flatMap((item) => (item.type === 'text' ? (item as TextItem).runs : []));
  const icons = result.items.filter((item): item is ImageItem => item.type === 'image');
  const iconLine = (icon: ImageItem) => result.lines.findIndex((l) => l.baseline > icon.y);
  return result.lines.map((line, i): Slice => {
    const top = i * leading;
    const onLine = runs.filter((run) => Math.abs(run.baseline - line.baseline) < SAME);
    const items = [...(onLine.length > 0 ? [{ type: 'text' as const, runs: onLine }] : []), ...icons.filter((icon) => iconLine(icon) === i)];
    return {
      kind: options.kind ?? 'line',
      height: leading,
      spaceBefore: 0,
      items: moveItems(items, 0, -top),
      fonts: result.fonts,
      keepWithNext: false,
      baseline: line.baseline - top,
      text: line.text,
    };
  });
}

/** Orphans and widows: the first line never alone at a page's bottom, the last never alone at its top. */
export function keepLinesTogether(lines: Slice[]): Slice[] {
  if (lines.length >= 2) {
    lines[0]!.keepWithNext = true;
    lines[lines.length - 2]!.keepWithNext = true;
  }
  return lines;
}
