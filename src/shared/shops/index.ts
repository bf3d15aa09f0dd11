import { DRIVE_THRU_CARDS } from './drivethrucards.js';
import { MAKE_PLAYING_CARDS } from './makeplayingcards.js';
import { PRINT_PLAY_GAMES } from './printplaygames.js';
import { THE_GAME_CRAFTER } from './thegamecrafter.js';
import type { ShopName, ShopProduct, ShopRules } from './types.js';

export type { ShopLayout, ShopName, ShopProduct, ShopRules, ShopSource } from './types.js';

/** Every shop pocketpress writes for, by name. */
export const SHOPS: Readonly<Record<ShopName, ShopRules>> = {
  thegamecrafter: THE_GAME_CRAFTER,
  makeplayingcards: MAKE_PLAYING_CARDS,
  drivethrucards: DRIVE_THRU_CARDS,
  printplaygames: PRINT_PLAY_GAMES,
};

export const SHOP_NAMES = Object.keys(SHOPS) as ShopName[];

/** A component fits a product when each side of its trim is within this of the product's. */
export const SIZE_TOLERANCE_MM = 1.5;

/** Every shop product as a named size, `<prefix>-<id>` (tgc-poker, mpc-poker…), trim in millimetres. */
export const SHOP_SIZES: Readonly<Record<string, { width: number; height: number }>> = Object.fromEntries(
  Object.values(SHOPS).flatMap((shop) => shop.products.map((p) => [`${shop.prefix}-${p.id}`, p.trimMm] as const)),
);

export type ProductMatch = { product: ShopProduct; turned: boolean } | { product?: undefined; closest: ShopProduct };

/**
 * The shop's product for a component of this trim (millimetres): the closest one within the
 * tolerance, turned when the component is landscape; otherwise the closest it sells.
 */
export function matchProduct(shop: ShopRules, widthMm: number, heightMm: number): ProductMatch {
  const turned = widthMm > heightMm;
  const [w, h] = turned ? [heightMm, widthMm] : [widthMm, heightMm];
  const scored = shop.products.map((product) => ({ product, off: Math.max(Math.abs(product.trimMm.width - w), Math.abs(product.trimMm.height - h)) }));
  scored.sort((a, b) => a.off - b.off);
  const best = scored[0]!;
  return best.off <= SIZE_TOLERANCE_MM ? { product: best.product, turned } : { closest: best.product };
}
