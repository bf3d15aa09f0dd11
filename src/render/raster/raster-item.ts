import { giveBack, takeCanvas } from './canvas-pool.js';
import { Path2D, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import { assertNever, type ClipShape, type DisplayItem, type FontFace, type ImageItem, type Paint } from '../../shared/display-list.js';
import { combinedAlpha, parseColor } from '../../shared/colors.js';
import { clampRadius, usableDash } from '../geometry.js';
import { tintAlpha } from '../image-source.js';
import { glyphRunPath } from './glyph-paths.js';

export interface RasterContext {
  fonts: Record<string, FontFace>;
  /** The list's images, decoded beforehand (see loadImages). */
  images: Map<ImageItem, Image>;
  /** The whole picture in pixels: a group with opacity is drawn on a layer of this size. */
  widthPx: number;
  heightPx: number;
}

/** A canvas colour for a hex colour times an opacity, or undefined when nothing shows. */
function style(hex: string | undefined, opacity?: number): string | undefined {
  if (!hex) return undefined;
  const color = parseColor(hex);
  const alpha = combinedAlpha(color, opacity);
  return `rgba(${color.r},${color.g},${color.b},${alpha})`;
}

/** Fills, then strokes, a path; fill and stroke fade separately, as in the PDF. */
function paint(ctx: SKRSContext2D, path: Path2D, item: Paint, fillRule: 'nonzero' | 'evenodd' = 'nonzero'): void {
  const fill = style(item.fill, item.opacity);
  if (fill) {
    ctx.fillStyle = fill;
    ctx.fill(path, fillRule);
  }
  const stroke = style(item.stroke, item.opacity);
  if (stroke) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = item.strokeWidth ?? 1;
    ctx.setLineDash(usableDash(item.dash) ?? []);
    ctx.stroke(path);
  }
}

function rectPath(x: number, y: number, width: number, height: number, radius: number | undefined): Path2D {
  const path = new Path2D();
  const r = clampRadius(radius, width, height);
  if (r > 0) path.roundRect(x, y, width, height, r);
  else path.rect(x, y, width, height);
  return path;
}

/** An ellipse from its left point, clockwise, as pdfkit's: a dash falls on the same places. */
function ellipsePath(cx: number, cy: number, rx: number, ry: number): Path2D {
  const path = new Path2D();
  path.moveTo(cx - rx, cy);
  path.ellipse(cx, cy, Math.max(0, rx), Math.max(0, ry), 0, Math.PI, 3 * Math.PI);
  path.closePath();
  return path;
}

function clipTo(ctx: SKRSContext2D, shape: ClipShape): void {
  const { x, y, width, height } = shape;
  ctx.clip(shape.shape === 'ellipse' ? ellipsePath(x + width / 2, y + height / 2, width / 2, height / 2) : rectPath(x, y, width, height, shape.radius));
}

/** Draws items on a layer of the picture's size and lays it down with the group's opacity. */
function drawLayer(ctx: SKRSContext2D, rc: RasterContext, items: DisplayItem[], opacity: number): void {
  const layer = takeCanvas(rc.widthPx, rc.heightPx);
  const lctx = layer.getContext('2d');
  lctx.setTransform(ctx.getTransform());
  lctx.miterLimit = ctx.miterLimit;
  for (const child of items) rasterItem(lctx, rc, child);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = Math.max(0, Math.min(1, opacity));
  ctx.drawImage(layer, 0, 0);
  ctx.restore();
  giveBack(layer);
}

/** Draws one display item. */
export function rasterItem(ctx: SKRSContext2D, rc: RasterContext, item: DisplayItem): void {
  switch (item.type) {
    case 'rect':
      return paint(ctx, rectPath(item.x, item.y, item.width, item.height, item.radius), item);
    case 'ellipse':
      return paint(ctx, ellipsePath(item.cx, item.cy, item.rx, item.ry), item);
    case 'line': {
      const path = new Path2D();
      path.moveTo(item.x1, item.y1);
      path.lineTo(item.x2, item.y2);
      return paint(ctx, path, { stroke: item.stroke, strokeWidth: item.strokeWidth, dash: item.dash, opacity: item.opacity });
    }
    case 'path':
      return paint(ctx, new Path2D(item.d), item, item.fillRule === 'evenodd' ? 'evenodd' : 'nonzero');
    case 'image': {
      const opacity = (item.opacity ?? 1) * tintAlpha(item.tint);
      ctx.save();
      if (item.clip) clipTo(ctx, item.clip);
      ctx.globalAlpha = Math.max(0, Math.min(1, opacity));
      const image = rc.images.get(item);
      if (!image) throw new Error('an image of the display list was not decoded before drawing');
      ctx.drawImage(image, item.x, item.y, item.width, item.height);
      ctx.restore();
      return;
    }
    case 'text':
      for (const run of item.runs) {
        const face = rc.fonts[run.font];
        if (!face) throw new Error(`text run uses font "${run.font}", which the display list's fonts do not define`);
        const fill = style(run.color, item.opacity);
        if (!fill || run.glyphs.length === 0) continue;
        ctx.fillStyle = fill;
        ctx.fill(glyphRunPath(run, face.path));
      }
      return;
    case 'group': {
      ctx.save();
      if (item.transform) ctx.transform(...item.transform);
      if (item.clip) clipTo(ctx, item.clip);
      if (item.opacity !== undefined && item.opacity < 1) drawLayer(ctx, rc, item.items, item.opacity);
      else for (const child of item.items) rasterItem(ctx, rc, child);
      ctx.restore();
      return;
    }
    default:
      return assertNever(item);
  }
}
