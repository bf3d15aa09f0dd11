import type { PageStyle } from './page-style.js';

/** Where things go on a page other than the cover, in points. */
export interface PageGeometry {
  width: number;
  height: number;
  /** The text area: the same height and width on every page; x depends on the side. */
  textTop: number;
  textHeight: number;
  textWidth: number;
  /** Left edge of the text area of page `number` (odd pages have the inside margin on the left). */
  textLeft: (number: number) => number;
  /** Folio and running header sizes, and the baselines of the top and bottom bands. */
  furnitureSize: number;
  topBaseline: number;
  bottomBaseline: number;
}

/** Room between a band's text and the text area, in ems of the body size. */
const BAND_GAP = 0.9;

export function pageGeometry(style: PageStyle, page: { width: number; height: number }): PageGeometry {
  const { margin } = style;
  const furnitureSize = Math.round(style.size * 0.85 * 4) / 4;
  const band = furnitureSize + BAND_GAP * style.size;
  const top = style.header || style.folio.startsWith('top') ? band : 0;
  const bottom = style.folio.startsWith('bottom') ? band : 0;
  const textTop = margin.top + top;
  return {
    width: page.width,
    height: page.height,
    textTop,
    textHeight: page.height - margin.bottom - bottom - textTop,
    textWidth: page.width - margin.inside - margin.outside,
    textLeft: (number) => (number % 2 === 1 ? margin.inside : margin.outside),
    furnitureSize,
    // Cap height ≈ 0.7 em: the top band's capitals start at the top margin; the bottom band's descenders stop near the bottom margin.
    topBaseline: margin.top + furnitureSize * 0.75,
    bottomBaseline: page.height - margin.bottom - furnitureSize * 0.25,
  };
}
