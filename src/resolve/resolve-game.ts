import { resolveLength } from '../shared/lengths.js';
import type { LoadedGame, LoadedSet } from '../content/model.js';
import type { Game } from '../content/schema/game.js';
import { NAMED_SIZES } from '../content/sizes.js';
import { createFontRegistry, type FamilyFiles } from '../shared/fonts.js';
import { chooseNarrowSpace } from '../language/narrow-space.js';
import { typeset, typesetParts } from '../language/typeset.js';
import { localizeData, pickText } from './localize.js';
import type { ResolvedGame, ResolvedSet } from './model.js';
import { resolveTemplate } from './resolve-template.js';

const DEFAULT_BLEED = '3mm';

function resolveSet(loaded: LoadedSet, lang: string, fallback: string, finish: (text: string) => string): ResolvedSet {
  const set = loaded.data!;
  const size = typeof set.size === 'string' ? NAMED_SIZES[set.size]! : set.size;
  let width = resolveLength(size.width);
  let height = resolveLength(size.height);
  const landscape = width > height;
  if (set.orientation !== undefined && (set.orientation === 'landscape') !== landscape) [width, height] = [height, width];
  const items = localizeData(set.items, loaded.localized, lang, fallback, '/items', finish);
  return {
    id: set.id,
    kind: set.kind,
    name: pickText(set.name, lang, fallback, finish),
    width,
    height,
    bleed: resolveLength(set.bleed ?? DEFAULT_BLEED),
    shape: set.shape ?? 'rectangle',
    cornerRadius: set.cornerRadius === undefined ? 0 : resolveLength(set.cornerRadius),
    gutter: resolveLength(set.sheet?.gutter ?? (set.shape === 'circle' || set.shape === 'hex' ? '2mm' : 0)),
    margin: resolveLength(set.sheet?.margin ?? '7mm'),
    print: set.print ?? (loaded.back ? 'duplex' : 'one-sided'),
    front: resolveTemplate(loaded.front!),
    back: loaded.back ? resolveTemplate(loaded.back) : undefined,
    items: items.map((item, index) => ({ id: item.id, count: item.count ?? 1, fields: item as Record<string, unknown>, index })),
    source: loaded,
  };
}

/** The game in one language, with lengths in points and texts picked. Only for games that validated. */
export function resolveGame(loaded: LoadedGame, lang: string): ResolvedGame {
  const game: Game = loaded.data!;
  const fallback = game.sourceLanguage ?? game.languages[0]!;
  const fonts = createFontRegistry(game.fonts as Record<string, FamilyFiles> | undefined, loaded.dir);
  // U+202F where every font of the game has it, else U+00A0 (PITFALLS 3).
  const narrowSpace = chooseNarrowSpace(fonts, fonts.families().filter((f) => f === fonts.defaultFamily || Object.hasOwn(game.fonts ?? {}, f)));
  const finish = (t: string) => typeset(t, lang, { narrowSpace });
  const text = (v: unknown) => (v === undefined ? '' : pickText(v, lang, fallback, finish));
  return {
    id: game.id,
    lang,
    sourceLanguage: fallback,
    languages: game.languages,
    dir: loaded.dir,
    title: text(game.title),
    subtitle: text(game.subtitle),
    description: text(game.description),
    players: game.players,
    playTime: game.playTime,
    age: game.age,
    credits: (game.credits ?? []).map((c) => ({ role: text(c.role), name: c.name })),
    palette: { ...(game.palette ?? {}) },
    inkSaver: { ...(game.inkSaver ?? {}) },
    fonts,
    typeset: finish,
    narrowSpace,
    typesetParts: (parts) => typesetParts(parts, lang, { narrowSpace }),
    icons: { ...(game.icons ?? {}) },
    strings: Object.fromEntries(Object.entries(game.strings ?? {}).map(([k, v]) => [k, text(v)])),
    sets: loaded.sets.map((s) => resolveSet(s, lang, fallback, finish)),
    accessibility: { minTextSize: game.accessibility?.minTextSize ?? 6, colorDifference: game.accessibility?.colorDifference ?? 10 },
  };
}
