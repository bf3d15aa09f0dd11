import { HEX_COLOR_PATTERN } from '../../content/schema/common.js';
import type { Hex } from '../../shared/display-list.js';
import { interpolate } from '../../shared/expressions/bindings.js';
import { placeOf, type FaceContext } from './context.js';

const NAMED: Record<string, Hex | undefined> = { black: '#000000', white: '#ffffff', none: undefined, transparent: undefined };
const HEX = new RegExp(HEX_COLOR_PATTERN);

/** "#rgb"/"#rgba" → "#rrggbb"/"#rrggbbaa"; lower case. */
export function normalizeHex(hex: string): Hex {
  const h = hex.toLowerCase();
  if (h.length === 4 || h.length === 5) return '#' + [...h.slice(1)].map((c) => c + c).join('');
  return h;
}

/** A template colour (hex, palette name, built-in word, or binding) as hex; undefined for none. */
export function resolveColor(value: string | undefined, ctx: FaceContext, key: string): Hex | undefined {
  if (value === undefined) return undefined;
  const text = value.includes('{{') ? interpolate(value, ctx.scope, ctx.game.lang).trim() : value;
  if (HEX.test(text)) return normalizeHex(text);
  if (Object.hasOwn(NAMED, text)) return NAMED[text];
  const fromPalette = Object.hasOwn(ctx.game.palette, text) ? ctx.game.palette[text] : undefined;
  if (fromPalette !== undefined) return normalizeHex(fromPalette);
  ctx.report({
    severity: 'error',
    code: 'unknown-color',
    message: `"${value}" gives "${text}", which is not a colour: use "#rrggbb" or a palette name`,
    ...placeOf(value, key, ctx),
  });
  return undefined;
}
