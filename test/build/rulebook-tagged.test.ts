import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, runCli, tempDir } from '../helpers.js';
import { openPdf } from '../render/read-pdf.js';

const game = path.join(FIXTURES, 'rulebook', 'guild-of-thieves');

interface StructNode {
  role?: string;
  alt?: string;
  lang?: string;
  type?: string;
  id?: string;
  children?: StructNode[];
}

/** The text of each marked-content id of a page. */
async function markedText(page: PDFPageProxy): Promise<Map<string, string>> {
  const content = await page.getTextContent({ includeMarkedContent: true });
  const texts = new Map<string, string>();
  const open: string[] = [];
  for (const item of content.items as { type?: string; id?: string; str?: string }[]) {
    if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') open.push(item.id ?? '');
    else if (item.type === 'endMarkedContent') open.pop();
    else if (item.str !== undefined) {
      const id = [...open].reverse().find((i) => i !== '');
      if (id) texts.set(id, (texts.get(id) ?? '') + item.str);
    }
  }
  return texts;
}

/** The page's structure tree as indented lines: "H2 Contents", "Figure alt=…", "TH Loot". */
async function treeOf(page: PDFPageProxy): Promise<string[]> {
  const root = (await page.getStructTree()) as StructNode;
  const texts = await markedText(page);
  const textOf = (node: StructNode): string => (node.children ?? []).map((c) => (c.type === 'content' ? (texts.get(c.id!) ?? '') : '')).join('');
  const lines: string[] = [];
  const walk = (node: StructNode, depth: number) => {
    for (const child of node.children ?? []) {
      if (!child.role) continue;
      const text = textOf(child).replace(/\s+/g, ' ').trim();
      const short = text.length > 24 ? `${text.slice(0, 24)}…` : text;
      lines.push(`${'  '.repeat(depth)}${child.role}${child.alt ? ` alt="${child.alt}"` : ''}${short && /^(H\d|TH|TD|Caption|P)$/.test(child.role) ? ` ${short}` : ''}`);
      walk(child, depth + 1);
    }
  };
  walk(root, 0);
  return lines;
}

describe('the rulebook pages as a tagged PDF, parsed back', () => {
  const out = tempDir();
  beforeAll(async () => {
    const result = await runCli(['build', game, '--out', out, '--dpi', '30']);
    expect(result.code).toBe(0);
  }, 180_000);
  const file = (lang: string) => readFileSync(path.join(out, 'guild-of-thieves', lang, 'rulebook-pages.pdf'));

  it('is marked as tagged, in the language of the rules, with the title shown', async () => {
    for (const lang of ['en', 'fr']) {
      const doc = await PDFDocument.load(file(lang), { updateMetadata: false });
      const catalog = doc.catalog;
      expect((catalog.lookup(PDFName.of('Lang')) as PDFString).decodeText()).toBe(lang);
      expect(catalog.lookup(PDFName.of('MarkInfo'))?.toString()).toContain('/Marked true');
      const root = catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
      expect(root.lookup(PDFName.of('Type'))).toEqual(PDFName.of('StructTreeRoot'));
      expect(root.get(PDFName.of('K'))).not.toBeUndefined();
      expect(catalog.lookup(PDFName.of('ViewerPreferences'))?.toString()).toContain('/DisplayDocTitle true');
    }
  });

  it('reads the cover, headings, lists and the figure in the order of the Markdown', async () => {
    const pdf = await openPdf(file('en'));
    expect(await treeOf(await pdf.getPage(1))).toEqual(['H1 Guild of Thieves', 'P A pocket heist for two t…', 'P 2–4 players 20–30 min Ag…', 'P Design: Ada ExampleIllus…']);
    expect(await treeOf(await pdf.getPage(2))).toEqual([
      'P The city sleeps, and the…',
      'H2 Contents',
      'L',
      '  LI',
      '    LBody',
      '      P 20 loot tokens (purses, …',
      '  LI',
      '    LBody',
      '      P 4 crew cards, one per pl…',
      '  LI',
      '    LBody',
      '      P this rulebook',
      'H2 Setup',
      'L',
      '  LI',
      '    LBody',
      '      P 1. Shuffle the loot toke…',
      '  LI',
      '    LBody',
      '      P 2. Each player takes a c…',
      '  LI',
      '    LBody',
      '      P 3. The player who last p…',
      '      L',
      '        LI',
      '          LBody',
      '            P – In a game of two, remo…',
      '        LI',
      '          LBody',
      '            P – In a game of four, eac…',
      'Figure alt="The merchant quarter at night"',
      '  Caption The merchant quarter: fi…',
    ]);
  });

  it('tags the table with header cells, and the sidebar and the H3 after it', async () => {
    const pdf = await openPdf(file('en'));
    const table = await treeOf(await pdf.getPage(4));
    expect(table.slice(0, 6)).toEqual(['Table', '  TR', '    TH Loot', '    TH Value', '    TH Count', '  TR']);
    expect(table.filter((l) => l.trim().startsWith('TD'))).toHaveLength(12);
    expect(table.filter((l) => l.trim().startsWith('TD')).slice(0, 3)).toEqual(['    TD Purse', '    TD 1', '    TD 10']);
    const page3 = await treeOf(await pdf.getPage(3));
    expect(page3.filter((l) => !l.startsWith('  ')).map((l) => l.split(' ')[0])).toEqual(['H2', 'P', 'P', 'P', 'P', 'Div', 'H2', 'P']);
    expect(page3[6]).toBe('  P Guild of Thieves Rule Nu…');
    expect((await treeOf(await pdf.getPage(5))).map((l) => l.split(' ')[0])).toEqual(['H2', 'P', 'H3', 'P']);
  });

  it('bookmarks every heading under the one above it, and leaves page furniture out of the tree', async () => {
    const pdf = await openPdf(file('fr'));
    const outline = (await pdf.getOutline()) as { title: string; items: { title: string; items: { title: string }[] }[] }[];
    expect(outline.map((o) => o.title)).toEqual(['La Guilde des voleurs']);
    expect(outline[0]!.items.map((i) => i.title)).toHaveLength(5);
    expect(outline[0]!.items[4]!.items.map((i) => i.title)).toHaveLength(1);
    // Folios are artifacts: no P holds a page number alone.
    const pdfEn = await openPdf(file('en'));
    for (let n = 2; n <= 5; n++) expect((await treeOf(await pdfEn.getPage(n))).some((l) => l.trim() === `P ${n}`)).toBe(false);
  });
});
