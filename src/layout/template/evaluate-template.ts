import type { Element } from '../../content/schema/template.js';
import { assertNever, type DisplayItem, type Matrix } from '../../shared/display-list.js';
import type { FaceContext } from './context.js';
import { evaluateCondition, parseCondition } from '../../shared/expressions/conditions.js';
import { evaluateImage } from './evaluate-image.js';
import { evaluateEllipse, evaluateLine, evaluatePath, evaluatePolygon, evaluateRect } from './evaluate-shapes.js';
import { evaluateText } from './evaluate-text.js';
import { box, length, rotateAbout, round, translate } from './geometry.js';
import { interpolate } from '../../shared/expressions/bindings.js';
import { pointerOf, readPath } from '../../shared/expressions/scope.js';

type Group = Extract<Element, { type: 'group' }>;

function evaluateGroup(element: Group, ctx: FaceContext): DisplayItem[] {
  const x = length(element.x, 'x', ctx);
  const y = length(element.y, 'y', ctx);
  const children = (inner: FaceContext) =>
    element.elements.flatMap((child, i) => evaluateElement(child, { ...inner, pointer: `${ctx.pointer}/elements/${i}` }));
  const moved = (dx: number, dy: number): FaceContext => ({ ...ctx, origin: { x: ctx.origin.x + dx, y: ctx.origin.y + dy } });
  if (!element.repeat) return [{ type: 'group', transform: translate(round(x), round(y)), items: children(moved(x, y)) }];
  const { over, count, as = 'entry' } = element.repeat;
  const times = count === undefined ? undefined : Number(typeof count === 'number' ? count : interpolate(count, ctx.scope, ctx.game.lang));
  const entries = over !== undefined ? readPath(ctx.scope, over) : Number.isInteger(times) && times! >= 0 ? Array.from({ length: Math.min(times!, 500) }, (_, i) => i) : undefined;
  if (!Array.isArray(entries)) return [];
  const dx = length(element.repeat.dx, 'x', ctx);
  const dy = length(element.repeat.dy, 'y', ctx);
  const base = over === undefined ? undefined : pointerOf(over, ctx.pointers);
  return entries.map((entry, index) => {
    const inner: FaceContext = {
      ...moved(x + index * dx, y + index * dy),
      scope: { ...ctx.scope, [as]: entry, index },
      pointers: base === undefined ? ctx.pointers : { ...ctx.pointers, [as]: `${base}/${index}` },
    };
    return { type: 'group', transform: translate(round(x + index * dx), round(y + index * dy)), items: children(inner) };
  });
}

function draw(element: Element, ctx: FaceContext): DisplayItem[] {
  switch (element.type) {
    case 'rect':
      return evaluateRect(element, ctx);
    case 'ellipse':
      return evaluateEllipse(element, ctx);
    case 'line':
      return evaluateLine(element, ctx);
    case 'polygon':
      return evaluatePolygon(element, ctx);
    case 'path':
      return evaluatePath(element, ctx);
    case 'image':
      return evaluateImage(element, ctx);
    case 'text':
      return evaluateText(element, ctx);
    case 'group':
      return evaluateGroup(element, ctx);
    default:
      return assertNever(element);
  }
}

/** One template element as display items: skipped when its condition fails, turned when it has a rotation. */
export function evaluateElement(element: Element, ctx: FaceContext): DisplayItem[] {
  if (element.when !== undefined && !evaluateCondition(parseCondition(element.when), ctx.scope)) return [];
  const items = draw(element, ctx);
  if (!element.rotate || items.length === 0) return items;
  const [cx, cy] = centreOf(element, ctx);
  return [{ type: 'group', transform: rotateAbout(element.rotate, cx, cy).map(round) as Matrix, items }];
}

/** The point an element turns about: the centre of its box, line or points; a group's origin. */
function centreOf(element: Element, ctx: FaceContext): [number, number] {
  switch (element.type) {
    case 'line':
      return [(length(element.x1, 'x', ctx) + length(element.x2, 'x', ctx)) / 2, (length(element.y1, 'y', ctx) + length(element.y2, 'y', ctx)) / 2];
    case 'polygon': {
      const xs = element.points.map(([x]) => length(x, 'x', ctx));
      const ys = element.points.map(([, y]) => length(y, 'y', ctx));
      return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
    }
    case 'group':
      return [length(element.x, 'x', ctx), length(element.y, 'y', ctx)];
    default: {
      const b = box(element, ctx);
      return [b.x + b.width / 2, b.y + b.height / 2];
    }
  }
}
