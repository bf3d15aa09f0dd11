import type * as fontkit from 'fontkit';

/**
 * How a line of a font can be shaped: whole ('line'), or word by word, when no OpenType lookup
 * fontkit applies joins a word to the next across the space (U+0020) between them. A rule may
 * hold the space at the end of what it matches (a word-final form, a kerning pair before a
 * space) or at its start as context (a word-initial form: then each word but a line's first is
 * shaped behind one space, 'words-behind-space'); none may hold it anywhere else, start at it
 * to change it (a ligature, a kerning pair, a cursive join that starts at the space), make it
 * several glyphs, or skip over it. Shaping a line word by word then gives, glyph for glyph,
 * what shaping it whole gives, and a line's text is shaped as words a card deck shares, not as
 * a new string every line (see shape.ts).
 *
 * The lookups read are those of the features fontkit applies to a Latin line shaped without a
 * language, its default shaper's and `features` (those the line is shaped with), and the
 * lookups their contexts call. The answer is 'line' whenever it cannot be known: a legacy
 * `kern` or AAT `morx` table, feature variations, a lookup type or format this does not read,
 * a table fontkit cannot decode. A class-based rule counts the space in its class, "any other
 * glyph" (class 0) included. Alegreya's regular face kerns the space before an opening quote,
 * and is shaped line by line.
 *
 * 'spaces-apart': no rule holds the space with another glyph at all, in any place (no
 * word-final form, no kerning pair that moves a glyph before a space or the space itself, no
 * rule reading it as context): a line is then its words and its spaces shaped each alone, and a
 * word is shaped once whether it ends a line or has spaces after it.
 */
export function wordShaping(font: fontkit.Font, features: readonly string[]): WordShaping {
  let byFeatures = shapings.get(font);
  if (!byFeatures) shapings.set(font, (byFeatures = new Map()));
  const key = features.join(' ');
  let known = byFeatures.get(key);
  if (known === undefined) {
    known = readShaping(font, new Set([...DEFAULT_SHAPER_FEATURES, ...features]));
    byFeatures.set(key, known);
  }
  return known;
}

export type WordShaping = 'line' | 'words' | 'words-behind-space' | 'spaces-apart';

const shapings = new WeakMap<fontkit.Font, Map<string, WordShaping>>();

/** The features fontkit 2.0.4's default shaper applies to a left-to-right line, whatever it is asked for. */
const DEFAULT_SHAPER_FEATURES = ['rvrn', 'ltra', 'ltrm', 'frac', 'numr', 'dnom', 'ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclt', 'curs', 'kern'];

/* The decoded tables, as fontkit (restructure) gives them: only what is read here. */
type Coverage = { version: 1; glyphs: number[] } | { version: 2; rangeRecords: { start: number; end: number }[] };
type ClassDef = { version: 1; startGlyph: number; classValueArray: number[] } | { version: 2; classRangeRecord: { start: number; end: number; class: number }[] };
type Lookup = {
  lookupType: number;
  flags: { markAttachmentType: number; flags: { ignoreBaseGlyphs: boolean; ignoreLigatures: boolean; ignoreMarks: boolean; useMarkFilteringSet: boolean } };
  subTables: SubTable[];
};
type SubTable = Record<string, unknown> & { version?: number; extension?: SubTable; lookupType?: number };
type Listed<T> = T[] | { toArray(): T[] };

const list = <T>(value: Listed<T> | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : value.toArray());

/** An array, or one of restructure's lazy arrays (which decode the entries asked for). */
type Indexed<T> = T[] | { get(index: number): T };

const at = <T>(value: Indexed<T> | undefined, index: number): T | undefined => (value === undefined ? undefined : Array.isArray(value) ? value[index] : value.get(index));

function covers(coverage: Coverage | undefined, glyph: number): boolean {
  if (!coverage) return false;
  if (coverage.version === 1) return coverage.glyphs.includes(glyph);
  if (coverage.version === 2) return coverage.rangeRecords.some((r) => glyph >= r.start && glyph <= r.end);
  return true;
}

function classOf(classDef: ClassDef | undefined, glyph: number): number {
  if (!classDef) return 0;
  if (classDef.version === 1) return glyph >= classDef.startGlyph && glyph < classDef.startGlyph + classDef.classValueArray.length ? classDef.classValueArray[glyph - classDef.startGlyph]! : 0;
  if (classDef.version === 2) return classDef.classRangeRecord.find((r) => glyph >= r.start && glyph <= r.end)?.class ?? 0;
  return -1;
}

/** A place in a sequence a rule matches: whether the space can stand there, and whether it is context only (backtrack). */
interface Place {
  space: boolean;
  backtrack: boolean;
}

/**
 * Whether a sequence a rule matches (its places in text order) could join a word to the next
 * across the space between them. A line's words are shaped each with the spaces after it, and
 * each but the first behind a space (see shape.ts), so a rule may hold the space at its end (a
 * word-final form, a kerning pair that ends at a space) or at its start as context only (a
 * word-initial form), not anywhere else.
 */
function reachesAcross(places: readonly Place[], found: Found): boolean {
  if (places.length > 1 && places.some((p) => p.space)) found.touchesSpace = true;
  if (places.length > 1 && places[0]!.space && places[0]!.backtrack) found.behindSpace = true;
  return places.some((p, i) => p.space && i < places.length - 1 && !(i === 0 && p.backtrack));
}

/** What the lookups read so far ask of a line's words: to be shaped behind a space; to be shaped with the spaces after them. */
interface Found {
  behindSpace: boolean;
  /** A rule holds the space with another glyph (at its end, or as context before a word). */
  touchesSpace: boolean;
}

/** A positioning value (a ValueRecord as fontkit decodes it) that moves nothing: every number 0, no device table. */
function movesNothing(value: Record<string, unknown> | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  return Object.values(value).every((v) => v === 0 || v === null || v === undefined);
}

/** Whether a kerning subtable (GPOS 2) moves a glyph, or the space, when the space follows it. */
function kernsBeforeSpace(sub: SubTable, space: number): boolean {
  type Pair = { secondGlyph: number; value1?: Record<string, unknown>; value2?: Record<string, unknown> };
  type Values = { value1?: Record<string, unknown>; value2?: Record<string, unknown> };
  const moves = (pair: Values) => !movesNothing(pair.value1) || !movesNothing(pair.value2);
  if (sub.version === 1) {
    return list(sub['pairSets'] as Listed<Listed<Pair> | null>).some((set) => set !== null && list(set).some((pair) => pair.secondGlyph === space && moves(pair)));
  }
  if (sub.version === 2) {
    // The space's column only: each row read as fontkit reads it (a lazy array decodes what is asked).
    const second = classOf(sub['classDef2'] as ClassDef | undefined, space);
    if (second < 0) return true;
    const rows = sub['classRecords'] as Indexed<Indexed<Values>>;
    const count = Number(sub['class1Count']);
    for (let row = 0; row < count; row++) {
      const pair = at(at(rows, row), second);
      if (pair !== undefined && moves(pair)) return true;
    }
    return false;
  }
  return true;
}

type Rule = Record<string, Listed<number>>;

/**
 * The places of a context rule, in text order: the backtrack, the first input glyph, the rest of
 * the input, the lookahead. fontkit matches a backtrack as stored, from its first entry (the
 * farthest from the input) on, and this reads it as fontkit does.
 */
function rulePlaces(rule: Rule, first: boolean, at: { backtrack: (v: number) => boolean; input: (v: number) => boolean; lookahead: (v: number) => boolean }): Place[] {
  return [
    ...list(rule['backtrack']).map((v) => ({ space: at.backtrack(v), backtrack: true })),
    { space: first, backtrack: false },
    ...list(rule['input'] ?? rule['classes']).map((v) => ({ space: at.input(v), backtrack: false })),
    ...list(rule['lookahead']).map((v) => ({ space: at.lookahead(v), backtrack: false })),
  ];
}

/** The places of a rule made of coverages. */
const coveragePlaces = (backtrack: Coverage[], rest: (Coverage | undefined)[], space: number): Place[] => [
  ...backtrack.map((c) => ({ space: covers(c, space), backtrack: true })),
  ...rest.map((c) => ({ space: covers(c, space), backtrack: false })),
];

/** Whether a subtable of `type` (GSUB or GPOS numbering) never joins a word to the next across a space. */
function subTableInert(table: 'GSUB' | 'GPOS', type: number, sub: SubTable, space: number, found: Found): boolean {
  const coverage = sub['coverage'] as Coverage | undefined;
  const coverages = (key: string) => list(sub[key] as Listed<Coverage> | undefined);
  // Contexts, the same in both tables: GSUB 5/6, GPOS 7/8.
  const context = table === 'GSUB' ? type - 4 : type - 6;
  if (context === 1 || context === 2) {
    const chained = context === 2;
    if (sub.version === 1) {
      const first = covers(coverage, space);
      const isSpace = (glyph: number) => glyph === space;
      const sets = list((chained ? sub['chainRuleSets'] : sub['ruleSets']) as Listed<Listed<Rule> | null> | undefined);
      return sets.every((set) => set === null || list(set).every((rule) => !reachesAcross(rulePlaces(rule, first, { backtrack: isSpace, input: isSpace, lookahead: isSpace }), found)));
    }
    if (sub.version === 2) {
      const [backtrack, input, lookahead] = (chained ? ['backtrackClassDef', 'inputClassDef', 'lookaheadClassDef'] : ['classDef', 'classDef', 'classDef']).map((k) => classOf(sub[k] as ClassDef | undefined, space));
      if ([backtrack, input, lookahead].some((c) => c! < 0)) return false;
      const first = covers(coverage, space);
      const sets = list((chained ? sub['chainClassSet'] : sub['classSet']) as Listed<Listed<Rule> | null> | undefined);
      const at = { backtrack: (c: number) => c === backtrack, input: (c: number) => c === input, lookahead: (c: number) => c === lookahead };
      return sets.every((set) => set === null || list(set).every((rule) => !reachesAcross(rulePlaces(rule, first, at), found)));
    }
    if (sub.version === 3) {
      return !reachesAcross(coveragePlaces(coverages('backtrackCoverage'), [...coverages(chained ? 'inputCoverage' : 'coverages'), ...coverages('lookaheadCoverage')], space), found);
    }
    return false;
  }
  if (table === 'GSUB') {
    switch (type) {
      case 1:
      case 3:
        // One glyph for one, alone: the same in a word as in the line.
        return true;
      case 2:
        // A space made into several glyphs (or none) would not stay one glyph ahead of a word.
        return !covers(coverage, space);
      case 4: {
        const first = covers(coverage, space);
        return list(sub['ligatureSets'] as Listed<Listed<{ components: Listed<number> }> | null>).every(
          (set) => set === null || list(set).every((lig) => !reachesAcross([{ space: first, backtrack: false }, ...list(lig.components).map((g) => ({ space: g === space, backtrack: false }))], found)),
        );
      }
      case 8:
        return !reachesAcross(coveragePlaces(coverages('backtrackCoverage'), [coverage, ...coverages('lookaheadCoverage')], space), found);
      default:
        return false;
    }
  }
  switch (type) {
    case 1:
      // A glyph moved alone.
      return true;
    case 2:
      // A pair that starts at the space reaches the next word; one that ends at it does not.
      if (covers(coverage, space)) return false;
      if (kernsBeforeSpace(sub, space)) found.touchesSpace = true;
      return true;
    case 3:
      // A cursive join that starts at the space reaches the next word; one that ends at it would join a glyph the coverage holds.
      return !covers(coverage, space);
    case 4:
      return !covers(sub['markCoverage'] as Coverage, space) && !covers(sub['baseCoverage'] as Coverage, space);
    case 5:
      return !covers(sub['markCoverage'] as Coverage, space) && !covers(sub['ligatureCoverage'] as Coverage, space);
    case 6:
      return !covers(sub['mark1Coverage'] as Coverage, space) && !covers(sub['mark2Coverage'] as Coverage, space);
    default:
      return false;
  }
}

type ScriptEntry = { tag: string; script: { defaultLangSys?: { featureIndexes: number[] } | null } };

type Decoded = {
  lookupList: Listed<Lookup>;
  featureList?: Listed<{ tag: string; feature: { lookupListIndexes: number[] } }>;
  scriptList?: Listed<ScriptEntry>;
  featureVariations?: unknown;
};

/** A font's GSUB or GPOS table as fontkit decodes it, or undefined when it has none. */
const decodedTable = (font: fontkit.Font, table: 'GSUB' | 'GPOS') => (font as unknown as Record<string, Decoded | undefined>)[table];

/** The subtables of a lookup, each with its type (an extension's inner one). */
function subTablesOf(lookup: Lookup, table: 'GSUB' | 'GPOS'): { type: number; sub: SubTable | undefined }[] {
  const extension = table === 'GSUB' ? 7 : 9;
  return list(lookup.subTables).map((sub) => (lookup.lookupType === extension ? { type: Number(sub['lookupType']), sub: sub.extension } : { type: lookup.lookupType, sub }));
}

/**
 * Whether fontkit shapes a string of common characters alone (digits, punctuation, symbols:
 * fontkit gives it no script, 'zzzz') with the features it gives a Latin one: for GSUB and GPOS
 * each, the script entry it falls back to (DFLT, dflt, then latn) is the one it takes for Latin,
 * or one with the same features. Then "17" alone and "17" in a Latin line are one shaping.
 */
export function commonShapesAsLatin(font: fontkit.Font): boolean {
  let known = commonAsLatin.get(font);
  if (known === undefined) {
    try {
      known = (['GSUB', 'GPOS'] as const).every((table) => {
        const decoded = decodedTable(font, table);
        if (!decoded) return true;
        if (decoded.featureVariations) return false;
        const scripts = list(decoded.scriptList);
        const find = (tags: readonly string[]) => {
          for (const tag of tags) for (const entry of scripts) if (entry.tag === tag) return entry;
          return undefined;
        };
        const latin = find(['latn']) ?? find(FALLBACK_SCRIPTS);
        const common = find(['zzzz']) ?? find(FALLBACK_SCRIPTS);
        if (!latin || !common) return false;
        if (latin === common) return true;
        const features = (entry: ScriptEntry) => entry.script.defaultLangSys?.featureIndexes.join(' ');
        return features(latin) !== undefined && features(latin) === features(common);
      });
    } catch {
      // A table fontkit cannot decode is not one this can vouch for.
      known = false;
    }
    commonAsLatin.set(font, known);
  }
  return known;
}

const commonAsLatin = new WeakMap<fontkit.Font, boolean>();

/** The lookups a context subtable calls. */
function calledBy(sub: SubTable): number[] {
  const records = (rule: Record<string, unknown> | null) => list(rule?.['lookupRecords'] as Listed<{ lookupListIndex: number }> | undefined).map((r) => r.lookupListIndex);
  const sets = list((sub['ruleSets'] ?? sub['chainRuleSets'] ?? sub['classSet'] ?? sub['chainClassSet']) as Listed<Listed<Record<string, unknown>> | null> | undefined);
  return [...records(sub), ...sets.flatMap((set) => (set === null ? [] : list(set).flatMap(records)))];
}

/**
 * The scripts fontkit picks for a Latin line: Latin, else its default script. A line is shaped
 * without a language, so in a script's default language system.
 */
const LATIN_SCRIPTS = new Set(['latn', 'DFLT', 'dflt']);

/** The scripts fontkit falls back to, in turn, for a script a font has no entry for (its DEFAULT_SCRIPTS). */
const FALLBACK_SCRIPTS = ['DFLT', 'dflt', 'latn'];

/** The lookups of the features fontkit applies to a Latin line, and those their contexts call; every lookup with feature variations. */
function reachable(decoded: Decoded, table: 'GSUB' | 'GPOS', applied: ReadonlySet<string>): Lookup[] {
  const lookups = list(decoded.lookupList);
  if (decoded.featureVariations) return lookups;
  const features = list(decoded.featureList);
  const indexes = new Set<number>();
  for (const { tag, script } of list(decoded.scriptList)) {
    if (!LATIN_SCRIPTS.has(tag)) continue;
    for (const f of script.defaultLangSys?.featureIndexes ?? []) if (applied.has(features[f]?.tag ?? '')) for (const i of features[f]!.feature.lookupListIndexes) indexes.add(i);
  }
  const context = table === 'GSUB' ? [5, 6] : [7, 8];
  for (const i of indexes) {
    for (const { type, sub } of subTablesOf(lookups[i]!, table)) if (sub && context.includes(type)) for (const called of calledBy(sub)) indexes.add(called);
  }
  return [...indexes].map((i) => lookups[i]!);
}

function lookupsInert(font: fontkit.Font, table: 'GSUB' | 'GPOS', applied: ReadonlySet<string>, space: number, spaceClass: number, found: Found): boolean {
  const decoded = decodedTable(font, table);
  if (!decoded) return true;
  // Without a Latin or default script, fontkit shapes a Latin line with the script it took last
  // (another line's): what applies cannot be known from the font alone.
  if (!list(decoded.scriptList).some((entry) => LATIN_SCRIPTS.has(entry.tag))) return false;
  return reachable(decoded, table, applied).every((lookup) => {
    if (!lookup) return false;
    // A lookup that skips the space's class would match across it.
    const { flags, markAttachmentType } = lookup.flags;
    if ((spaceClass === 1 && flags.ignoreBaseGlyphs) || (spaceClass === 2 && flags.ignoreLigatures) || (spaceClass === 3 && (flags.ignoreMarks || flags.useMarkFilteringSet || markAttachmentType > 0))) return false;
    return subTablesOf(lookup, table).every(({ type, sub }) => sub !== undefined && subTableInert(table, type, sub, space, found));
  });
}

function readShaping(font: fontkit.Font, applied: ReadonlySet<string>): WordShaping {
  const tables = font as unknown as Record<string, unknown>;
  // fontkit shapes with a legacy kern table or with AAT tables when a font has them: not read here.
  if (tables['kern'] !== undefined || tables['morx'] !== undefined) return 'line';
  const space = font.glyphForCodePoint(0x20)?.id;
  if (space === undefined || space === 0) return 'line';
  const gdef = tables['GDEF'] as { glyphClassDef?: ClassDef } | undefined;
  const spaceClass = classOf(gdef?.glyphClassDef, space);
  if (spaceClass < 0) return 'line';
  const found: Found = { behindSpace: false, touchesSpace: false };
  try {
    if (!lookupsInert(font, 'GSUB', applied, space, spaceClass, found) || !lookupsInert(font, 'GPOS', applied, space, spaceClass, found)) return 'line';
  } catch {
    // A table fontkit cannot decode is not one this can vouch for.
    return 'line';
  }
  return found.behindSpace ? 'words-behind-space' : found.touchesSpace ? 'words' : 'spaces-apart';
}
