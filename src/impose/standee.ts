import { resolveLength } from '../shared/lengths.js';
import type { DisplayItem, DisplayList } from '../shared/display-list.js';
import { placeComponent } from './compose.js';
import { HAIRLINE } from './marks.js';

/** Depth of each base tab: folded out, the two tabs make the foot of the standee. */
export const TAB_DEPTH = resolveLength('15mm');

/**
 * A fold-over standee as one strip, top to bottom: base tab, back (turned 180° so it reads
 * upright once folded), fold, front, base tab; dashed fold lines between the parts.
 */
export function standeeStrip(front: DisplayList, back: DisplayList | undefined, tab = TAB_DEPTH): DisplayList {
  const { width, height } = front;
  const reach = { top: 0, right: front.bleed, bottom: 0, left: front.bleed };
  const fold = (y: number): DisplayItem => ({ type: 'line', x1: 0, y1: y, x2: width, y2: y, stroke: '#666666', strokeWidth: HAIRLINE, dash: [3, 2] });
  const tabRect = (y: number): DisplayItem => ({ type: 'rect', x: -front.bleed, y, width: width + 2 * front.bleed, height: tab, fill: '#e6e6e6' });
  return {
    width,
    height: 2 * height + 2 * tab,
    bleed: front.bleed,
    items: [
      tabRect(-front.bleed),
      tabRect(tab + 2 * height),
      placeComponent({ list: back ?? front, x: 0, y: tab, rotate: 180, reach }),
      placeComponent({ list: front, x: 0, y: tab + height, rotate: 0, reach }),
      fold(tab),
      fold(tab + height),
      fold(tab + 2 * height),
    ],
    fonts: { ...front.fonts, ...(back?.fonts ?? {}) },
  };
}
