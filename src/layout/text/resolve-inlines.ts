import type { FontRegistry, FontStyle, FontWeight, ResolvedFont } from '../../shared/fonts.js';
import { checkCoverage } from './coverage.js';
import type { IconResolver } from '../../shared/icons.js';
import { suggestGameIcons } from '../../shared/icons.js';
import type { Piece } from './pieces.js';
import type { RichSpan } from '../../shared/rich-text.js';
import type { TextProblem, TextTransform } from './types.js';

export interface InlineContext {
  fonts: FontRegistry;
  family?: string;
  weight: FontWeight;
  style: FontStyle;
  lang: string;
  transform: TextTransform;
  icons?: IconResolver;
}

export interface ResolvedParagraphs {
  /** Paragraphs between hard breaks (trailing breaks dropped). */
  paragraphs: Piece[][];
  /** The font of unstyled text: line metrics of empty lines. */
  baseFont: ResolvedFont;
  problems: TextProblem[];
}

function transformText(text: string, transform: TextTransform, lang: string): string {
  if (transform === 'none') return text;
  try {
    return transform === 'uppercase' ? text.toLocaleUpperCase(lang) : text.toLocaleLowerCase(lang);
  } catch {
    return transform === 'uppercase' ? text.toUpperCase() : text.toLowerCase();
  }
}

/** Turns parsed spans into pieces with their fonts and icons, collecting what cannot be honoured. */
export function resolveInlines(spans: readonly RichSpan[], context: InlineContext): ResolvedParagraphs {
  const problems = new Map<string, TextProblem>();
  const report = (code: TextProblem['code'], message: string) => problems.set(message, { code, message });
  const { fonts } = context;
  let family = context.family;
  if (family !== undefined && !fonts.has(family)) {
    report('unknown-font', `there is no font family "${family}"; the known ones are ${fonts.families().join(', ')}; ${fonts.defaultFamily} is used instead`);
    family = undefined;
  }
  const fontFor = (bold: boolean, italic: boolean): ResolvedFont => {
    const weight = bold ? 'bold' : context.weight;
    const style = italic ? 'italic' : context.style;
    const resolved = fonts.resolve(family, weight, style) ?? fonts.resolve(undefined, weight, style);
    if (!resolved) throw new Error(`no font file for the family ${family ?? fonts.defaultFamily}`);
    if (resolved.substituted) {
      const wanted = [weight === 'bold' ? 'bold' : '', style === 'italic' ? 'italic' : ''].filter(Boolean).join(' ');
      report('unknown-font', `the font ${resolved.face.family} has no ${wanted} face; its ${resolved.key.split('/').pop()!.replace('boldItalic', 'bold italic')} face is used instead`);
    }
    return resolved;
  };
  const baseFont = fontFor(false, false);
  const paragraphs: Piece[][] = [[]];
  for (const span of spans) {
    const current = paragraphs[paragraphs.length - 1]!;
    if (span.kind === 'break') {
      paragraphs.push([]);
    } else if (span.kind === 'text') {
      const font = fontFor(span.bold, span.italic);
      const coverage = checkCoverage(font.font, font.face.family, transformText(span.text, context.transform, context.lang));
      for (const message of coverage.messages) report('missing-glyph', message);
      for (const message of coverage.substituted) report('glyph-substituted', message);
      current.push({ kind: 'text', text: coverage.text, font });
    } else {
      const font = fontFor(span.bold, span.italic);
      const icon = context.icons?.(span.name);
      if (icon) current.push({ kind: 'icon', name: span.name, icon, font });
      else {
        const similar = suggestGameIcons(span.name);
        const hint = similar.length > 0 ? `; game-icons.net has ${similar.map((n) => `"${n}"`).join(', ')} (name one with an alias)` : '';
        report('unknown-icon', `the icon "${span.name}" was not found: looked for an alias, icons/${span.name}.svg in the game folder and a game-icons.net icon of that name${hint}`);
        current.push({ kind: 'text', text: `:${span.name}:`, font });
      }
    }
  }
  while (paragraphs.length > 1 && paragraphs[paragraphs.length - 1]!.length === 0) paragraphs.pop();
  return { paragraphs, baseFont, problems: [...problems.values()] };
}
