import type { Hex } from '../../shared/display-list.js';
import { resolveColor } from '../../shared/colors.js';
import { interpolate } from '../../shared/expressions/bindings.js';
import { placeOf, type FaceContext } from './context.js';

/** A template colour (hex, palette name, built-in word, or binding) as hex; undefined for none. */
export function evaluateColor(value: string | undefined, ctx: FaceContext, key: string): Hex | undefined {
  if (value === undefined) return undefined;
  const text = value.includes('{{') ? interpolate(value, ctx.scope, ctx.game.lang).trim() : value;
  const color = resolveColor(text, ctx.game.palette);
  if (color.kind === 'color') return color.hex;
  if (color.kind === 'none') return undefined;
  ctx.report({
    severity: 'error',
    code: 'unknown-color',
    message: `"${value}" gives "${text}", which is not a colour: use "#rrggbb" or a palette name`,
    ...placeOf(value, key, ctx),
  });
  return undefined;
}
