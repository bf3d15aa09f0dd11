import { assertNever, type ClipShape, type DisplayItem, type FontFace } from '../../shared/display-list.js';
import { clampRadius } from '../geometry.js';
import { tintAlpha } from '../image-source.js';
import { attrs, num } from './format.js';
import { outlineGlyphRun } from './glyph-outlines.js';
import { imageHref } from './image-href.js';
import { fillAttrs, paintAttrs, strokeAttrs } from './paint-attrs.js';

export interface SvgContext {
  fonts: Record<string, FontFace>;
  /** <clipPath> elements, written into <defs>. */
  defs: string[];
}

/** The outline of a box shape as an SVG element. */
export function boxElement(shape: ClipShape, extra = ''): string {
  const { x, y, width, height } = shape;
  if (shape.shape === 'ellipse') return `<ellipse${attrs({ cx: x + width / 2, cy: y + height / 2, rx: width / 2, ry: height / 2 })}${extra}/>`;
  const r = clampRadius(shape.radius, width, height);
  return `<rect${attrs({ x, y, width, height, rx: r || undefined, ry: r || undefined })}${extra}/>`;
}

/**
 * An ellipse as a path that starts at its left point and runs clockwise, as pdfkit's does,
 * so a dash pattern falls on the same places in both backends (<ellipse> starts on the right).
 */
function ellipsePath(cx: number, cy: number, rx: number, ry: number): string {
  const arc = `A${num(rx)} ${num(ry)} 0 1 1`;
  return `M${num(cx - rx)} ${num(cy)}${arc} ${num(cx + rx)} ${num(cy)}${arc} ${num(cx - rx)} ${num(cy)}Z`;
}

/** Adds a <clipPath> to the defs and returns its url(#id). */
function clipUrl(ctx: SvgContext, shape: ClipShape): string {
  const id = `pp-clip-${ctx.defs.length + 1}`;
  ctx.defs.push(`<clipPath id="${id}">${boxElement(shape)}</clipPath>`);
  return `url(#${id})`;
}

const opacityAttr = (opacity: number | undefined) => (opacity !== undefined && opacity < 1 ? Math.max(0, opacity) : undefined);

/** One display item as SVG markup. */
export function svgItem(ctx: SvgContext, item: DisplayItem): string {
  switch (item.type) {
    case 'rect': {
      const r = clampRadius(item.radius, item.width, item.height);
      const box = { x: item.x, y: item.y, width: item.width, height: item.height, rx: r || undefined, ry: r || undefined };
      return `<rect${attrs({ ...box, ...paintAttrs(item) })}/>`;
    }
    case 'ellipse':
      return `<path${attrs({ d: ellipsePath(item.cx, item.cy, item.rx, item.ry), ...paintAttrs(item) })}/>`;
    case 'line': {
      const stroke = strokeAttrs(item.stroke, item.strokeWidth, item.dash, item.opacity);
      return `<line${attrs({ x1: item.x1, y1: item.y1, x2: item.x2, y2: item.y2, ...stroke })}/>`;
    }
    case 'path':
      return `<path${attrs({ d: item.d, ...paintAttrs(item) })}/>`;
    case 'image': {
      const opacity = (item.opacity ?? 1) * tintAlpha(item.tint);
      const box = { x: item.x, y: item.y, width: item.width, height: item.height };
      const image = `<image${attrs({ ...box, preserveAspectRatio: 'none', 'xlink:href': imageHref(item) })}/>`;
      const clip = item.clip ? clipUrl(ctx, item.clip) : undefined;
      return `<g${attrs({ 'clip-path': clip, opacity: opacityAttr(opacity) })}>${image}</g>`;
    }
    case 'text':
      return item.runs
        .map((run) => {
          const face = ctx.fonts[run.font];
          if (!face) throw new Error(`text run uses font "${run.font}", which the display list's fonts do not define`);
          const d = outlineGlyphRun(run, face.path);
          return d ? `<path${attrs({ d, ...fillAttrs(run.color, item.opacity) })}/>` : '';
        })
        .join('');
    case 'group': {
      const transform = item.transform ? `matrix(${item.transform.map(num).join(' ')})` : undefined;
      const clip = item.clip ? clipUrl(ctx, item.clip) : undefined;
      const children = item.items.map((child) => svgItem(ctx, child)).join('');
      return `<g${attrs({ transform, 'clip-path': clip, opacity: opacityAttr(item.opacity) })}>${children}</g>`;
    }
    default:
      return assertNever(item);
  }
}
