import { resolveLength } from '../../shared/lengths.js';
import type { EllipseElement, LineElement, PathElement, PolygonElement, RectElement } from '../../content/schema/template.js';
import type { Static } from '@sinclair/typebox';
import type { DisplayItem, Paint } from '../../shared/display-list.js';
import { evaluateColor } from './evaluate-color.js';
import type { FaceContext } from './context.js';
import { box, length, round, scaleThenTranslate } from './geometry.js';

type Rect = Static<typeof RectElement>;
type Ellipse = Static<typeof EllipseElement>;
type Line = Static<typeof LineElement>;
type Polygon = Static<typeof PolygonElement>;
type PathEl = Static<typeof PathElement>;

/** Hairline width when a stroke is asked for without a width. */
const DEFAULT_STROKE = 0.5;

function strokeWidth(value: number | string | undefined, ctx: FaceContext): number {
  return value === undefined ? DEFAULT_STROKE : resolveLength(value, { defaultUnit: ctx.unit });
}

export function paint(element: Rect | Ellipse | Polygon | PathEl, ctx: FaceContext): Paint {
  const out: Paint = {};
  const fill = evaluateColor(element.fill, ctx, 'fill');
  const stroke = evaluateColor(element.stroke, ctx, 'stroke');
  if (fill) out.fill = fill;
  if (stroke) {
    out.stroke = stroke;
    out.strokeWidth = round(strokeWidth(element.strokeWidth, ctx));
    if (element.dash) out.dash = element.dash.map((d) => round(resolveLength(d, { defaultUnit: ctx.unit })));
  }
  if (element.opacity !== undefined) out.opacity = element.opacity;
  return out;
}

export function evaluateRect(element: Rect, ctx: FaceContext): DisplayItem[] {
  const b = box(element, ctx);
  const radius = element.radius === undefined ? undefined : round(resolveLength(element.radius, { defaultUnit: ctx.unit }));
  return [{ type: 'rect', x: round(b.x), y: round(b.y), width: round(b.width), height: round(b.height), ...(radius ? { radius } : {}), ...paint(element, ctx) }];
}

export function evaluateEllipse(element: Ellipse, ctx: FaceContext): DisplayItem[] {
  const b = box(element, ctx);
  return [{ type: 'ellipse', cx: round(b.x + b.width / 2), cy: round(b.y + b.height / 2), rx: round(b.width / 2), ry: round(b.height / 2), ...paint(element, ctx) }];
}

export function evaluateLine(element: Line, ctx: FaceContext): DisplayItem[] {
  const stroke = evaluateColor(element.stroke ?? 'black', ctx, 'stroke');
  if (!stroke) return [];
  return [
    {
      type: 'line',
      x1: round(length(element.x1, 'x', ctx)),
      y1: round(length(element.y1, 'y', ctx)),
      x2: round(length(element.x2, 'x', ctx)),
      y2: round(length(element.y2, 'y', ctx)),
      stroke,
      strokeWidth: round(strokeWidth(element.strokeWidth, ctx)),
      ...(element.dash ? { dash: element.dash.map((d) => round(resolveLength(d, { defaultUnit: ctx.unit }))) } : {}),
      ...(element.opacity !== undefined ? { opacity: element.opacity } : {}),
    },
  ];
}

export function evaluatePolygon(element: Polygon, ctx: FaceContext): DisplayItem[] {
  const points = element.points.map(([x, y]) => `${round(length(x, 'x', ctx))} ${round(length(y, 'y', ctx))}`);
  const d = `M ${points.join(' L ')}${element.closed === false ? '' : ' Z'}`;
  return [{ type: 'path', d, ...paint(element, ctx) }];
}

/** An SVG path: scaled from its viewBox into the box, or drawn in the template's unit from the box's corner. */
export function evaluatePath(element: PathEl, ctx: FaceContext): DisplayItem[] {
  const b = box(element, ctx);
  const [vx = 0, vy = 0, vw = 0, vh = 0] = element.viewBox ?? [];
  const unit = resolveLength(1, { defaultUnit: ctx.unit });
  const sx = element.viewBox && vw > 0 ? b.width / vw : unit;
  const sy = element.viewBox && vh > 0 ? b.height / vh : unit;
  const p = paint(element, ctx);
  // The stroke is drawn inside the scaled group: divide its width so it prints as written.
  if (p.strokeWidth !== undefined) p.strokeWidth = round(p.strokeWidth / Math.sqrt(sx * sy));
  if (p.dash) p.dash = p.dash.map((d) => round(d / Math.sqrt(sx * sy)));
  return [
    {
      type: 'group',
      transform: scaleThenTranslate(sx, sy, round(b.x - vx * sx), round(b.y - vy * sy)),
      items: [{ type: 'path', d: element.d, ...p }],
    },
  ];
}
