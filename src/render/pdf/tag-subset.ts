import { createHash } from 'node:crypto';

/** What pdfkit 0.20.2's EmbeddedFont exposes for naming its subset (private API). */
export interface SubsetFont {
  id: string;
  font: { postscriptName: string };
  subset: { glyphs: number[] };
  embed(): unknown;
}

const tagged = new WeakSet<object>();

/** Six capital letters from a hash of the font's name and the glyphs in its subset. */
export function subsetTag(postscriptName: string, glyphs: number[]): string {
  const digest = createHash('sha256').update(`${postscriptName}\n${glyphs.join(',')}`).digest();
  return [...digest.subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26))).join('');
}

/**
 * pdfkit names a subset "<tag>+<font>" with a tag made from the font's resource id ("F2" →
 * "CZZZZZ"), the same in every file. Different subsets with one name can get mixed up when
 * PDFs are merged, so the tag is made from the subset's content instead: pdfkit computes it as
 * char(id[i] + 17) for i = 1..6, so the id is swapped for one that spells the wanted tag
 * while the font is embedded.
 */
export function tagSubsetByContent(font: SubsetFont): void {
  if (tagged.has(font)) return;
  tagged.add(font);
  const embed = font.embed.bind(font);
  font.embed = () => {
    const id = font.id;
    const tag = subsetTag(font.font.postscriptName, font.subset.glyphs);
    font.id = id.charAt(0) + [...tag].map((letter) => String.fromCharCode(letter.charCodeAt(0) - 17)).join('');
    try {
      return embed();
    } finally {
      font.id = id;
    }
  };
}
