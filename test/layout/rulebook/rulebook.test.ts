import { describe, expect, it } from 'vitest';
import type { DisplayList, EllipseItem, ImageItem, RectItem } from '../../../src/shared/display-list.js';
import { A5, game, linesOf, MM, POCKETMOD, rulebook, runsOf, textOf, flat } from './helpers.js';

const en = rulebook();
const fr = rulebook({ lang: 'fr' });

/** Every text of the pages from `from` on, in page order, one line each. */
const allText = (pages: DisplayList[], from = 1) => pages.slice(from).map(textOf).join('\n');

describe('the fixture rulebook as a PocketMod, in English', () => {
  it('lays out without problems: cover, four pages of rules, two blanks and the folding steps (8 pages)', () => {
    expect(en.problems).toEqual([]);
    expect(en.pages).toHaveLength(8);
    for (const page of en.pages) expect(page).toMatchObject({ width: POCKETMOD.width, height: POCKETMOD.height, bleed: 0 });
    expect(en.pages.map((p) => p.items.length > 0)).toEqual([true, true, true, true, true, false, false, true]);
  });

  it('puts the title, subtitle, players, time, age and credits on the cover', () => {
    const lines = linesOf(en.pages[0]!).map((l) => l.text);
    expect(lines).toEqual([
      'Guild of Thieves',
      'A pocket heist for two to four rogues',
      expect.stringMatching(/^2–4 players\s*20–30\u00A0min\s*Ages 10\+$/),
      'Design: Ada Example',
      'Illustrations: Bo Sample',
      'Icons by game-icons.net, CC BY 3.0 (https://game-icons.net)',
    ]);
    const title = linesOf(en.pages[0]!)[0]!;
    expect(title.size).toBeCloseTo(7.5 * 2.6, 6);
    const titleRun = runsOf(en.pages[0]!.items)[0]!;
    expect([titleRun.font, titleRun.color]).toEqual(['Alegreya Sans/bold', '#8c1c1c']);
    // the title is centred on the page
    expect(titleRun.x + titleRun.width / 2).toBeCloseTo(POCKETMOD.width / 2, 1);
    const icons = flat(en.pages[0]!.items).filter((i): i is ImageItem => i.type === 'image');
    expect(icons).toHaveLength(3);
  });

  it('leaves out the # H1 that repeats the title, and keeps the rules in the order of the Markdown', () => {
    const text = allText(en.pages);
    expect(text).not.toContain('Guild of Thieves\n');
    const order = ['The city sleeps', 'Contents', '20 loot tokens', 'Setup', 'Shuffle the loot', 'In a game of four', 'The merchant quarter: five rows',
      'Playing a turn', 'Sneak.', 'Steal.', 'Bribe.', 'Guild of Thieves Rule Number 1', 'Never steal from', 'The watch', 'Purse', 'Crown', 'End of the game', 'Variant: the long night', 'carry over.', 'How to fold'];
    const positions = order.map((s) => text.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('with cover: false, starts with the rules on page 1, keeps the # H1 and numbers pages from 1', () => {
    const plain = rulebook({ imposition: 'pages', page: A5, cover: false });
    expect(plain.problems.map((p) => p.code)).toEqual(['low-resolution']);
    const withCover = rulebook({ imposition: 'pages', page: A5 });
    expect(plain.pages).toHaveLength(withCover.pages.length - 1);
    const firstLines = linesOf(plain.pages[0]!).map((l) => l.text);
    expect(firstLines[0]).toBe('Guild of Thieves');
    expect(firstLines).not.toContain('Design: Ada Example');
    expect(firstLines.at(-1)).toBe('1');
    expect(linesOf(withCover.pages[1]!).map((l) => l.text)[0]).not.toBe('Guild of Thieves');
    expect(plain.sections.find((s) => s.title === 'Setup')?.page).toBe(withCover.sections.find((s) => s.title === 'Setup')!.page - 1);
  });

  it('draws a folio on every page but the cover, the blanks and the folding page: centred, at the bottom, with its number', () => {
    en.pages.forEach((page, i) => {
      const last = linesOf(page).at(-1);
      if (i >= 1 && i <= 4) {
        expect(last?.text).toBe(String(i + 1));
        expect(last!.baseline).toBeGreaterThan(POCKETMOD.height - 5 * MM - 6);
        expect(last!.baseline).toBeLessThan(POCKETMOD.height - 5 * MM);
        const run = runsOf(page.items).find((r) => r.text === String(i + 1) && r.baseline === Math.max(...runsOf(page.items).map((x) => x.baseline)))!;
        expect(run.x + run.width / 2).toBeCloseTo(POCKETMOD.width / 2, 6);
      } else {
        expect(last?.text ?? '').not.toMatch(/^\d+$/);
      }
    });
  });

  it('keeps every item at least 4 mm inside a PocketMod panel (5 mm margins)', () => {
    for (const page of en.pages.slice(1, 5)) {
      for (const run of runsOf(page.items)) {
        expect(run.x).toBeGreaterThanOrEqual(5 * MM - 1e-6);
        expect(run.x + run.width).toBeLessThanOrEqual(POCKETMOD.width - 5 * MM + 0.01);
        expect(run.baseline).toBeLessThanOrEqual(POCKETMOD.height - 4 * MM);
      }
    }
  });

  it('sets the body in 7.5 pt of the game family, headings bold in the accent colour', () => {
    const runs = runsOf(en.pages[1]!.items);
    const body = runs.find((r) => r.text.startsWith('The city sleeps'))!;
    expect(body).toMatchObject({ size: 7.5, font: 'Alegreya Sans/regular', color: '#1d1b19' });
    expect(runs.find((r) => r.text === 'Contents')).toMatchObject({ size: 9.75, font: 'Alegreya Sans/bold', color: '#8c1c1c' });
    expect(runs.find((r) => r.text === 'purses')).toMatchObject({ font: 'Alegreya Sans/italic' });
  });

  it('hangs bullets and numbers: the text of every item starts at the same x, the marker left of it', () => {
    const lines = linesOf(en.pages[1]!);
    const item = (start: string) => lines.find((l) => l.text.includes(start))!;
    const dots = flat(en.pages[1]!.items).filter((i): i is EllipseItem => i.type === 'ellipse');
    expect(dots).toHaveLength(3);
    const itemText = runsOf(en.pages[1]!.items).find((r) => r.text.startsWith('20 loot'))!;
    for (const dot of dots) expect(dot.cx + dot.rx).toBeLessThan(itemText.x);
    const wrapped = lines[lines.indexOf(item('Shuffle the loot')) + 1]!;
    const numbered = runsOf(en.pages[1]!.items).find((r) => r.text.startsWith('Shuffle'))!;
    expect(wrapped.x).toBeCloseTo(numbered.x, 6); // the second line hangs under the text, not the number
    expect(item('1.').x).toBeLessThan(numbered.x);
  });

  it('draws the sidebar as a shaded box with its bold title line in the accent colour', () => {
    const page = en.pages.find((p) => textOf(p).includes('Rule Number 1'))!;
    const box = flat(page.items).find((i): i is RectItem => i.type === 'rect' && i.fill === '#f1e6c8')!;
    expect(box).toMatchObject({ type: 'rect', fill: '#f1e6c8' });
    const title = runsOf(page.items).find((r) => r.text === 'Guild of Thieves Rule Number 1')!;
    expect(title).toMatchObject({ font: 'Alegreya Sans/bold', color: '#8c1c1c' });
    const body = runsOf(page.items).find((r) => r.text.startsWith('Never steal'))!;
    // the box holds its text, with room around it
    for (const run of [title, body]) {
      expect(run.x).toBeGreaterThan(box.x + 2);
      expect(run.baseline).toBeGreaterThan(box.y + 4);
      expect(run.baseline).toBeLessThan(box.y + box.height);
    }
    expect(box.width).toBeCloseTo(POCKETMOD.width - 10 * MM, 6);
  });

  it('scales the image to the column, or shrinks it to end a page, never past its 60 % floor', () => {
    const image = en.pages.flatMap((p) => flat(p.items)).find((i): i is ImageItem => i.type === 'image' && i.source.kind === 'png')!;
    expect(image.source).toMatchObject({ naturalWidth: 400, naturalHeight: 200 });
    expect(image.width / image.height).toBeCloseTo(2, 6);
    expect(image.width).toBeLessThanOrEqual(POCKETMOD.width - 10 * MM + 1e-6);
    expect(image.width).toBeGreaterThanOrEqual(0.6 * (POCKETMOD.width - 10 * MM));
    expect(image.x + image.width / 2).toBeCloseTo(POCKETMOD.width / 2, 6);
  });

  it('draws the six folding steps on the back cover, captioned in the language of the game', () => {
    const fold = en.pages[7]!;
    const text = textOf(fold);
    expect(text).toContain('How to fold');
    expect(text).toContain('Fold in half, short edges together.');
    expect(text).toContain('From the fold, cut along the middle');
    expect(flat(fold.items).filter((i) => i.type === 'ellipse')).toHaveLength(6);
    expect(runsOf(fold.items).filter((r) => /^[1-6]$/.test(r.text)).map((r) => r.text)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('lists the sections with their plain text and the page each starts on', () => {
    expect(en.sections.map((s) => [s.level, s.title, s.page])).toEqual([
      [1, 'Guild of Thieves', 2],
      [2, 'Contents', 2],
      [2, 'Setup', 2],
      [2, 'Playing a turn', 3],
      [2, 'The watch', 3],
      [2, 'End of the game', 5],
      [3, 'Variant: the long night', 5],
    ]);
    expect(en.sections[1]!.text).toBe('20 loot tokens (purses, rings and one crown)\n4 crew cards, one per player\nthis rulebook');
    expect(en.sections[4]!.text).toContain('Loot\tValue\tCount\nPurse\t1\t10');
  });
});

describe('the fixture rulebook in French', () => {
  it('lays out the accented text with no missing glyph, and finds the image relative to the Markdown file', () => {
    expect(fr.problems).toEqual([]);
    const text = allText(fr.pages);
    for (const s of ['Déroulement d’un tour', 'Règle numéro 1 de la Guilde des voleurs', 'Mélangez les jetons', 'Variante\u00A0: la longue nuit', 'Coupe d’argent', 'Pliage', 'Aplatissez en livret']) {
      expect(text).toContain(s);
    }
    expect(fr.pages.flatMap((p) => flat(p.items)).some((i) => i.type === 'image' && i.source.kind === 'png')).toBe(true);
    for (const run of fr.pages.flatMap((p) => runsOf(p.items))) expect(run.glyphs.every((g) => g.id !== 0)).toBe(true);
  });

  it('localizes the cover and the sections', () => {
    expect(textOf(fr.pages[0]!)).toMatch(/2 à 4 joueurs\s*20 à 30\u00A0min\s*Dès 10\u00A0ans/);
    expect(textOf(fr.pages[0]!)).toContain('Conception\u00A0: Ada Example');
    expect(textOf(fr.pages[0]!)).toContain('Icônes\u00A0: game-icons.net, CC BY 3.0');
    expect(fr.sections.map((s) => s.title)).toEqual(['La Guilde des voleurs', 'Matériel', 'Mise en place', 'Déroulement d’un tour', 'Le guet', 'Fin de la partie', 'Variante\u00A0: la longue nuit']);
  });
});

describe('the cover title', () => {
  it('breaks into lines of even length, centred, rather than leave a lone word', () => {
    const cover = rulebook({ lang: 'fr', game: { ...game('fr'), title: 'Cadwallon dans ma poche' }, markdown: '' }).pages[0]!;
    const runs = runsOf(cover.items).filter((r) => r.size === 7.5 * 2.6);
    // The full width would give "Cadwallon dans ma" and a lone "poche".
    expect(runs.map((r) => r.text)).toEqual(['Cadwallon', 'dans ma poche']);
    const [a, b] = runs.map((r) => r.x + r.width / 2);
    expect(a).toBeCloseTo(POCKETMOD.width / 2, 0);
    expect(b).toBeCloseTo(POCKETMOD.width / 2, 0);
  });
});

describe('the fixture rulebook as an A5 booklet', () => {
  const book = rulebook({ imposition: 'booklet', page: A5, markdown: '# Guild of Thieves\n\nIntro.\n\n## Rules\n\nPlay well.\n' });

  it('has no folding page, 10 pt body and a running header with the title on the pages after the cover', () => {
    expect(book.pages).toHaveLength(2);
    const lines = linesOf(book.pages[1]!);
    expect(lines[0]).toMatchObject({ text: 'Guild of Thieves' });
    expect(lines.find((l) => l.text === 'Intro.')).toMatchObject({ size: 10 });
    // folio outside: page 2 is a left page, so its folio is at the left margin
    expect(lines.at(-1)).toMatchObject({ text: '2', x: 12 * MM });
  });
});
