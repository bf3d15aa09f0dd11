import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as fontkit from '../../../src/vendor/fontkit.js';
import { openFont } from '../../../src/shared/fonts.js';
import { SHAPING_FEATURES, shapeText } from '../../../src/layout/text/shape.js';
import { commonShapesAsLatin, wordShaping } from '../../../src/layout/text/word-shaping.js';

const shaping = (font: fontkit.Font) => wordShaping(font, SHAPING_FEATURES);
const wordsShapeApart = (font: fontkit.Font) => shaping(font) !== 'line';
import { ROOT } from '../../helpers.js';

const require = createRequire(import.meta.url);
const fontsource = (family: string) => path.dirname(require.resolve(`@fontsource/${family}/package.json`));
/** Every latin face of the families a game may use without declaring them. */
const FACES = ['alegreya', 'alegreya-sans', 'cinzel', 'im-fell-english'].flatMap((family) =>
  readdirSync(path.join(fontsource(family), 'files'))
    .filter((f) => /-latin-\d+-(normal|italic)\.woff$/.test(f))
    .map((f) => path.join(fontsource(family), 'files', f)),
);
const face = (family: string, file: string) => openFont(path.join(fontsource(family), 'files', file));

/** A string shaped whole by fontkit, as shapeText places it at 10 pt: glyph ids and pen positions. */
function shapedWhole(font: fontkit.Font, text: string): string[] {
  const run = font.layout(text, SHAPING_FEATURES);
  const scale = 10 / font.unitsPerEm;
  let pen = 0;
  return run.glyphs.map((glyph, i) => {
    const position = run.positions[i]!;
    const placed = `${glyph.id}@${(pen + position.xOffset * scale).toFixed(9)},${(-position.yOffset * scale).toFixed(9)}`;
    pen += position.xAdvance * scale;
    return placed;
  });
}

const shapedOurs = (font: fontkit.Font, text: string) => shapeText(font, text, { size: 10 }).glyphs.map((g) => `${g.id}@${g.x.toFixed(9)},${g.y.toFixed(9)}`);

/** The shipped games' rules and cards, a line a string. */
const CORPUS = [
  ...new Set(
    execFileSync('sh', ['-c', 'cat content/*/rules/*.md content/*/sets/*.yaml'], { cwd: ROOT, encoding: 'utf8' })
      .split(/\n+/)
      .map((line) => line.replace(/[#*_>`|]/g, '').trim())
      .filter((line) => line.length > 3),
  ),
];

const SPACE = 32;
const LETTERS = Array.from({ length: 26 }, (_, i) => 97 + i);
const cover = (...glyphs: number[]) => ({ version: 1, glyphs });
const NO_FLAGS = { rightToLeft: false, ignoreBaseGlyphs: false, ignoreLigatures: false, ignoreMarks: false, useMarkFilteringSet: false };

/**
 * A font of one lookup, glyph ids the code points, 500 units a glyph, whose shaping does what
 * its GSUB says of the lookups these tests use: a letter after a space (read as a backtrack)
 * takes its initial form, id + 1000.
 */
function toyFont(lookup: Record<string, unknown>, table: 'GSUB' | 'GPOS' = 'GSUB', gdef?: Record<string, unknown>, feature = 'calt', script = 'latn'): fontkit.Font {
  const initialForms = lookup['lookupType'] === 6 && JSON.stringify(lookup['subTables']).startsWith('[{"version":3,"backtrackCoverage":[{"version":1,"glyphs":[32]}]');
  const font = {
    unitsPerEm: 1000,
    glyphForCodePoint: (codePoint: number) => ({ id: codePoint }),
    [table]: {
      scriptList: [{ tag: script, script: { defaultLangSys: { featureIndexes: [0] }, langSysRecords: [] } }],
      featureList: [{ tag: feature, feature: { lookupListIndexes: [0] } }],
      lookupList: [{ flags: { markAttachmentType: 0, flags: NO_FLAGS }, ...lookup }],
    },
    ...(gdef ? { GDEF: gdef } : {}),
    layout(text: string) {
      const codes = [...text].map((c) => c.codePointAt(0)!);
      const glyphs = codes.map((code, i) => ({ id: initialForms && i > 0 && codes[i - 1] === SPACE && code !== SPACE ? code + 1000 : code, codePoints: [code] }));
      return { glyphs, positions: glyphs.map(() => ({ xAdvance: 500, xOffset: 0, yOffset: 0 })) };
    },
  };
  return font as unknown as fontkit.Font;
}

describe('shaping a line word by word', () => {
  it('is done for the faces whose lookups join no word to the next, and not for the others', () => {
    const apart = FACES.filter((file) => wordsShapeApart(openFont(file))).map((file) => path.basename(file));
    expect(FACES.length).toBeGreaterThan(30);
    // Alegreya Sans upright and Cinzel; Alegreya kerns the space before an opening quote, and the italics and IM Fell have rules across spaces.
    expect(apart).toContain('alegreya-sans-latin-400-normal.woff');
    expect(apart).toContain('alegreya-sans-latin-700-normal.woff');
    expect(apart).toContain('cinzel-latin-400-normal.woff');
    expect(apart).not.toContain('alegreya-latin-400-normal.woff');
    expect(apart).not.toContain('im-fell-english-latin-400-normal.woff');
    expect(apart.length).toBeGreaterThanOrEqual(14);
  });

  it('gives the glyphs and positions shaping each line whole gives, for the lines of the games in the faces shaped word by word', () => {
    expect(CORPUS.length).toBeGreaterThan(3000);
    let compared = 0;
    const different: string[] = [];
    // Every line in the default face; every tenth in the others (all of them: 82 631 lines, the same).
    for (const file of FACES) {
      const font = openFont(file);
      if (!wordsShapeApart(font)) continue;
      const lines = file.endsWith('alegreya-sans-latin-400-normal.woff') ? CORPUS : CORPUS.filter((_, i) => i % 10 === 0);
      for (const line of lines) {
        compared++;
        if (shapedOurs(font, line).join(' ') !== shapedWhole(font, line).join(' ')) different.push(`${path.basename(file)}: ${line}`);
      }
    }
    expect(compared).toBeGreaterThan(10_000);
    expect(different).toEqual([]);
  });

  it('shapes a word behind a space when a rule reads the space before it (a word-initial form)', () => {
    // A font whose one rule turns a letter after a space into its initial form (id + 1000).
    const font = toyFont({ lookupType: 6, subTables: [{ version: 3, backtrackCoverage: [cover(SPACE)], inputCoverage: [cover(...LETTERS)], lookaheadCoverage: [] }] });
    expect(shaping(font)).toBe('words-behind-space');
    const line = 'ab cd  ef';
    expect(font.layout(line).glyphs.map((g) => g.id)).toEqual([97, 98, 32, 1099, 100, 32, 32, 1101, 102]);
    expect(shapedOurs(font, line)).toEqual(shapedWhole(font, line));
    expect(shapedOurs(font, 'cd')).not.toEqual(shapedWhole(font, ' cd').slice(1));
  });

  it('shapes whole the lines of a font with a rule across a space, or one it cannot read', () => {
    const across = { lookupType: 6, subTables: [{ version: 3, backtrackCoverage: [cover(...LETTERS), cover(SPACE)], inputCoverage: [cover(...LETTERS)], lookaheadCoverage: [] }] };
    const finalForm = { lookupType: 6, subTables: [{ version: 3, backtrackCoverage: [], inputCoverage: [cover(...LETTERS)], lookaheadCoverage: [cover(SPACE)] }] };
    expect(wordsShapeApart(toyFont(finalForm))).toBe(true);
    expect(wordsShapeApart(toyFont(across))).toBe(false);
    // A kerning pair that starts at the space; one that ends at it.
    expect(wordsShapeApart(toyFont({ lookupType: 2, subTables: [{ version: 1, coverage: cover(SPACE), pairSets: [[{ secondGlyph: 99 }]] }] }, 'GPOS'))).toBe(false);
    expect(wordsShapeApart(toyFont({ lookupType: 2, subTables: [{ version: 1, coverage: cover(99), pairSets: [[{ secondGlyph: SPACE }]] }] }, 'GPOS'))).toBe(true);
    // A ligature that starts at the space; a space made into two glyphs; a single substitution of it.
    expect(wordsShapeApart(toyFont({ lookupType: 4, subTables: [{ coverage: cover(SPACE), ligatureSets: [[{ components: [99] }]] }] }))).toBe(false);
    expect(wordsShapeApart(toyFont({ lookupType: 2, subTables: [{ coverage: cover(SPACE) }] }))).toBe(false);
    expect(wordsShapeApart(toyFont({ lookupType: 1, subTables: [{ version: 1, coverage: cover(SPACE) }] }))).toBe(true);
    // A class-based rule whose middle place is "any other glyph" (class 0), as the space is.
    const classes = { version: 2, classRangeRecord: [{ start: 97, end: 122, class: 1 }] };
    const byClass = (middle: number) => ({ lookupType: 6, subTables: [{ version: 2, coverage: cover(...LETTERS), backtrackClassDef: classes, inputClassDef: classes, lookaheadClassDef: classes, chainClassSet: [[{ backtrack: [], input: [middle, 1], lookahead: [] }]] }] });
    expect(wordsShapeApart(toyFont(byClass(0)))).toBe(false);
    expect(wordsShapeApart(toyFont(byClass(1)))).toBe(true);
    // A lookup that skips base glyphs, the space being one; a lookup type it does not know; a legacy kern table.
    expect(wordsShapeApart(toyFont({ ...finalForm, flags: { markAttachmentType: 0, flags: { ...NO_FLAGS, ignoreBaseGlyphs: true } } }, 'GSUB', { glyphClassDef: { version: 2, classRangeRecord: [{ start: 32, end: 32, class: 1 }] } }))).toBe(false);
    expect(wordsShapeApart(toyFont({ lookupType: 9, subTables: [{}] }))).toBe(false);
    expect(wordsShapeApart(Object.assign(toyFont(finalForm), { kern: {} }))).toBe(false);
    const font = toyFont(across);
    expect(shapedOurs(font, 'ab cd')).toEqual(shapedWhole(font, 'ab cd'));
    // What fontkit does not apply to a Latin line shaped without a language counts for nothing: small capitals, another script's rules.
    expect(shaping(toyFont(across, 'GSUB', undefined, 'smcp'))).toBe('spaces-apart');
    // …unless the line is shaped with it.
    expect(wordShaping(toyFont(across, 'GSUB', undefined, 'smcp'), [...SHAPING_FEATURES, 'smcp'])).toBe('line');
    // A table without a Latin or default script: fontkit shapes a Latin line with the script it shaped last.
    expect(shaping(toyFont(across, 'GSUB', undefined, 'calt', 'grek'))).toBe('line');
    expect(shaping(toyFont(across, 'GSUB', undefined, 'calt', 'DFLT'))).toBe('line');
  });

  it('shapes words and spaces each alone when no rule holds a space with another glyph, and with their spaces when a pair kerns before a space', () => {
    const pair = (value: Record<string, number>) => ({ lookupType: 2, subTables: [{ version: 1, coverage: cover(99), pairSets: [[{ secondGlyph: SPACE, value1: value }]] }] });
    expect(shaping(toyFont(pair({ xAdvance: 0 }), 'GPOS'))).toBe('spaces-apart');
    expect(shaping(toyFont(pair({ xAdvance: -40 }), 'GPOS'))).toBe('words');
    // Kerning by class: the space in class 0 of the second glyph, which one row kerns.
    const byClass = (kern: number) => ({
      lookupType: 2,
      subTables: [{ version: 2, coverage: cover(99), class1Count: 2, classDef2: { version: 2, classRangeRecord: [{ start: 97, end: 122, class: 1 }] }, classRecords: [[{ value1: { xAdvance: 0 } }, { value1: { xAdvance: -20 } }], [{ value1: { xAdvance: kern } }, { value1: { xAdvance: 0 } }]] }],
    });
    expect(shaping(toyFont(byClass(0), 'GPOS'))).toBe('spaces-apart');
    expect(shaping(toyFont(byClass(-15), 'GPOS'))).toBe('words');
    // A word-final form (a rule that reads the space after a letter).
    expect(shaping(toyFont({ lookupType: 6, subTables: [{ version: 3, backtrackCoverage: [], inputCoverage: [cover(...LETTERS)], lookaheadCoverage: [cover(SPACE)] }] }))).toBe('words');
    // The default face, and the bold one a title takes.
    expect(shaping(face('alegreya-sans', 'alegreya-sans-latin-400-normal.woff'))).toBe('spaces-apart');
    expect(shaping(face('alegreya-sans', 'alegreya-sans-latin-700-normal.woff'))).toBe('spaces-apart');
  });

  it('shapes a word once, whether a line ends with it or spaces follow it, and a number once in every line that holds it', () => {
    // A font object of its own: nothing shaped with it yet.
    const font = fontkit.create(readFileSync(path.join(fontsource('alegreya-sans'), 'files', 'alegreya-sans-latin-500-normal.woff'))) as fontkit.Font;
    const ours: string[] = [];
    const layout = font.layout.bind(font);
    // Ours shape every piece of a Latin line with the script named; shapedWhole lets fontkit find it.
    font.layout = ((text: string, features?: string[], script?: string) => {
      if (script !== undefined) ours.push(text);
      return layout(text, features, script);
    }) as typeof font.layout;
    // A number alone (a card's cost) and in a line; a line of numbers.
    const lines = ['Card number 17', 'Draw 17 cards ', 'number  17', 'Take the 17th card.', ' cards', '17', '17 ', '12 + 17'];
    for (const line of lines) expect(shapedOurs(font, line)).toEqual(shapedWhole(font, line));
    font.layout = layout;
    expect(commonShapesAsLatin(font)).toBe(true);
    // A font whose default script has other features than Latin: a number alone is shaped as fontkit finds it.
    const withScripts = (...scripts: [string, number[]][]) => ({ GSUB: { scriptList: scripts.map(([tag, featureIndexes]) => ({ tag, script: { defaultLangSys: { featureIndexes } } })), featureList: [], lookupList: [] } }) as unknown as fontkit.Font;
    expect(commonShapesAsLatin(withScripts(['DFLT', [0]], ['latn', [0]]))).toBe(true);
    expect(commonShapesAsLatin(withScripts(['latn', [0, 1]]))).toBe(true);
    expect(commonShapesAsLatin(withScripts(['DFLT', [0]], ['latn', [0, 1]]))).toBe(false);
    expect(commonShapesAsLatin(withScripts(['grek', [0]]))).toBe(false);
    // Each word and the space shaped once.
    expect(ours.sort()).toEqual([' ', '+', '12', '17', '17th', 'Card', 'Draw', 'Take', 'card.', 'cards', 'number', 'the']);
  });

  it('shapes a line whole when its first letter of a script of its own is not Latin (the ohm sign is Greek)', () => {
    // A font that shapes each glyph by the script fontkit gives the string: Latin as is, another one 2000 further.
    const font = toyFont({ lookupType: 1, subTables: [{ version: 1, coverage: cover(97) }] });
    const latinOrNot = (text: string, script?: string) => {
      const detected = script ?? (/^[^A-Za-z\u03a9\u2126]*[\u03a9\u2126]/.test(text) ? 'grek' : 'latn');
      const glyphs = [...text].map((c) => ({ id: c.codePointAt(0)! + (detected === 'latn' ? 0 : 2000), codePoints: [c.codePointAt(0)!] }));
      return { glyphs, positions: glyphs.map(() => ({ xAdvance: 500, xOffset: 0, yOffset: 0 })) };
    };
    Object.assign(font, { layout: (text: string, _features?: string[], script?: string) => latinOrNot(text, script) });
    expect(shaping(font)).toBe('spaces-apart');
    for (const line of ['\u2126 is 5 ohms', 'a \u2126 of 5', 'ab cd 12']) expect(shapedOurs(font, line)).toEqual(shapedWhole(font, line));
    expect(shapedWhole(font, '\u2126 is 5')[1]).toBe(`${2000 + 32}@5.000000000,0.000000000`);
  });

  it('would go wrong where a face kerns a space with the next word: why Alegreya is shaped line by line', () => {
    const font = face('alegreya', 'alegreya-latin-400-normal.woff');
    const line = 'of “free”.';
    const byWords = [...shapedWhole(font, 'of '), ...shapedWhole(font, '“free”.')];
    const whole = shapedWhole(font, line);
    expect(byWords.map((g) => g.split('@')[0])).toEqual(whole.map((g) => g.split('@')[0]));
    expect(byWords).not.toEqual(whole);
    expect(shapedOurs(font, line)).toEqual(whole);
  });

  it('shapes whole a line in another script, or whose words hold no Latin letter', () => {
    const font = face('alegreya-sans', 'alegreya-sans-latin-400-normal.woff');
    for (const line of ['Ω 12 34', '12 + 34 = 46', 'α et ω', 'café crème brûlée', 'x\u0301 y']) {
      expect(shapedOurs(font, line)).toEqual(shapedWhole(font, line));
    }
  });
});
