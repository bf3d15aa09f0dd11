import { SHOP_SIZES } from '../shared/shops/index.js';

/** Named component sizes in millimetres (width × height, portrait). Facts from print-shop practice. */
const GENERIC_SIZES = {
  poker: { width: 63, height: 88 },
  'poker-us': { width: 63.5, height: 88.9 },
  bridge: { width: 57.15, height: 88.9 },
  'mini-us': { width: 44.45, height: 63.5 },
  'mini-euro': { width: 44, height: 68 },
  tarot: { width: 70, height: 120 },
  jumbo: { width: 88.9, height: 127 },
  'square-small': { width: 63.5, height: 63.5 },
  square: { width: 69.85, height: 69.85 },
  'square-large': { width: 88.9, height: 88.9 },
  a4: { width: 210, height: 297 },
  a5: { width: 148, height: 210 },
  a6: { width: 105, height: 148 },
  a7: { width: 74, height: 105 },
  letter: { width: 215.9, height: 279.4 },
  'half-letter': { width: 139.7, height: 215.9 },
} as const satisfies Record<string, { width: number; height: number }>;

/**
 * Every named size: the generic ones above and each print shop's products (`tgc-poker`,
 * `mpc-poker`, `dtc-poker`, `ppg-poker`…), whose trims come from the shop tables in src/shared/shops.
 */
export const NAMED_SIZES: Readonly<Record<string, { width: number; height: number }>> = { ...GENERIC_SIZES, ...SHOP_SIZES };

export type NamedSize = keyof typeof GENERIC_SIZES | (string & {});

export const NAMED_SIZE_NAMES: string[] = Object.keys(NAMED_SIZES);
