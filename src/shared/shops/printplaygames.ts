import type { ShopRules } from './types.js';

/** Print & Play Games: whole 12 × 18 in sheets, 18 poker cards turned in a 3 × 6 grid, backs on their own mirrored page. */
export const PRINT_PLAY_GAMES: ShopRules = {
  name: 'printplaygames',
  title: 'Print & Play Games',
  prefix: 'ppg',
  home: 'https://www.printplaygames.com',
  layout: 'sheets',
  dpi: 300,
  // 0.1 in each side: the cells are 3.7 × 2.7 in, a turned poker card and its bleed.
  bleedPx: 30,
  safePx: 30,
  minBleedMm: 2,
  colour: 'rgb',
  sheet: { widthIn: 12, heightIn: 18, columns: 3, rows: 6, centresXIn: [2.3, 6.0, 9.7], turned: true },
  products: [{ id: 'poker', name: 'Poker Cards, 18 per sheet', trimMm: { width: 63.5, height: 88.9 }, px: { width: 810, height: 1110 } }],
  sources: [
    { rule: 'at least 2 mm of bleed, up to 6 mm on large items; front and back templates uploaded apart', url: 'https://www.printplaygames.com/prototypes/formatting-guidelines/' },
    { rule: '12 × 18 in card sheets, 18 poker cards turned in 3 columns × 6 rows (centres at x = 2.3, 6.0, 9.7 in)', url: 'https://www.printplaygames.com/prototypes/cards/' },
  ],
};
