import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HYPHEN_PATTERNS_FILE, PATTERN_MODULES } from '../../src/language/hyphen-patterns.js';
import { ROOT } from '../helpers.js';
import { createHyphenate } from '../../src/language/hyphenate.js';
import type { Hyphenate } from '../../src/layout/text/split-word.js';

const hyphenate: Hyphenate = createHyphenate();

describe('createHyphenate', () => {
  it.each([
    ['typographie', 'fr', ['ty', 'po', 'gra', 'phie']],
    ['développement', 'fr', ['dé', 've', 'lop', 'pe', 'ment']],
    ['bibliothèque', 'fr', ['bi', 'blio', 'thèque']],
    ['Crépuscule', 'fr', ['Cré', 'pus', 'cule']],
    ['LANTERNE', 'fr', ['LAN', 'TERNE']],
    ['hyphenation', 'en', ['hy', 'phen', 'ation']],
    ['development', 'en', ['de', 'vel', 'op', 'ment']],
    ['midnight', 'en-US', ['mid', 'night']],
    ['Cadwallon', 'en', ['Cad', 'wal', 'lon']],
  ])('%s (%s) → %j', (word, lang, pieces) => {
    expect(hyphenate(word, lang)).toEqual(pieces);
  });

  it('keeps short words whole, and at least 2 letters before and 3 after a break', () => {
    for (const [word, lang] of [['aube', 'fr'], ['Mèche', 'fr'], ['heure', 'fr'], ['dawn', 'en'], ['every', 'en'], ['happy', 'en'], ['pocket', 'en']] as const) {
      expect(hyphenate(word, lang)).toEqual([word]);
    }
    expect(hyphenate('ennemi', 'fr')).toEqual(['en', 'nemi']);
    expect(hyphenate('enemy', 'en')).toEqual(['en', 'emy']);
    for (const word of ['anticonstitutionnellement', 'squelettes', 'minuit']) {
      const pieces = hyphenate(word, 'fr');
      expect(pieces.join('')).toBe(word);
      expect(pieces[0]!.length).toBeGreaterThanOrEqual(2);
      expect(pieces[pieces.length - 1]!.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('hyphenates the letters around apostrophes and punctuation, and keeps them on their pieces', () => {
    expect(hyphenate('l’anticonstitutionnellement,', 'fr')).toEqual(['l’an', 'ti', 'cons', 'ti', 'tu', 'tion', 'nel', 'le', 'ment,']);
  });

  it('leaves words with a soft hyphen, and languages without patterns, to the author', () => {
    expect(hyphenate('de\u00ADvelopment', 'en')).toEqual(['de\u00ADvelopment']);
    expect(hyphenate('Entwicklung', 'de')).toEqual(['Entwicklung']);
  });

  it('respects other minimums when asked', () => {
    expect(createHyphenate({ left: 3 })('typographie', 'fr')).toEqual(['typo', 'gra', 'phie']);
    expect(createHyphenate({ right: 2 })('pocket', 'en')).toEqual(['pock', 'et']);
  });
});

describe('the patterns the compiled code reads as JSON', () => {
  const require = createRequire(import.meta.url);
  const distModule = (file: string) => import(pathToFileURL(path.join(ROOT, 'dist', file)).href);

  it('are the package\'s, for each language, with its version', () => {
    const kept = JSON.parse(readFileSync(path.join(ROOT, 'dist', 'language', HYPHEN_PATTERNS_FILE), 'utf8')) as { version: string; patterns: Record<string, string> };
    expect(kept.version).toBe((require('hyphen/package.json') as { version: string }).version);
    expect(Object.keys(kept.patterns).sort()).toEqual(Object.keys(PATTERN_MODULES).sort());
    // As the package's module holds them before a hyphenator is made of them (making one changes them).
    const pristine = (module: string) => {
      delete require.cache[require.resolve(module)];
      return require(module) as unknown;
    };
    for (const [lang, module] of Object.entries(PATTERN_MODULES)) expect(JSON.parse(kept.patterns[lang]!)).toEqual(pristine(module));
  });

  it('hyphenate every word of the shipped games as the package\'s own language modules do', async () => {
    const compiled = (await distModule('language/hyphenate.js')) as typeof import('../../src/language/hyphenate.js');
    const ours = compiled.createHyphenate({ minWord: 5, left: 1, right: 1 });
    const words = new Set(execFileSync('sh', ['-c', 'cat content/*/rules/*.md content/*/sets/*.yaml'], { cwd: ROOT, encoding: 'utf8' }).match(/\p{L}{5,}/gu));
    expect(words.size).toBeGreaterThan(3000);
    let compared = 0;
    for (const [lang, module] of [['fr', 'hyphen/fr/index.js'], ['en', 'hyphen/en-us/index.js'], ['en-GB', 'hyphen/en-gb/index.js']] as const) {
      const theirs = require(module) as { hyphenateSync(text: string, options: { hyphenChar: string; minWordLength: number }): string };
      for (const word of words) {
        compared++;
        expect(ours(word, lang).join('\u00AD'), `${lang}: ${word}`).toBe(theirs.hyphenateSync(word, { hyphenChar: '\u00AD', minWordLength: 5 }));
      }
    }
    expect(compared).toBeGreaterThan(9000);
  });
});

describe('a patterns file the compiled code cannot use', () => {
  it('is left for the package\'s own patterns: damaged, of another version, or not of patterns', async () => {
    const file = path.join(ROOT, 'dist', 'language', HYPHEN_PATTERNS_FILE);
    const good = readFileSync(file, 'utf8');
    const version = (JSON.parse(good) as { version: string }).version;
    const damaged = [
      '{"version": "0', // cut short
      JSON.stringify({ version, patterns: null }),
      JSON.stringify({ version, patterns: { en: '[[1, 2', fr: '{}' } }),
      JSON.stringify({ version: '0.0.0', patterns: { en: '[]' } }),
    ];
    try {
      for (const text of damaged) {
        writeFileSync(file, text);
        // A fresh copy of the compiled module, which reads the file once.
        const compiled = (await import(`${pathToFileURL(path.join(ROOT, 'dist', 'language', 'hyphen-patterns.js')).href}?${damaged.indexOf(text)}`)) as typeof import('../../src/language/hyphen-patterns.js');
        expect(compiled.hyphenPatterns('en'), text).toEqual(createRequire(import.meta.url)('hyphen/patterns/en-us.js'));
      }
    } finally {
      writeFileSync(file, good);
    }
  });
});
