import type { ShopProduct, ShopRules } from './types.js';

const IN = 25.4;
/** A deck of The Game Crafter: trim in inches, its upload in pixels (trim + 1/8 in each side at 300 dpi). */
const deck = (id: string, name: string, wIn: number, hIn: number): ShopProduct => ({
  id,
  name,
  trimMm: { width: Math.round(wIn * IN * 100) / 100, height: Math.round(hIn * IN * 100) / 100 },
  px: { width: Math.round(wIn * 300 + 75), height: Math.round(hIn * 300 + 75) },
});

/** The Game Crafter: one PNG per face, uploaded per deck with a quantity per card. */
export const THE_GAME_CRAFTER: ShopRules = {
  name: 'thegamecrafter',
  title: 'The Game Crafter',
  prefix: 'tgc',
  home: 'https://www.thegamecrafter.com',
  layout: 'face-images',
  dpi: 300,
  bleedPx: 37.5,
  safePx: 37.5,
  minBleedMm: 3.175,
  colour: 'rgb',
  products: [
    deck('poker', 'Poker Deck', 2.5, 3.5),
    deck('bridge', 'Bridge Deck', 2.25, 3.5),
    deck('mini', 'Mini Deck', 1.75, 2.5),
    deck('micro', 'Micro Deck', 1.25, 1.75),
    deck('tarot', 'Tarot Deck', 2.75, 4.75),
    deck('square', 'Square Deck', 3.5, 3.5),
    deck('business', 'Business Deck', 2, 3.5),
    deck('jumbo', 'Jumbo Deck', 3.5, 5.5),
  ],
  sources: [
    { rule: 'pixel sizes per deck (poker 825 × 1125 …), bleed and safe zone 1/8 in, on each product page and its templates; PNG or JPG', url: 'https://www.thegamecrafter.com/make/products/PokerDeck' },
    { rule: 'deck sizes from Mini (1.75 × 2.5 in) to Jumbo (3.5 × 5.5 in); a template per product page', url: 'https://www.fairway3games.com/the-game-crafter-faqs/' },
  ],
};
