import path from 'node:path';
import type { DisplayItem, DisplayList, FontFace } from '../../shared/display-list.js';
import { findGameIcon } from '../../shared/icons.js';
import type { LayoutProblem } from '../../shared/problem.js';
import { captionsFor } from './captions.js';
import { bodyText, type Column, type FlowContext, type TextStyle } from './flow-context.js';
import { literalSpans } from '../../shared/rich-text.js';
import { setText } from './set-text.js';
import { moveItems, stackSlices } from './slice.js';

/** The facts row of the cover: game-icons.net icons (hence the credit line). */
const FACT_ICONS = ['meeple', 'hourglass', 'cake-slice'] as const;

interface Part {
  items: DisplayItem[];
  fonts: Record<string, FontFace>;
  height: number;
}

/** Text of the game (literal; newlines break lines) set in a column, its problems pointed at game.yaml. */
function setPart(text: string, font: TextStyle, column: Column, pointer: string, ctx: FlowContext, problems: LayoutProblem[]): Part {
  const file = path.join(ctx.game.dir, 'game.yaml');
  const report = (p: { severity: 'error' | 'warning'; code: string; message: string }) => problems.push({ severity: p.severity, code: p.code, message: p.message, file, pointer });
  return stackSlices(setText(literalSpans(text), { column, font, line: 0 }, { ...ctx, report }));
}

/**
 * Centred text in lines of even length: the narrowest column (centred in `column`) that
 * still gives as few lines as the full width, so a title never ends on a lone word.
 */
function setBalanced(text: string, font: TextStyle, column: Column, pointer: string, ctx: FlowContext, problems: LayoutProblem[]): Part {
  const spans = literalSpans(text);
  const count = (width: number) => setText(spans, { column: { x: 0, width }, font, line: 0 }, { ...ctx, report: () => {} }).length;
  const lines = count(column.width);
  let low = column.width / Math.max(lines, 1);
  let high = column.width;
  if (lines > 1) {
    while (high - low > 1) {
      const middle = (low + high) / 2;
      if (count(middle) <= lines) high = middle;
      else low = middle;
    }
  }
  return setPart(text, font, { x: column.x + (column.width - high) / 2, width: high }, pointer, ctx, problems);
}

/** Players, time and age: three cells, each an icon over its words. */
function setFacts(column: Column, ctx: FlowContext, problems: LayoutProblem[]): Part {
  const { game, style } = ctx;
  const words = captionsFor(game.lang);
  const facts = [words.players(game.players.min, game.players.max), words.playTime(game.playTime.min, game.playTime.max), ...(game.age ? [words.age(game.age)] : [])];
  const cell = column.width / facts.length;
  const iconSize = style.size * 2.2;
  const pointers = ['/players', '/playTime', '/age'];
  const parts = facts.map((fact, i) => {
    const x = column.x + i * cell;
    const icon = findGameIcon(FACT_ICONS[i]!)!;
    const label = setPart(fact, bodyText(ctx, { align: 'center', weight: 'bold', size: style.size * 1.05 }), { x, width: cell }, pointers[i]!, ctx, problems);
    const image: DisplayItem = { type: 'image', x: x + (cell - iconSize) / 2, y: 0, width: iconSize, height: iconSize, source: { kind: 'svg', svg: icon.svg, naturalWidth: icon.width, naturalHeight: icon.height }, tint: style.accent };
    return { items: [image, ...moveItems(label.items, 0, iconSize + style.size * 0.3)], fonts: label.fonts, height: iconSize + style.size * 0.3 + label.height };
  });
  return { items: parts.flatMap((p) => p.items), fonts: Object.assign({}, ...parts.map((p) => p.fonts)), height: Math.max(...parts.map((p) => p.height)) };
}

/** A short rule with a diamond in its middle, between the title and the rest. */
function ornament(column: Column, ctx: FlowContext): Part {
  const s = ctx.style.size;
  const mid = column.x + column.width / 2;
  const half = column.width * 0.18;
  const y = s * 0.5;
  const d = s * 0.35;
  const line = (x1: number, x2: number): DisplayItem => ({ type: 'line', x1, y1: y, x2, y2: y, stroke: ctx.style.accent, strokeWidth: 0.6 });
  return { items: [line(mid - half, mid - d * 2), line(mid + d * 2, mid + half), { type: 'path', d: `M ${mid} ${y - d} L ${mid + d} ${y} L ${mid} ${y + d} L ${mid - d} ${y} Z`, fill: ctx.style.accent }], fonts: {}, height: s };
}

/**
 * Page 1: the title, subtitle, an ornament and the facts (players, time, age) centred in the
 * upper part of a framed page; the credits at the bottom. Nothing of it comes from the Markdown.
 */
export function layoutCover(ctx: FlowContext, page: { width: number; height: number }): { page: DisplayList; problems: LayoutProblem[] } {
  const { game, style } = ctx;
  const problems: LayoutProblem[] = [];
  const m = style.margin;
  const frame = { x: m.inside, y: m.top, width: page.width - m.inside - m.outside, height: page.height - m.top - m.bottom };
  const pad = style.size * 1.2;
  const column = { x: frame.x + pad, width: frame.width - 2 * pad };
  const center = (extra: Partial<TextStyle>) => bodyText(ctx, { align: 'center', ...extra });
  const title = setBalanced(game.title, center({ family: style.headingFont, weight: 'bold', size: style.size * 2.6, color: style.accent, lineHeight: 1.1 }), column, '/title', ctx, problems);
  const subtitle = game.subtitle ? setBalanced(game.subtitle, center({ style: 'italic', size: style.size * 1.2 }), column, '/subtitle', ctx, problems) : undefined;
  const credits = [...game.credits.map((c) => captionsFor(game.lang).credit(c.role, c.name)), captionsFor(game.lang).iconsCredit];
  const creditPart = setPart(credits.join('\n'), center({ size: style.size * 0.8, lineHeight: 1.25 }), column, '/credits', ctx, problems);
  const gap = style.size * 1.2;
  const stack = [title, ornament(column, ctx), ...(subtitle ? [subtitle] : []), setFacts(column, ctx, problems)];
  const stackHeight = stack.reduce((h, p) => h + p.height, 0) + gap * (stack.length - 1);
  const creditTop = frame.y + frame.height - pad - creditPart.height;
  const room = creditTop - gap - (frame.y + pad);
  let y = frame.y + pad + Math.max(0, (room - stackHeight) * 0.4);
  const items: DisplayItem[] = [
    { type: 'rect', ...frame, stroke: style.accent, strokeWidth: 1 },
    { type: 'rect', x: frame.x + 2.5, y: frame.y + 2.5, width: frame.width - 5, height: frame.height - 5, stroke: style.accent, strokeWidth: 0.35 },
  ];
  const fonts: Record<string, FontFace> = {};
  for (const part of [...stack.map((p) => ({ p, gap })), { p: creditPart, gap: 0 }]) {
    const top = part.p === creditPart ? creditTop : y;
    // The cover is read as the title (H1) and paragraphs; the ornament is decoration.
    const role = part.p === title ? 'H1' : 'P';
    const moved = moveItems(part.p.items, 0, top);
    if (moved.some((i) => i.type === 'text')) items.push({ type: 'group', structure: [{ role, key: `cover${items.length}`, ...(role === 'H1' ? { title: game.title } : {}) }], items: moved });
    else items.push(...moved);
    Object.assign(fonts, part.p.fonts);
    y = top + part.p.height + part.gap;
  }
  return { page: { width: page.width, height: page.height, bleed: 0, items, fonts }, problems };
}
