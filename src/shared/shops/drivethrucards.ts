import type { ShopRules } from './types.js';

/** DriveThruCards: one PDF/X-1a per deck, back then front, CMYK, total ink at most 240 %. */
export const DRIVE_THRU_CARDS: ShopRules = {
  name: 'drivethrucards',
  title: 'DriveThruCards',
  prefix: 'dtc',
  home: 'https://www.drivethrucards.com',
  layout: 'pdfx-deck',
  dpi: 300,
  bleedPx: 37.5,
  safePx: 37.5,
  minBleedMm: 3.175,
  colour: 'cmyk',
  maxInk: 240,
  products: [{ id: 'poker', name: 'Poker Deck (2.5 × 3.5 in)', trimMm: { width: 63.5, height: 88.9 }, px: { width: 825, height: 1125 } }],
  sources: [
    {
      rule: 'one PDF per deck; page 1 the back of card 1, page 2 its front, and so on; 300 dpi; CMYK with total ink ≤ 240 %; no PNG inside; 1/8 in bleed built in; nothing important within 1/8 in of the cut; no die line; PDF/X-1a:2003, fonts embedded',
      url: 'https://help.drivethrupartners.com/hc/de/articles/12780748203543-Spezifikationen-f%C3%BCr-gedruckte-Karten',
    },
    { rule: 'PDF/X-1a:2003 with US Web Coated (SWOP) v2; poker page 2.75 × 3.75 in with the bleed', url: 'https://onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/227867607-Common-Card-Prep-Issues-Solutions' },
  ],
};
