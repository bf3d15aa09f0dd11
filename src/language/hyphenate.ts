import { createRequire } from 'node:module';
import { hyphenPatterns, PATTERN_MODULES } from './hyphen-patterns.js';

/** The `hyphen` package's hyphenator of a language's patterns: the text with `hyphenChar` where it may break. */
type Hyphenator = (text: string, options?: { hyphenChar?: string; minWordLength?: number }) => string;

export interface HyphenateOptions {
  /** Words shorter than this (in letters) stay whole. Default 5. */
  minWord?: number;
  /** Letters kept before the first break. Default 2 (TeX's \lefthyphenmin). */
  left?: number;
  /** Letters kept after the last break. Default 3 (TeX's \righthyphenmin for English and French). */
  right?: number;
}

const require = createRequire(import.meta.url);
/** The `hyphen` package's own maker of a hyphenator (what each of its language modules calls). */
type CreateHyphenator = (patterns: unknown) => Hyphenator;
const loaded = new Map<string, Hyphenator>();

function hyphenatorFor(lang: string): Hyphenator | undefined {
  const name = PATTERN_MODULES[lang] ? lang : lang.split('-')[0] ?? '';
  if (!PATTERN_MODULES[name]) return undefined;
  let hyphenator = loaded.get(name);
  if (!hyphenator) loaded.set(name, (hyphenator = (require('hyphen/hyphen.js') as CreateHyphenator)(hyphenPatterns(name))));
  return hyphenator;
}

const LETTERS = /[\p{L}\p{M}]+/gu;
const MAX_CACHED = 20_000;

const letterCount = (text: string) => [...text].length;

/** Offsets (in UTF-16 units of `run`) where the patterns allow a break, within the minimums. */
function breaksOf(run: string, hyphenator: Hyphenator, options: Required<HyphenateOptions>): number[] {
  const marked = hyphenator(run, { hyphenChar: '\u00AD', minWordLength: options.minWord });
  if (marked.replace(/\u00AD/g, '') !== run) return [];
  const breaks: number[] = [];
  let offset = 0;
  for (const ch of marked) {
    if (ch !== '\u00AD') offset += ch.length;
    else if (letterCount(run.slice(0, offset)) >= options.left && letterCount(run.slice(offset)) >= options.right) breaks.push(offset);
  }
  return breaks;
}

/**
 * The hyphenation hook of the text layout (`Hyphenate` in src/layout/text/split-word.ts):
 * cuts a word into the pieces a line may end after ("typographie" → ["ty", "po", "gra", "phie"]);
 * their concatenation is the word. French and English patterns; other languages, words with
 * fewer than 5 letters, and words holding a soft hyphen (the author's choice) stay whole.
 * Letters around apostrophes, hyphens and punctuation are hyphenated run by run, so
 * "l’anticonstitutionnel," keeps "l’" and the comma on their pieces.
 */
export function createHyphenate(options: HyphenateOptions = {}): (word: string, lang: string) => string[] {
  const settings: Required<HyphenateOptions> = { minWord: options.minWord ?? 5, left: options.left ?? 2, right: options.right ?? 3 };
  const cache = new Map<string, string[]>();
  return (word, lang) => {
    const key = `${lang}\0${word}`;
    const cached = cache.get(key);
    if (cached) return [...cached];
    const hyphenator = hyphenatorFor(lang);
    const cuts: number[] = [];
    if (hyphenator && !word.includes('\u00AD')) {
      for (const match of word.matchAll(LETTERS)) {
        if (letterCount(match[0]) < settings.minWord) continue;
        for (const at of breaksOf(match[0], hyphenator, settings)) cuts.push(match.index + at);
      }
    }
    const pieces = [0, ...cuts].map((start, i) => word.slice(start, cuts[i] ?? word.length));
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, pieces);
    return [...pieces];
  };
}
