import type { DisplayItem, FontFace } from '../../shared/display-list.js';
import { literalSpans } from '../../shared/rich-text.js';
import { evaluateFace } from '../template/evaluate-face.js';
import { bodyText, structureKey, type Column, type FlowContext } from './flow-context.js';
import { GAPS } from './page-style.js';
import { setText } from './set-text.js';
import { moveItems, type Slice } from './slice.js';

/** A thumbnail is this many body sizes tall, and at most twice as wide. */
const THUMB_HEIGHT = 3.2;
const GAP = 0.6;

/**
 * `{{components}}`: every set of the game, one row each, with a thumbnail of its first item's
 * front (drawn from the same template as the cards) and how many components it has.
 */
export function setComponents(column: Column, ctx: FlowContext): Slice[] {
  const size = ctx.style.size;
  const height = THUMB_HEIGHT * size;
  return ctx.game.sets.flatMap((set, i): Slice[] => {
    const item = set.items[0];
    const count = set.items.reduce((n, it) => n + it.count, 0);
    // Problems of the faces are the sets' own, reported where the components are laid out.
    const face = evaluateFace({ game: ctx.game, set, template: set.front, item, icons: ctx.icons, report: () => {} });
    const scale = Math.min(height / set.height, (2 * height) / set.width);
    const width = set.width * scale;
    const thumbTop = 0;
    const radius = set.shape === 'circle' ? Math.min(set.width, set.height) / 2 : set.cornerRadius;
    const clip = { shape: set.shape === 'circle' ? ('ellipse' as const) : ('rect' as const), x: 0, y: 0, width: set.width, height: set.height, ...(radius > 0 && set.shape !== 'circle' ? { radius } : {}) };
    const thumbnail: DisplayItem = {
      type: 'group',
      artifact: true,
      transform: [scale, 0, 0, scale, column.x + (2 * height - width) / 2, thumbTop + (height - set.height * scale) / 2],
      clip,
      items: [...(face.background ? [{ type: 'rect' as const, x: 0, y: 0, width: set.width, height: set.height, fill: face.background }] : []), ...face.items, set.shape === 'circle' ? { type: 'ellipse', cx: set.width / 2, cy: set.height / 2, rx: set.width / 2, ry: set.height / 2, stroke: ctx.style.ink, strokeWidth: 0.6 / scale } : { type: 'rect', ...clip, stroke: ctx.style.ink, strokeWidth: 0.6 / scale }],
    };
    const textColumn = { x: column.x + 2 * height + GAP * size, width: Math.max(size, column.width - 2 * height - GAP * size) };
    const lines = setText(literalSpans(`${set.name} × ${count}`), { column: textColumn, font: bodyText(ctx), line: 0 }, ctx);
    const textHeight = lines.reduce((h, l) => h + l.height, 0);
    const items: DisplayItem[] = [thumbnail];
    const fonts: Record<string, FontFace> = { ...face.fonts };
    let y = Math.max(0, (height - textHeight) / 2);
    for (const line of lines) {
      items.push(...moveItems(line.items, 0, y));
      Object.assign(fonts, line.fonts);
      y += line.height;
    }
    const text = `${set.name} × ${count}`;
    const key = structureKey(ctx);
    return [{ kind: 'row', height: Math.max(height, textHeight), spaceBefore: i === 0 ? 0 : GAPS.item * size, items, fonts, keepWithNext: false, text, structure: [{ role: 'LI', key }, { role: 'LBody', key: `${key}b` }, { role: 'P', key: `${key}p` }] }];
  });
}
