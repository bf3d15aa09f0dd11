import { lookupColor } from '../../shared/colors.js';
import type { Hex } from '../../shared/display-list.js';
import { interpolate } from '../../shared/expressions/bindings.js';
import { placeOf, type FaceContext } from './context.js';


/** A template colour (hex, palette name, built-in word, or binding) as hex; undefined for none. */
export function resolveColor(value: string | undefined, ctx: FaceContext, key: string): Hex | undefined {
  if (value === undefined) return undefined;
  const text = value.includes('{{') ? interpolate(value, ctx.scope, ctx.game.lang).trim() : value;
  const found = lookupColor(text, ctx.game.palette);
  if (found.ok) return found.hex;
  ctx.report({
    severity: 'error',
    code: 'unknown-color',
    message: `"${value}" gives "${text}", which is not a colour: use "#rrggbb" or a palette name`,
    ...placeOf(value, key, ctx),
  });
  return undefined;
}
