import type { Paint } from '../../shared/display-list.js';
import { combinedAlpha, formatRgbHex, parseColor } from '../../shared/colors.js';
import { usableDash } from '../geometry.js';
import { num } from './format.js';

type Attrs = Record<string, string | number | undefined>;

const alphaAttr = (alpha: number) => (alpha < 1 ? alpha : undefined);

/** fill-* attributes for a colour times an opacity. */
export function fillAttrs(fill: string | undefined, opacity?: number): Attrs {
  if (!fill) return { fill: 'none' };
  const color = parseColor(fill);
  return { fill: formatRgbHex(color), 'fill-opacity': alphaAttr(combinedAlpha(color, opacity)) };
}

/** stroke-* attributes; fill and stroke fade separately, as in the PDF. */
export function strokeAttrs(stroke: string | undefined, width: number | undefined, dash: number[] | undefined, opacity?: number): Attrs {
  if (!stroke) return {};
  const color = parseColor(stroke);
  const pattern = usableDash(dash);
  return {
    stroke: formatRgbHex(color),
    'stroke-opacity': alphaAttr(combinedAlpha(color, opacity)),
    'stroke-width': width ?? 1,
    'stroke-dasharray': pattern ? pattern.map(num).join(' ') : undefined,
  };
}

export function paintAttrs(paint: Paint & { fillRule?: 'nonzero' | 'evenodd' }): Attrs {
  return {
    ...fillAttrs(paint.fill, paint.opacity),
    'fill-rule': paint.fillRule === 'evenodd' ? 'evenodd' : undefined,
    ...strokeAttrs(paint.stroke, paint.strokeWidth, paint.dash, paint.opacity),
  };
}
