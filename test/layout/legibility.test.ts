import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFaceLegibility, findColorOnlyPairs } from '../../src/layout/legibility/index.js';
import type { TextSource } from '../../src/layout/template/context.js';
import type { DisplayItem, DisplayList, TextItem } from '../../src/shared/display-list.js';
import { FIXTURES, runCli, tempDir } from '../helpers.js';

type Found = { severity: string; code: string; message: string; file: string; line: number };
const CODES = new Set(['low-contrast', 'text-too-small', 'colour-only-difference']);
const legibilityOf = (stdout: string) =>
  (JSON.parse(stdout) as { diagnostics: Found[] }).diagnostics
    .filter((d) => CODES.has(d.code))
    .map((d) => `${d.code} ${path.basename(d.file)}:${d.line} ${d.message}`)
    .sort();

function copyFixture(): string {
  const game = path.join(tempDir('pocketpress-legibility-'), 'legibility');
  cpSync(path.join(FIXTURES, 'build', 'legibility'), game, { recursive: true });
  return game;
}

/** The fixture with `count` more pawns, pawn `i` coloured `colorOf(i)`. */
function withPawns(count: number, colorOf: (i: number) => string): string {
  const game = copyFixture();
  const pawns = path.join(game, 'sets', 'pawns.yaml');
  writeFileSync(pawns, readFileSync(pawns, 'utf8') + Array.from({ length: count }, (_, i) => `  - id: pawn-${i}\n    color: "${colorOf(i)}"\n`).join(''));
  return game;
}

describe('legibility checks of a game', () => {
  it('warns at the element and item: low contrast, small and shrunk text, items told apart by colour alone; validate and build agree', async () => {
    const game = copyFixture();
    const validate = await runCli(['validate', game, '--format', 'json']);
    expect(validate.code).toBe(0);
    const found = legibilityOf(validate.stdout);
    expect(found).toEqual([
      'colour-only-difference pawns.yaml:15 items "rust" and "olive" of the set "pawns" differ only by colour (#6b8e23/#b5651d), and those colours fall closer than ΔE2000 10 for deuteranopia (ΔE2000 2.7): add a shape, icon or word that tells them apart',
      'low-contrast badge.yaml:9 on item "faint", "Faint" prints #a89f88 on #d8cfb8: a contrast of 1.7:1, below the 4.5:1 WCAG 2 asks of body text (10 pt)',
      'text-too-small badge.yaml:26 on item "clear", this text prints at 5 pt, below the 6 pt a reader can rely on; enlarge its box or its size, or shorten it',
      'text-too-small badge.yaml:26 on item "faint", this text prints at 5 pt, below the 6 pt a reader can rely on; enlarge its box or its size, or shorten it',
      'text-too-small badge.yaml:34 on item "clear", this text prints at 5 pt (shrunk from 9 pt to fit its box), below the 6 pt a reader can rely on; enlarge its box or its size, or shorten it',
      'text-too-small badge.yaml:34 on item "faint", this text prints at 5 pt (shrunk from 9 pt to fit its box), below the 6 pt a reader can rely on; enlarge its box or its size, or shorten it',
    ]);
    // Not warned: white on near-black (item "clear"), 20 pt bold at 3.36:1 (large text needs 3:1), the blue pawn.
    const build = await runCli(['build', game, '--format', 'json', '--out', tempDir(), '--dpi', '30']);
    expect(build.code).toBe(0);
    expect(legibilityOf(build.stdout)).toEqual(found);
  }, 120_000);

  it('warns once for a set of many faces in two colourings, counting the others', async () => {
    const validate = await runCli(['validate', withPawns(40, (i) => (i % 2 === 0 ? '#b5651d' : '#6b8e23')), '--format', 'json']);
    expect(legibilityOf(validate.stdout).filter((l) => l.startsWith('colour-only-difference'))).toEqual([
      'colour-only-difference pawns.yaml:15 items "rust" and "olive" of the set "pawns" (and 40 more items coloured as one of them) differ only by colour (#6b8e23/#b5651d), and those colours fall closer than ΔE2000 10 for deuteranopia (ΔE2000 2.7): add a shape, icon or word that tells them apart',
    ]);
  }, 60_000);

  it('names ten pairs of a set of 4 900 faces in as many colours, counts the rest, and compares no more than its budget', async () => {
    const validate = await runCli(['validate', withPawns(4900, (i) => `#${((i * 2654435761) % 0xffffff).toString(16).padStart(6, '0')}`), '--format', 'json']);
    expect(validate.code).toBe(0);
    const found = (JSON.parse(validate.stdout) as { diagnostics: Found[] }).diagnostics.filter((d) => path.basename(d.file) === 'pawns.yaml');
    expect(found.filter((d) => d.code === 'colour-only-difference' && d.message.startsWith('items '))).toHaveLength(10);
    const rest = found.filter((d) => d.code !== 'colour-only-difference' || !d.message.startsWith('items ')).map((d) => `${d.code} ${d.line} ${d.message.replace(/\d[\d ]*\d|\d/g, 'N')}`);
    expect(rest).toEqual([
      'colour-only-difference 12 the set "pawns" has N more pairs of colourings whose items differ only by colours a colour-blind player may not tell apart, besides the N pairs named',
      'out-of-range 12 the set "pawns" has more colourings of its faces than can be compared for colour-blind players (N pairs); N pairs were not compared',
    ]);
  }, 120_000);

  it('takes its thresholds from game.yaml', async () => {
    const game = copyFixture();
    writeFileSync(path.join(game, 'game.yaml'), readFileSync(path.join(game, 'game.yaml'), 'utf8') + 'accessibility: {minTextSize: 5, colorDifference: 2.5}\n');
    const validate = await runCli(['validate', game, '--format', 'json']);
    expect(legibilityOf(validate.stdout).map((l) => l.split(' on ')[0]!.split(' items')[0])).toEqual(['low-contrast badge.yaml:9']);
    writeFileSync(path.join(game, 'game.yaml'), readFileSync(path.join(game, 'game.yaml'), 'utf8').replace('colorDifference: 2.5', 'colorDifference: 3'));
    const stricter = await runCli(['validate', game, '--format', 'json']);
    expect(legibilityOf(stricter.stdout).filter((l) => l.startsWith('colour-only-difference'))).toHaveLength(1);
  }, 60_000);

  it('finds nothing to say about the full example game', async () => {
    const validate = await runCli(['validate', path.join(FIXTURES, 'valid', 'full-game'), '--format', 'json']);
    expect(legibilityOf(validate.stdout)).toEqual([]);
  }, 60_000);
});

/** A one-run text of `width` points at (x, baseline). */
function text(color: string, size: number, x: number, baseline: number, width = 40): TextItem {
  return { type: 'text', runs: [{ font: 'f', size, color, x, baseline, text: 'Word', letterSpacing: 0, width, glyphs: [] }] };
}

function check(items: DisplayItem[], texts: TextItem[], options: { background?: string; minTextSize?: number } = {}) {
  const list: DisplayList = { width: 100, height: 100, bleed: 0, items, fonts: { f: { path: '/f.woff', family: 'F', weight: 'normal', style: 'normal' } }, ...(options.background ? { background: options.background } : {}) };
  const sources = new Map<TextItem, TextSource>(texts.map((t, i) => [t, { file: 'face.yaml', pointer: `/elements/${i}`, size: 10 }]));
  return checkFaceLegibility({ list, texts: sources, face: 'item "x"', minTextSize: options.minTextSize ?? 6 }).map((p) => `${p.code} ${p.pointer} ${p.message}`);
}

describe('checkFaceLegibility', () => {
  it('reads the colour behind the text, through translucent layers', () => {
    const t = text('#000000', 10, 10, 30);
    // 50 % black over white is #808080: black on it is 5.3:1, fine; over #808080 paper it makes #404040, and 2.03:1.
    expect(check([{ type: 'rect', x: 0, y: 0, width: 100, height: 100, fill: '#000000', opacity: 0.5 }, t], [t])).toEqual([]);
    const u = text('#000000', 10, 10, 30);
    expect(check([{ type: 'rect', x: 0, y: 0, width: 100, height: 100, fill: '#000000', opacity: 0.5 }, u], [u], { background: '#808080' })).toEqual([
      'low-contrast /elements/0 on item "x", "Word" prints #000000 on #404040: a contrast of 2.03:1, below the 4.5:1 WCAG 2 asks of body text (10 pt)',
    ]);
  });

  it('follows groups that move and turn, and paths of any shape', () => {
    const t = text('#777777', 10, 0, 0);
    // A diamond path around (50, 50); the text is moved there by its group.
    const diamond: DisplayItem = { type: 'path', d: 'M 50 0 L 100 50 L 50 100 L 0 50 Z', fill: '#1a1a1a' };
    const moved: DisplayItem = { type: 'group', transform: [1, 0, 0, 1, 30, 55], items: [t] };
    expect(check([diamond, moved], [t])).toEqual(['low-contrast /elements/0 on item "x", "Word" prints #777777 on #1a1a1a: a contrast of 3.89:1, below the 4.5:1 WCAG 2 asks of body text (10 pt)']);
    // Moved off the diamond, into a corner of blank paper: #777777 on white is 4.48:1.
    const u = text('#777777', 10, 0, 0, 10);
    const corner: DisplayItem = { type: 'group', transform: [1, 0, 0, 1, 2, 8], items: [u] };
    expect(check([diamond, corner], [u])).toEqual(['low-contrast /elements/0 on item "x", "Word" prints #777777 on #ffffff: a contrast of 4.48:1, below the 4.5:1 WCAG 2 asks of body text (10 pt)']);
  });

  it('holds large text to 3:1 and says nothing of text over a picture', () => {
    const big = text('#8a7f66', 18, 10, 40);
    expect(check([big], [big], { background: '#f4ecd8' })).toEqual([]);
    const small = text('#8a7f66', 12, 10, 40);
    expect(check([small], [small], { background: '#f4ecd8' })).toEqual([
      'low-contrast /elements/0 on item "x", "Word" prints #8a7f66 on #f4ecd8: a contrast of 3.36:1, below the 4.5:1 WCAG 2 asks of body text (12 pt)',
    ]);
    const over = text('#8a7f66', 12, 10, 40);
    const picture: DisplayItem = { type: 'image', x: 0, y: 0, width: 100, height: 100, source: { kind: 'png', path: '/art.png', naturalWidth: 10, naturalHeight: 10 } };
    expect(check([picture, over], [over], { background: '#f4ecd8' })).toEqual([]);
  });

  it('stops measuring texts over paths once a face has tested its budget of path edges, and says at which text', () => {
    // 10 000 arcs (the most a path may have), cut into 160 000 edges; 40 texts over it, each 12 sample points.
    const d = `M 0 50 ${'A 50 50 0 1 1 100 50 A 50 50 0 1 1 0 50 '.repeat(5_000)}Z`;
    const texts = Array.from({ length: 40 }, (_, i) => text('#777777', 10, 30, 40 + (i % 20)));
    const found = check([{ type: 'path', d, fill: '#1a1a1a' }, ...texts], texts);
    const low = found.filter((f) => f.startsWith('low-contrast'));
    expect(low.length).toBeGreaterThan(0);
    expect(low.length).toBeLessThan(40);
    expect(found.filter((f) => !f.startsWith('low-contrast'))).toEqual([
      `out-of-range /elements/${low.length} on item "x", the texts from this one on are not measured for contrast over paths: the face's paths ask for more than 10 000 000 edge tests; simplify the paths behind the text`,
    ]);
    expect(low.at(-1)).toMatch(new RegExp(`^low-contrast /elements/${low.length - 1} `));
  });

  it('reads a run over two grounds point by point, a quarter of its points enough for the worse', () => {
    // #777777 is 3.89:1 on #1a1a1a and 4.48:1 on white. A 40-point run at x 10 is sampled in four
    // columns (x 15, 25, 35, 45), three points each.
    const onBand = (bandWidth: number) => {
      const t = text('#777777', 10, 10, 40);
      return check([{ type: 'rect', x: 0, y: 0, width: bandWidth, height: 100, fill: '#1a1a1a' }, t], [t]);
    };
    const dark = 'low-contrast /elements/0 on item "x", "Word" prints #777777 on #1a1a1a: a contrast of 3.89:1, below the 4.5:1 WCAG 2 asks of body text (10 pt)';
    const light = 'low-contrast /elements/0 on item "x", "Word" prints #777777 on #ffffff: a contrast of 4.48:1, below the 4.5:1 WCAG 2 asks of body text (10 pt)';
    expect(onBand(100)).toEqual([dark]);
    expect(onBand(30)).toEqual([dark]);
    expect(onBand(20)).toEqual([dark]);
    expect(onBand(12)).toEqual([light]);
    // The same through a clip that cuts a band covering the face.
    const clipped = (clipWidth: number) => {
      const t = text('#777777', 10, 10, 40);
      const band: DisplayItem = { type: 'group', clip: { shape: 'rect', x: 0, y: 0, width: clipWidth, height: 100 }, items: [{ type: 'rect', x: 0, y: 0, width: 100, height: 100, fill: '#1a1a1a' }] };
      return check([band, t], [t]);
    };
    expect(clipped(22)).toEqual([dark]);
    expect(clipped(14)).toEqual([light]);
    // A turned band inside a rounded clip, both holding the whole run; and the same band turned
    // so that its edge crosses the run: its points on either side.
    const turned = (angle: number, y: number) => {
      const t = text('#777777', 10, 30, 50);
      const [c, s] = [Math.cos(angle), Math.sin(angle)];
      const band: DisplayItem = {
        type: 'group',
        clip: { shape: 'rect', x: 5, y: 5, width: 90, height: 90, radius: 20 },
        items: [{ type: 'group', transform: [c, s, -s, c, 50, 50], items: [{ type: 'rect', x: -200, y, width: 400, height: 200, fill: '#1a1a1a', radius: 8 }] }],
      };
      return check([band, t], [t]);
    };
    expect(turned(0.3, -100)).toEqual([dark]);
    expect(turned(0.3, 100)).toEqual([light]);
    expect(turned(Math.PI / 2, 0)).toEqual([dark]);
    expect(turned(-Math.PI / 2, 0)).toEqual([dark]);
    expect(turned(Math.PI / 2, 20)).toEqual([light]);
  });

  it('takes a shape flattened to a line (a matrix of no area, or a clip of none) for nothing painted', () => {
    const light = 'low-contrast /elements/0 on item "x", "Word" prints #777777 on #ffffff: a contrast of 4.48:1, below the 4.5:1 WCAG 2 asks of body text (10 pt)';
    for (const transform of [[1, 0, 0, 1e-13, 0, 50], [1e-7, 0, 0, 1e-7, 0, 0]] as const) {
      const t = text('#777777', 10, 30, 50);
      const flat: DisplayItem = { type: 'group', transform: [...transform], items: [{ type: 'rect', x: 0, y: 0, width: 100, height: 100, fill: '#1a1a1a' }] };
      expect(check([flat, t], [t])).toEqual([light]);
    }
    const t = text('#777777', 10, 30, 50);
    const clipped: DisplayItem = { type: 'group', transform: [1, 0, 0, 0, 0, 50], items: [{ type: 'group', clip: { shape: 'rect', x: 0, y: 0, width: 100, height: 100 }, items: [] }] };
    expect(check([{ type: 'rect', x: 0, y: 0, width: 100, height: 100, fill: '#1a1a1a' }, clipped, t], [t])).toEqual([light.replace('#ffffff: a contrast of 4.48', '#1a1a1a: a contrast of 3.89')]);
  });

  it('finds on 3 000 random faces what testing every point against every item finds', () => {
    // Rects (rounded or not), ellipses, pictures, paths and lines, in groups that move, turn,
    // scale, flatten, clip and fade; texts of a few runs over them.
    let seed = 17;
    const random = () => {
      seed = (seed + 0x6d2b79f5) >>> 0;
      let x = seed;
      x = Math.imul(x ^ (x >>> 15), x | 1);
      x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T,>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
    const num = (a: number, b: number) => Math.round((a + random() * (b - a)) * 8) / 8;
    const colour = () => `#${[0, 0, 0].map(() => pick(['00', '22', '55', '88', 'aa', 'cc', 'ee', 'ff'])).join('')}${random() < 0.15 ? pick(['80', '00', 'ff']) : ''}`;
    const paint = () => ({ ...(random() < 0.9 ? { fill: colour() } : {}), ...(random() < 0.2 ? { opacity: pick([0, 0.4, 0.999, 1]) } : {}) });
    const shape = (): DisplayItem => {
      const r = random();
      if (r < 0.45) return { type: 'rect', x: num(-20, 100), y: num(-20, 100), width: num(0, 120), height: num(0, 120), ...(random() < 0.3 ? { radius: num(0, 30) } : {}), ...paint() };
      if (r < 0.6) return { type: 'ellipse', cx: num(0, 100), cy: num(0, 100), rx: num(0, 80), ry: num(0, 80), ...paint() };
      if (r < 0.72) return { type: 'image', x: num(-20, 100), y: num(-20, 100), width: num(5, 100), height: num(5, 100), source: { kind: 'png', path: '/a.png', naturalWidth: 1, naturalHeight: 1 } };
      if (r < 0.9) return { type: 'path', d: `M ${Array.from({ length: 3 + Math.floor(random() * 4) }, () => `${num(-10, 110)} ${num(-10, 110)}`).join(' L ')} Z`, ...(random() < 0.3 ? { fillRule: 'evenodd' as const } : {}), ...paint() };
      return { type: 'line', x1: num(0, 100), y1: num(0, 100), x2: num(0, 100), y2: num(0, 100), stroke: colour(), strokeWidth: 1 };
    };
    const texts: TextItem[] = [];
    const textItem = (): TextItem => {
      let baseline = num(5, 100);
      const runs = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, i) => {
        const size = pick([5, 8, 10, 14, 18]);
        const run = { font: 'f', size, color: colour(), x: num(-10, 100), baseline, text: random() < 0.1 ? ' ' : `w${i}`, letterSpacing: 0, width: random() < 0.1 ? 0 : num(1, 80), glyphs: [] };
        if (random() < 0.5) baseline += size * 1.2;
        return run;
      });
      const t: TextItem = { type: 'text', runs, ...(random() < 0.2 ? { opacity: 0.5 } : {}) };
      texts.push(t);
      return t;
    };
    const matrix = (): [number, number, number, number, number, number] => {
      if (random() < 0.05) return [1, 0, 0, pick([0, 1e-13]), 0, num(0, 100)];
      const a = random() < 0.5 ? 0 : num(-3.2, 3.2);
      const k = pick([1, 0.5, 2]);
      return [Math.cos(a) * k, Math.sin(a) * k, -Math.sin(a) * k, Math.cos(a) * k, num(-50, 100), num(-50, 100)];
    };
    const items = (depth: number): DisplayItem[] =>
      Array.from({ length: 1 + Math.floor(random() * 6) }, (): DisplayItem => {
        const r = random();
        if (r < 0.25) return textItem();
        if (r < 0.4 && depth < 3) {
          const clip = random() < 0.4 ? { clip: { shape: pick(['rect', 'ellipse'] as const), x: num(-10, 100), y: num(-10, 100), width: num(10, 100), height: num(10, 100), ...(random() < 0.4 ? { radius: num(0, 20) } : {}) } } : {};
          return { type: 'group', ...(random() < 0.5 ? { transform: matrix() } : {}), ...clip, ...(random() < 0.2 ? { opacity: 0.5 } : {}), items: items(depth + 1) };
        }
        return shape();
      });
    let found = 0;
    for (let f = 0; f < 3000; f++) {
      texts.length = 0;
      const list: DisplayList = { width: 100, height: 100, bleed: 0, items: [shape(), ...items(0), textItem()], fonts: { f: { path: '/f.woff', family: 'F', weight: 'normal', style: 'normal' } }, ...(random() < 0.5 ? { background: colour() } : {}) };
      const sources = new Map<TextItem, TextSource>(texts.map((t, i) => [t, { file: 'face.yaml', pointer: `/elements/${i}`, size: 10 }]));
      const request = { list, texts: sources, face: `face ${f}`, minTextSize: 6 };
      const quick = checkFaceLegibility(request);
      expect(quick, `face ${f}`).toEqual(checkFaceLegibility({ ...request, exhaustive: true }));
      found += quick.filter((p) => p.code === 'low-contrast').length;
    }
    expect(found).toBeGreaterThan(2000);
  });

  it('reports text under the smallest size, and how far it shrank', () => {
    const t = text('#000000', 5.5, 10, 40);
    expect(check([t], [t])).toEqual(['text-too-small /elements/0 on item "x", this text prints at 5.5 pt (shrunk from 10 pt to fit its box), below the 6 pt a reader can rely on; enlarge its box or its size, or shorten it']);
    expect(check([t], [t], { minTextSize: 5.5 })).toEqual([]);
  });
});

describe('findColorOnlyPairs', () => {
  const disc = (fill: string): DisplayList => ({ width: 50, height: 50, bleed: 0, items: [{ type: 'ellipse', cx: 25, cy: 25, rx: 20, ry: 20, fill, stroke: '#000000', strokeWidth: 1 }], fonts: {} });

  it('pairs faces that differ only by colours a deficiency brings together', () => {
    const { pairs, unchecked } = findColorOnlyPairs([disc('#b5651d'), disc('#6b8e23'), disc('#1f4e9c')], 10);
    expect(unchecked).toBe(0);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({ first: 0, second: 1, alike: 0, colors: [['#6b8e23', '#b5651d']] });
    expect(pairs[0]!.confused.map((c) => c.deficiency)).toEqual(['deuteranopia']);
    expect(pairs[0]!.confused[0]!.difference).toBeCloseTo(2.66, 1);
  });

  it('compares each two colourings of a shape once, however many faces are coloured so', () => {
    // 2 000 tokens in two colours (and the alpha or case of a colour makes no other colouring).
    const tokens = Array.from({ length: 2000 }, (_, i) => disc(i % 2 === 0 ? '#b5651d' : i % 4 === 1 ? '#6b8e23' : '#6B8E23ff'));
    const { pairs, unchecked } = findColorOnlyPairs(tokens, 10, 1);
    expect(unchecked).toBe(0);
    expect(pairs).toEqual([{ first: 0, second: 1, alike: 1998, colors: [['#6b8e23', '#b5651d']], confused: [expect.objectContaining({ deficiency: 'deuteranopia' })] }]);
  });

  it('stops at its budget of comparisons and says how many it left', () => {
    // Four colourings: six pairs; a budget of four leaves two.
    const faces = ['#b5651d', '#6b8e23', '#1f4e9c', '#6b8e24'].map(disc);
    const all = findColorOnlyPairs(faces, 10);
    expect(all.unchecked).toBe(0);
    expect(all.pairs.map((p) => [p.first, p.second])).toEqual([[0, 1], [0, 3], [1, 3]]);
    const some = findColorOnlyPairs(faces, 10, 4);
    expect(some.unchecked).toBe(2);
    expect(some.pairs.map((p) => [p.first, p.second])).toEqual([[0, 1], [0, 3]]);
  });

  it('leaves alone faces that differ by more than colour', () => {
    const marked = disc('#6b8e23');
    marked.items.push({ type: 'rect', x: 20, y: 20, width: 10, height: 10, fill: '#000000' });
    expect(findColorOnlyPairs([disc('#b5651d'), marked], 10).pairs).toEqual([]);
  });

  it('tells faces apart by their words, not by the glyphs placed for them', () => {
    const labelled = (word: string, color: string): DisplayList => {
      const face = disc(color);
      const glyphs = [...word].map((c, i) => ({ id: c.charCodeAt(0), x: i * 6, y: 0, advance: 6 }));
      face.items.push({ type: 'text', runs: [{ font: 'f', size: 10, color: '#000000', x: 5, baseline: 30, text: word, letterSpacing: 0, width: word.length * 6, glyphs }] });
      return face;
    };
    // The same word on both (each face with glyph objects of its own): only the disc's colour differs.
    expect(findColorOnlyPairs([labelled('Rust', '#b5651d'), labelled('Rust', '#6b8e23')], 10).pairs).toMatchObject([{ first: 0, second: 1, colors: [['#6b8e23', '#b5651d']] }]);
    // Another word tells them apart.
    expect(findColorOnlyPairs([labelled('Rust', '#b5651d'), labelled('Olive', '#6b8e23')], 10).pairs).toEqual([]);
  });
});
