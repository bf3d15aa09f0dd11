import type { PageStyle } from './page-style.js';
import type { Imposition } from './types.js';

const PAGES_PER_SHEET = 8;

/**
 * The `rules-too-long` message when `needed` pages exceed `maxPages`, saying by how much and
 * what to change; undefined when the rules fit.
 */
export function checkLength(options: { needed: number; maxPages?: number; imposition: Imposition; style: PageStyle }): string | undefined {
  const { needed, maxPages, imposition, style } = options;
  if (maxPages === undefined || needed <= maxPages) return undefined;
  const over = needed - maxPages;
  const shorten = `shorten them by about ${over} page${over > 1 ? 's' : ''}`;
  const smaller = `use a smaller size (style.size, now ${style.size} pt)`;
  if (imposition === 'pocketmod') {
    const sheets = Math.max(1, Math.round(maxPages / PAGES_PER_SHEET));
    const has = sheets === 1 ? `a PocketMod sheet has ${maxPages}` : `${sheets} PocketMod sheets have ${maxPages}`;
    const more = Math.ceil(needed / PAGES_PER_SHEET);
    return `the rules need ${needed} pages, the cover and the folding steps included; ${has}: ${shorten}, ${smaller}, or allow ${more - sheets === 1 ? 'another sheet' : 'more sheets'} (rulebook.sheets: ${more})`;
  }
  const what = imposition === 'booklet' ? 'the booklet allows' : 'the rulebook allows';
  return `the rules need ${needed} pages, the cover included; ${what} ${maxPages}: ${shorten} or ${smaller}`;
}
