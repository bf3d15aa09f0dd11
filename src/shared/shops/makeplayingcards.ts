import type { ShopRules } from './types.js';

/** MakePlayingCards (and PrinterStudio, the same maker): one image per face per slot, 0.12 in bleed. */
export const MAKE_PLAYING_CARDS: ShopRules = {
  name: 'makeplayingcards',
  title: 'MakePlayingCards',
  prefix: 'mpc',
  home: 'https://www.makeplayingcards.com',
  layout: 'unique-face-images',
  dpi: 300,
  bleedPx: 36,
  safePx: 36,
  minBleedMm: 3,
  colour: 'rgb',
  orderSizes: [18, 36, 55, 72, 90, 108, 126, 144, 162, 180, 198, 216, 234, 396, 504, 612],
  products: [
    { id: 'poker', name: 'Custom Game Cards (63 × 88 mm)', trimMm: { width: 63, height: 88 }, px: { width: 816, height: 1110 } },
    { id: 'poker-us', name: 'Poker Size Playing Cards (2.5 × 3.5 in)', trimMm: { width: 63.5, height: 88.9 }, px: { width: 822, height: 1122 } },
  ],
  sources: [
    { rule: 'card sizes and image sizes (63 × 88 mm: 816 × 1110 px with bleed)', url: 'https://www.makeplayingcards.com/design/custom-game-cards.html' },
    { rule: 'order sizes (brackets of 18 … 612 cards) and the order XML (fronts, backs, cardback, slots)', url: 'https://github.com/chilli-axe/mpc-autofill' },
    { rule: 'identical images are merged into one: each copy needs its own file', url: 'https://github.com/chilli-axe/mpc-autofill' },
  ],
};
