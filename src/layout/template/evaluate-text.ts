import type { Static } from '@sinclair/typebox';
import { resolveLength } from '../../shared/lengths.js';
import type { TextElement } from '../../content/schema/template.js';
import { createHyphenate } from '../../language/hyphenate.js';
import { formatMessage, isMessage } from '../../language/format-message.js';
import { pickText } from '../../resolve/localize.js';
import { pointsToMm } from '../../shared/lengths.js';
import type { DisplayItem } from '../../shared/display-list.js';
import { layoutText } from '../text/layout-text.js';
import type { TextLayout, TextRequest } from '../text/types.js';
import { interpolate } from '../../shared/expressions/bindings.js';
import { evaluateColor } from './evaluate-color.js';
import { placeOf, type FaceContext } from './context.js';
import { box, type Box } from './geometry.js';

type Text = Static<typeof TextElement>;

export const DEFAULT_TEXT_SIZE = 10;

/** French and English hyphenation, for justified text and narrow boxes. */
const hyphenate = createHyphenate();

/**
 * Texts laid out per resolved game (one build of one language, whose fonts and icons they
 * use), by everything else that decides their layout: the cards of a set repeat many texts (a
 * cost, a type line, a shared rule) and each is laid out once.
 */
const laidOut = new WeakMap<FaceContext['game'], Map<string, TextLayout>>();

/** A layout's items as new objects (the glyphs shared): each face owns what it draws. */
function copyItems(items: readonly DisplayItem[]): DisplayItem[] {
  return items.map((item) => (item.type === 'text' ? { ...item, runs: item.runs.map((run) => ({ ...run })) } : { ...item }));
}

function layOut(request: TextRequest, ctx: FaceContext): TextLayout {
  const { text, lang, box: b, family, weight, style, size, minSize, color, align, valign, lineHeight, letterSpacing, transform } = request;
  const key = JSON.stringify([text, lang, b.x, b.y, b.width, b.height, family, weight, style, size, minSize, color, align, valign, lineHeight, letterSpacing, transform]);
  let texts = laidOut.get(ctx.game);
  if (!texts) laidOut.set(ctx.game, (texts = new Map()));
  const known = texts.get(key);
  if (known) return { ...known, items: copyItems(known.items) };
  const result = layoutText(request);
  texts.set(key, result);
  return result;
}

const mm = (points: number) => `${Math.round(pointsToMm(points) * 10) / 10}`;

/** Text whose box leaves the safe zone risks being cut: say so once per template element. */
function warnOutsideSafeZone(b: Box, ctx: FaceContext): void {
  const left = ctx.origin.x + b.x;
  const top = ctx.origin.y + b.y;
  const eps = 0.01;
  const inside = left >= ctx.safe - eps && top >= ctx.safe - eps && left + b.width <= ctx.width - ctx.safe + eps && top + b.height <= ctx.height - ctx.safe + eps;
  if (inside) return;
  ctx.report({
    severity: 'warning',
    code: 'outside-safe-zone',
    message: `this text box reaches past the ${mm(ctx.safe)} mm safe zone of the set "${ctx.set.id}", where a cut that is slightly off can take letters away`,
    file: ctx.file,
    pointer: ctx.pointer,
  });
}

/** A text box laid out with the real font: lines broken, shrunk to fit, glyphs placed. */
export function evaluateText(element: Text, ctx: FaceContext): DisplayItem[] {
  const { lang, sourceLanguage } = ctx.game;
  const written = pickText(element.text, lang, sourceLanguage);
  let text = ctx.game.typeset(interpolate(written, ctx.scope, lang));
  if (isMessage(text)) {
    try {
      text = formatMessage(text, ctx.scope, lang);
    } catch (error) {
      ctx.report({ severity: 'error', code: 'bad-message', message: (error as Error).message, ...placeOf(written, typeof element.text === 'string' ? 'text' : `text/${lang}`, ctx) });
      return [];
    }
  }
  if (text.trim() === '') return [];
  const b = box(element, ctx);
  // A turned box is not where its x, y, width and height say: the check would be wrong.
  if (!element.rotate) warnOutsideSafeZone(b, ctx);
  const size = element.size ?? DEFAULT_TEXT_SIZE;
  const family = element.font;
  if (family !== undefined && !ctx.game.fonts.has(family)) {
    ctx.report({
      severity: 'error',
      code: 'unknown-font',
      message: `there is no font family "${family}"; the families are ${ctx.game.fonts.families().join(', ')}`,
      file: ctx.file,
      pointer: `${ctx.pointer}/font`,
    });
    return [];
  }
  const result = layOut({
    text,
    lang,
    box: b,
    family,
    weight: element.weight ?? 'normal',
    style: element.style ?? 'normal',
    size,
    minSize: element.minSize,
    color: evaluateColor(element.color ?? 'black', ctx, 'color') ?? '#000000',
    align: element.align ?? 'left',
    valign: element.valign ?? 'top',
    lineHeight: element.lineHeight,
    letterSpacing: element.letterSpacing === undefined ? 0 : resolveLength(element.letterSpacing, { defaultUnit: 'pt' }),
    transform: element.transform,
    fonts: ctx.game.fonts,
    icons: ctx.icons,
    hyphenate,
  }, ctx);
  Object.assign(ctx.fonts, result.fonts);
  // Where a problem is reported: found only when there is one (it reads the set's source).
  const place = () => placeOf(written, typeof element.text === 'string' ? 'text' : `text/${lang}`, ctx);
  if (result.overflow) {
    const smallest = element.minSize ?? size;
    ctx.report({
      severity: 'error',
      code: 'text-overflow',
      message: `"${text.length > 40 ? `${text.slice(0, 37)}...` : text}" (${lang}) does not fit its ${mm(b.width)} × ${mm(b.height)} mm box in the set "${ctx.set.id}" even at ${smallest} pt: shorten it, enlarge the box, or allow a smaller minSize`,
      ...place(),
    });
  }
  for (const problem of result.problems) {
    const severity = problem.code === 'word-too-long' || problem.code === 'glyph-substituted' ? 'warning' : 'error';
    ctx.report({ severity, code: problem.code, message: problem.message, ...place() });
  }
  for (const item of result.items) if (item.type === 'text') ctx.texts?.set(item, { file: ctx.file, pointer: ctx.pointer, size });
  return result.items;
}
