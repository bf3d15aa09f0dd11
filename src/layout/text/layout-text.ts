import type { DisplayItem, FontFace } from '../../shared/display-list.js';
import { chooseSize } from './choose-size.js';
import { placeLines } from './place-lines.js';
import { resolveInlines } from './resolve-inlines.js';
import { parseRichText } from '../../shared/rich-text.js';
import { segmentWords } from './segment-words.js';
import type { SetLines } from './set-lines.js';
import { setLines } from './set-lines.js';
import type { TextLayout, TextProblem, TextRequest } from './types.js';

/** Tolerance for "fits", in points: far below anything visible, above rounding noise. */
const TOLERANCE = 1e-6;

/**
 * Lays rich text (markup or spans) out in a box with the real fonts: parses the markup, breaks lines (UAX #14,
 * optional hyphenation), shrinks the size down to `minSize` until the text fits, aligns the
 * lines and returns positioned glyph runs and icons for the display list.
 */
export function layoutText(request: TextRequest): TextLayout {
  const { box } = request;
  const lineHeight = request.lineHeight ?? 1.2;
  const letterSpacing = request.letterSpacing ?? 0;
  const align = request.align ?? 'left';
  const inline = resolveInlines(typeof request.text === 'string' ? parseRichText(request.text) : request.text, {
    fonts: request.fonts,
    family: request.family,
    weight: request.weight ?? 'normal',
    style: request.style ?? 'normal',
    lang: request.lang,
    transform: request.transform ?? 'none',
    icons: request.icons,
  });
  const paragraphs = inline.paragraphs.map(segmentWords);
  const attempts = new Map<number, SetLines>();
  const setAt = (size: number): SetLines => {
    let set = attempts.get(size);
    if (!set) {
      set = setLines(paragraphs, {
        settings: { size, letterSpacing },
        width: box.width,
        lang: request.lang,
        justify: align === 'justify',
        baseFont: inline.baseFont,
        hyphenate: request.hyphenate,
      });
      attempts.set(size, set);
    }
    return set;
  };
  const fits = (size: number): boolean => {
    const set = setAt(size);
    return set.tooLong.length === 0 && set.blockHeight(lineHeight * size) <= box.height + TOLERANCE;
  };
  const chosen = chooseSize({ size: request.size, minSize: request.minSize, fits });
  const set = setAt(chosen.size);
  const placed = placeLines(set.lines, {
    box,
    align,
    valign: request.valign ?? 'top',
    leading: lineHeight * chosen.size,
    size: chosen.size,
    color: request.color,
    letterSpacing,
  });
  const fonts: Record<string, FontFace> = {};
  for (const line of set.lines) for (const c of line.clusters) for (const run of c.runs) fonts[run.font.key] = run.font.face;
  const problems: TextProblem[] = [
    ...inline.problems,
    ...set.tooLong.map((word): TextProblem => ({
      code: 'word-too-long',
      message: `the word "${word}" is wider than the ${box.width.toFixed(1)}pt of the box at ${chosen.size}pt; it was cut between letters`,
    })),
  ];
  const items: DisplayItem[] = placed.runs.length > 0 ? [{ type: 'text', runs: placed.runs }] : [];
  items.push(...placed.icons);
  return { items, fonts, size: chosen.size, overflow: !chosen.fits, lines: placed.lines, problems };
}
