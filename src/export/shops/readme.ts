import type { ShopRules } from '../../shared/shops/index.js';
import type { OrderSummary } from './export-shops.js';

const HOW: Record<ShopRules['layout'], (s: OrderSummary) => string[]> = {
  'face-images': () => [
    'For each set below, create the deck named as its product in your game on thegamecrafter.com',
    '(Make > your game > Add component), then:',
    '  - upload <set>/back.png as the deck back (or each NNN-<item>-back.png with its front, when a set has its own backs);',
    '  - upload each NNN-<item>-front.png as a card face and give it the quantity listed below.',
    'Fronts and backs of one card share their number and item id.',
  ],
  'unique-face-images': () => [
    'Each set is one order of its product on makeplayingcards.com (or printerstudio.com):',
    '  - with mpc-autofill: open <set>/order.xml in its desktop client; the <id> of each card is the',
    '    local path of its image, so keep this folder where it was written;',
    '  - by hand: upload every file of <set>/fronts/ (one file per card: the shop merges identical',
    '    images, so each copy differs by one pixel in the bleed), then <set>/cardback.png as the',
    '    back for all cards, or the files of <set>/backs/ one per card.',
    'Choose the order size (bracket) given below; unused slots stay empty.',
  ],
  'pdfx-deck': (s) => [
    'Upload each <set>.pdf to DriveThruCards as the card file of one deck: page 1 is the back of',
    'card 1, page 2 its front, and so on for every card of the deck (copies repeat their pages).',
    `The files are PDF/X-1a:2003, CMYK, output intent ${s.colour?.outputCondition ?? ''} (${s.colour?.profile ?? ''}, Ghostscript's SWOP profile),`,
    `total ink at most ${s.colour?.limit ?? ''} % (the most on any pixel here: ${s.colour?.maxInk ?? ''} %), 1/8 in bleed built in.`,
  ],
  sheets: () => [
    'Upload the sheets to Print & Play Games as a custom card order on 12 x 18 in sheets:',
    '  - <set>-<n>-front.png and <set>-<n>-back.png are the two sides of sheet n (18 poker cards,',
    '    turned, 3 columns x 6 rows); the back page is mirrored so each back lands behind its front;',
    '  - each card keeps 0.1 in (2.5 mm) of bleed; the shop rounds the corners.',
  ],
};

/** What to upload where, and the order in words. */
export function shopReadme(shop: ShopRules, s: OrderSummary, gameTitle: string): string {
  const lines = [`${gameTitle} for ${shop.title} (${shop.home})`, `language: ${s.lang}`, '', ...HOW[shop.layout](s), '', 'Order:'];
  for (const set of s.sets) {
    const turned = set.turned ? ', landscape' : '';
    lines.push(`  ${set.set} (${set.name}): ${shop.title} ${set.productName}, ${set.trimMm.width} x ${set.trimMm.height} mm${turned}, ${set.px.width} x ${set.px.height} px with bleed, ${set.cards} cards`);
    for (const item of set.items) lines.push(`    ${item.count} x ${item.id}`);
  }
  if (s.skipped.length > 0) {
    lines.push('', `Not made by ${shop.title} (no product of that size):`);
    for (const k of s.skipped) lines.push(`  ${k.set}: ${k.sizeMm.width} x ${k.sizeMm.height} mm (closest: ${k.closest})`);
  }
  lines.push('', 'Where these rules come from:', ...shop.sources.map((r) => `  - ${r.rule}: ${r.url}`), '');
  return lines.join('\n');
}
