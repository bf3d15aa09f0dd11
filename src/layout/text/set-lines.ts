import type { ResolvedFont } from '../../shared/fonts.js';
import type { BuiltLine } from './build-line.js';
import { buildLine, measureLine } from './build-line.js';
import { breakParagraph } from './line-break.js';
import { measurePieces } from './measure.js';
import type { TextSettings } from './measure.js';
import { settleSoftHyphens } from './pieces.js';
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
  lines: BuiltLine[];
  /** Words cut between letters because no line could hold them. */
  tooLong: string[];
}

/** Breaks every paragraph into lines at one size and shapes the lines. */
export function setLines(paragraphs: readonly Word[][], options: SetOptions): SetLines {
  const lines: BuiltLine[] = [];
  const tooLong: string[] = [];
  const build = (line: Parameters<typeof buildLine>[0]) =>
    buildLine(line, { settings: options.settings, baseFont: options.baseFont, justify: options.justify });
  for (const words of paragraphs) {
    const broken = breakParagraph(words, {
      width: options.width,
      lang: options.lang,
      hyphenate: options.hyphenate,
      measure: (pieces, lineEnd) => measurePieces(settleSoftHyphens(pieces, lineEnd), options.settings),
      measureLine: (lineWords) => measureLine({ words: [...lineWords], paragraphEnd: false }, { settings: options.settings, justify: options.justify }),
    });
    lines.push(...broken.lines.map(build));
    tooLong.push(...broken.tooLong);
  }
  return { lines, tooLong };
}
