import type { ResolvedFont } from '../../shared/fonts.js';
import type { BuiltLine } from './build-line.js';
import { buildLine, lineExtent, measureLine } from './build-line.js';
import { breakParagraph, type BrokenLine } from './line-break.js';
import { measurePieces } from './measure.js';
import type { TextSettings } from './measure.js';
import { settleSoftHyphens } from './pieces.js';
import { measureBlock } from './place-lines.js';
import type { Word } from './segment-words.js';
import type { Hyphenate } from './split-word.js';

export interface SetOptions {
  settings: TextSettings;
  width: number;
  lang: string;
  justify: boolean;
  baseFont: ResolvedFont;
  hyphenate?: Hyphenate;
}

export interface SetLines {
  /** The lines shaped and measured, built when first asked for (a size that is tried and not kept never shapes them). */
  readonly lines: BuiltLine[];
  /** The height of the block of lines at a leading (measureBlock), known without shaping them. */
  blockHeight: (leading: number) => number;
  /** Words cut between letters because no line could hold them. */
  tooLong: string[];
}

/** Breaks every paragraph into lines at one size; the lines are shaped when asked for. */
export function setLines(paragraphs: readonly Word[][], options: SetOptions): SetLines {
  const broken: BrokenLine[] = [];
  const tooLong: string[] = [];
  for (const words of paragraphs) {
    const result = breakParagraph(words, {
      width: options.width,
      lang: options.lang,
      hyphenate: options.hyphenate,
      measure: (pieces, lineEnd) => measurePieces(settleSoftHyphens(pieces, lineEnd), options.settings),
      measureLine: (lineWords) => measureLine({ words: [...lineWords], paragraphEnd: false }, { settings: options.settings, justify: options.justify }),
    });
    broken.push(...result.lines);
    tooLong.push(...result.tooLong);
  }
  let lines: BuiltLine[] | undefined;
  return {
    get lines() {
      lines ??= broken.map((line) => buildLine(line, { settings: options.settings, baseFont: options.baseFont, justify: options.justify }));
      return lines;
    },
    blockHeight: (leading) => {
      if (lines) return measureBlock(lines, leading);
      // measureBlock reads the first line's ascent and the last line's descent: only those are needed.
      const extent = (line: BrokenLine) => lineExtent(line, { settings: options.settings, baseFont: options.baseFont });
      const ends = broken.length === 0 ? [] : broken.length === 1 ? [extent(broken[0]!)] : [extent(broken[0]!), ...new Array<{ ascent: number; descent: number }>(broken.length - 2), extent(broken[broken.length - 1]!)];
      return measureBlock(ends, leading);
    },
    tooLong,
  };
}
