import { parseLength, POINTS_PER_UNIT, pointsToMm } from '../../shared/lengths.js';
import type { ResolvedGame } from '../../resolve/model.js';
import { didYouMean } from '../../diagnostics/did-you-mean.js';
import { resolveColor } from '../../shared/colors.js';
import type { FrontMatter } from '../../content/front-matter.js';
import { FOLIO_POSITIONS, POCKETMOD_MIN_MARGIN, type FolioPosition, type Margins, type PageStyle } from './page-style.js';
import type { Imposition } from './types.js';

export interface StyleProblem {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  line: number;
}

/** The keys of front matter `style:`, documented in the rulebook README section. */
export const STYLE_KEYS = ['size', 'lineHeight', 'margin', 'font', 'headingFont', 'align', 'folio', 'header', 'ink', 'accent', 'shade'] as const;
const MARGIN_SIDES = ['top', 'bottom', 'inside', 'outside'] as const;

interface Reader {
  game: ResolvedGame;
  imposition: Imposition;
  front: FrontMatter;
  report: (problem: StyleProblem) => void;
}

function readLength(value: unknown, path: (string | number)[], r: Reader): number | undefined {
  const parsed = typeof value === 'number' || typeof value === 'string' ? parseLength(value, 'mm') : undefined;
  if (!parsed || parsed.unit === '%' || parsed.value < 0) {
    r.report({ severity: 'error', code: 'bad-value', message: `style.${path.slice(1).join('.')} must be a length such as "5mm" or "0.2in" (a bare number is millimetres), not ${JSON.stringify(value)}`, line: r.front.lineOf(path) });
    return undefined;
  }
  const points = parsed.value * POINTS_PER_UNIT[parsed.unit];
  if (r.imposition === 'pocketmod' && points < POCKETMOD_MIN_MARGIN - 1e-9) {
    r.report({ severity: 'warning', code: 'bad-value', message: `style.${path.slice(1).join('.')} is ${Math.round(pointsToMm(points) * 10) / 10} mm: a PocketMod panel needs at least 4 mm, as folds are often 1–2 mm off`, line: r.front.lineOf(path) });
  }
  return points;
}

function readMargins(value: unknown, base: Margins, r: Reader): Margins {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const margins = { ...base };
    for (const [key, side] of Object.entries(value)) {
      if (!(MARGIN_SIDES as readonly string[]).includes(key)) {
        r.report({ severity: 'error', code: 'unknown-key', message: `style.margin has no "${key}"${didYouMean(key, MARGIN_SIDES)}; the sides are ${MARGIN_SIDES.join(', ')}`, line: r.front.lineOf(['style', 'margin', key]) });
        continue;
      }
      margins[key as keyof Margins] = readLength(side, ['style', 'margin', key], r) ?? margins[key as keyof Margins];
    }
    return margins;
  }
  const all = readLength(value, ['style', 'margin'], r);
  return all === undefined ? base : { top: all, bottom: all, inside: all, outside: all };
}

function readColor(key: string, value: unknown, r: Reader): string | undefined {
  const color = typeof value === 'string' ? resolveColor(value, r.game.palette) : undefined;
  if (color?.kind === 'color') return color.hex;
  r.report({ severity: 'error', code: 'unknown-color', message: `style.${key} must be "#rrggbb" or a palette name (${Object.keys(r.game.palette).join(', ') || 'the game has no palette'}), not ${JSON.stringify(value)}`, line: r.front.lineOf(['style', key]) });
  return undefined;
}

function readFamily(key: string, value: unknown, r: Reader): string | undefined {
  if (typeof value === 'string' && r.game.fonts.has(value)) return value;
  r.report({ severity: 'error', code: 'unknown-font', message: `style.${key}: there is no font family ${JSON.stringify(value)}${typeof value === 'string' ? didYouMean(value, r.game.fonts.families()) : ''}; the families are ${r.game.fonts.families().join(', ')}`, line: r.front.lineOf(['style', key]) });
  return undefined;
}

function readChoice<T extends string | boolean>(key: string, value: unknown, choices: readonly T[], r: Reader): T | undefined {
  if (choices.includes(value as T)) return value as T;
  r.report({ severity: 'error', code: 'bad-value', message: `style.${key} must be one of ${choices.map((c) => JSON.stringify(c)).join(', ')}, not ${JSON.stringify(value)}`, line: r.front.lineOf(['style', key]) });
  return undefined;
}

function readNumber(key: string, value: unknown, range: [number, number], r: Reader): number | undefined {
  const n = typeof value === 'string' && /pt$/.test(value.trim()) ? Number.parseFloat(value) : value;
  if (typeof n === 'number' && Number.isFinite(n) && n >= range[0] && n <= range[1]) return n;
  r.report({ severity: 'error', code: 'out-of-range', message: `style.${key} must be a number from ${range[0]} to ${range[1]}, not ${JSON.stringify(value)}`, line: r.front.lineOf(['style', key]) });
  return undefined;
}

/** The defaults with the front matter's `style:` applied; every unreadable key is reported and skipped. */
export function readStyle(defaults: PageStyle, r: Reader): PageStyle {
  for (const key of Object.keys(r.front.data)) {
    if (key !== 'style') r.report({ severity: 'warning', code: 'unknown-key', message: `the front matter key "${key}" is not used${didYouMean(key, ['style'])}; only "style" is read`, line: r.front.lineOf([key]) });
  }
  const raw = r.front.data['style'];
  if (raw === undefined || raw === null) return defaults;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    r.report({ severity: 'error', code: 'wrong-type', message: `style must be a map of keys (${STYLE_KEYS.join(', ')})`, line: r.front.lineOf(['style']) });
    return defaults;
  }
  const style: PageStyle = { ...defaults, margin: { ...defaults.margin } };
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    switch (key) {
      case 'size': style.size = readNumber(key, value, [4, 36], r) ?? style.size; break;
      case 'lineHeight': style.lineHeight = readNumber(key, value, [0.9, 3], r) ?? style.lineHeight; break;
      case 'margin': style.margin = readMargins(value, style.margin, r); break;
      case 'font': style.font = readFamily(key, value, r) ?? style.font; break;
      case 'headingFont': style.headingFont = readFamily(key, value, r) ?? style.headingFont; break;
      case 'align': style.align = readChoice(key, value, ['left', 'justify'] as const, r) ?? style.align; break;
      case 'folio': style.folio = readChoice<FolioPosition>(key, value, FOLIO_POSITIONS, r) ?? style.folio; break;
      case 'header': style.header = readChoice(key, value, [true, false], r) ?? style.header; break;
      case 'ink': case 'accent': case 'shade': style[key] = readColor(key, value, r) ?? style[key]; break;
      default:
        r.report({ severity: 'error', code: 'unknown-key', message: `style has no key "${key}"${didYouMean(key, STYLE_KEYS)}; the keys are ${STYLE_KEYS.join(', ')}`, line: r.front.lineOf(['style', key]) });
    }
  }
  return style;
}
