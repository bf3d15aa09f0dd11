import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * TeX's hyphenation patterns (Liang's algorithm) as the `hyphen` package holds them, by the
 * language pocketpress hyphenates; a language with none is never hyphenated.
 */
export const PATTERN_MODULES: Readonly<Record<string, string>> = { fr: 'hyphen/patterns/fr.js', en: 'hyphen/patterns/en-us.js', 'en-GB': 'hyphen/patterns/en-gb.js' };

/** Written beside this module's compiled copy by bin/compile.js (see hyphenPatternsJson). */
export const HYPHEN_PATTERNS_FILE = 'hyphen-patterns.json';

const require = createRequire(import.meta.url);

const packageVersion = () => (require('hyphen/package.json') as { version: string }).version;

interface PatternsFile {
  /** The `hyphen` package's version the patterns were read from: those of another one are not used. */
  version: string;
  /** Each language's patterns as JSON text, parsed when the language is first hyphenated. */
  patterns: Record<string, string>;
}

/**
 * The patterns as JSON, for the compiled code: Node took 12 ms to load the English patterns'
 * JavaScript (array literals) where JSON.parse reads the same data in 3.
 */
export function hyphenPatternsJson(): string {
  const patterns = Object.fromEntries(Object.entries(PATTERN_MODULES).map(([lang, module]) => [lang, JSON.stringify(require(module))]));
  return JSON.stringify({ version: packageVersion(), patterns } satisfies PatternsFile);
}

/** The file's patterns once read; null when there is none to use. */
let generated: Record<string, unknown> | null | undefined;

function readGenerated(): Record<string, unknown> | null {
  try {
    const kept = JSON.parse(readFileSync(fileURLToPath(new URL(HYPHEN_PATTERNS_FILE, import.meta.url)), 'utf8')) as Partial<PatternsFile> | null;
    return kept?.version === packageVersion() && kept.patterns !== null && typeof kept.patterns === 'object' ? kept.patterns : null;
  } catch {
    // From the sources (no file beside them), or a damaged file: the package's own modules.
    return null;
  }
}

/** A language's patterns as the file holds them, when they parse to the package's shape (a list); else undefined. */
function parsedPatterns(text: unknown): unknown {
  try {
    const patterns: unknown = typeof text === 'string' ? JSON.parse(text) : undefined;
    return Array.isArray(patterns) ? patterns : undefined;
  } catch {
    return undefined;
  }
}

/** The patterns of a language: from the compiled code's JSON when it has them, else from the package. */
export function hyphenPatterns(lang: string): unknown {
  const module = PATTERN_MODULES[lang];
  if (!module) return undefined;
  if (generated === undefined) generated = readGenerated();
  return parsedPatterns(generated?.[lang]) ?? require(module);
}
