import { describe, expect, it } from 'vitest';
import type { Block } from '../../../src/layout/rulebook/blocks.js';
import { splitFrontMatter } from '../../../src/content/front-matter.js';
import { parseMarkdown, type MarkdownProblem } from '../../../src/layout/rulebook/parse-markdown.js';
import { typesetParts } from '../../../src/language/typeset.js';
import type { RichSpan } from '../../../src/shared/rich-text.js';

/** Fonts without U+202F: the ordinary no-break space stands in for the narrow one. */
function parse(markdown: string, lang = 'en') {
  const problems: MarkdownProblem[] = [];
  const blocks = parseMarkdown(markdown, { typesetParts: (parts) => typesetParts(parts, lang, { narrowSpace: '\u00A0' }), report: (p) => problems.push(p) });
  return { blocks, problems };
}

const t = (text: string, bold = false, italic = false): RichSpan => ({ kind: 'text', text, bold, italic });
const icon = (name: string, bold = false, italic = false): RichSpan => ({ kind: 'icon', name, bold, italic });

describe('parseMarkdown: Markdown to blocks', () => {
  it('turns emphasis into styled spans, keeping literal *, _, : and \\ as written and :icons: as icons', () => {
    const { blocks } = parse('Some *em*, **strong** and ***both***; 2 \\* 3_4 at 10:30 :skull: C:\\dir `a*b`');
    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        line: 1,
        text: {
          spans: [t('Some '), t('em', false, true), t(', '), t('strong', true), t(' and '), t('both', true, true), t('; 2 * 3_4 at 10:30 '), icon('skull'), t(' C:\\dir a*b')],
          plain: 'Some em, strong and both; 2 * 3_4 at 10:30 :skull: C:\\dir a*b',
        },
      },
    ]);
  });

  it('builds spans straight from the tokens: what card markup would read as markup stays literal text', () => {
    const { blocks } = parse('**Gold** *x* :coin: snake_case \\n back\\\\slash {{item.name}} a:b *open _one\nnext  \nline **:skull:**');
    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        line: 1,
        text: {
          spans: [
            t('Gold', true), t(' '), t('x', false, true), t(' '), icon('coin'),
            t(' snake_case \\n back\\slash {{item.name}} a:b *open _one next'), { kind: 'break' }, t('line '), icon('skull', true),
          ],
          plain: 'Gold x :coin: snake_case \\n back\\slash {{item.name}} a:b *open _one next\nline :skull:',
        },
      },
    ]);
  });

  it('reads headings, nested and numbered lists (tight or loose) with their source lines', () => {
    const { blocks } = parse('# Title\n\n## Setup\n\n3. first\n4. second\n   - nested\n\n- a\n\n- b\n');
    expect(blocks.map((b) => [b.kind, b.line])).toEqual([['heading', 1], ['heading', 3], ['list', 5], ['list', 9]]);
    const [, , numbered, loose] = blocks as [Block, Block, Extract<Block, { kind: 'list' }>, Extract<Block, { kind: 'list' }>];
    expect(numbered).toMatchObject({ ordered: true, start: 3, tight: true });
    expect(numbered.items[1]!.map((b) => b.kind)).toEqual(['paragraph', 'list']);
    expect(loose).toMatchObject({ ordered: false, tight: false });
  });

  it('reads a table with its alignments, header and rows', () => {
    const { blocks } = parse('| Loot | Value |\n|---|:-:|\n| Purse | 1 |\n| Crown | **5** |');
    expect(blocks[0]).toMatchObject({
      kind: 'table',
      align: ['left', 'center'],
      header: [{ plain: 'Loot' }, { plain: 'Value' }],
      rows: [[{ plain: 'Purse' }, { plain: '1' }], [{ plain: 'Crown' }, { spans: [t('5', true)] }]],
      rowLines: [3, 4],
      line: 1,
    });
  });

  it('makes a block quote a sidebar, its strong first line the title', () => {
    const { blocks } = parse('> **Guild of Thieves Rule Number 1**\n> Never steal from the guild.\n\n> Just a note.\n\n> ### Titled\n> Body.');
    expect(blocks).toEqual([
      { kind: 'sidebar', title: { spans: [t('Guild of Thieves Rule Number 1')], plain: 'Guild of Thieves Rule Number 1' }, blocks: [{ kind: 'paragraph', text: { spans: [t('Never steal from the guild.')], plain: 'Never steal from the guild.' }, line: 1 }], line: 1 },
      { kind: 'sidebar', blocks: [{ kind: 'paragraph', text: { spans: [t('Just a note.')], plain: 'Just a note.' }, line: 4 }], line: 4 },
      { kind: 'sidebar', title: { spans: [t('Titled')], plain: 'Titled' }, blocks: [{ kind: 'paragraph', text: { spans: [t('Body.')], plain: 'Body.' }, line: 7 }], line: 6 },
    ]);
    // Strong words that do not make a whole line are no title.
    expect(parse('> **Never** steal.').blocks[0]).toMatchObject({ kind: 'sidebar', blocks: [{ text: { spans: [t('Never', true), t(' steal.')] } }] });
  });

  it('takes images out of paragraphs, with their title as caption', () => {
    const { blocks } = parse('Before ![A map](art/map.png "The quarter") after.\n\n![](art/flame.svg)');
    expect(blocks).toEqual([
      { kind: 'paragraph', text: { spans: [t('Before')], plain: 'Before' }, line: 1 },
      { kind: 'image', src: 'art/map.png', alt: 'A map', caption: 'The quarter', line: 1 },
      { kind: 'paragraph', text: { spans: [t('after.')], plain: 'after.' }, line: 1 },
      { kind: 'image', src: 'art/flame.svg', alt: '', caption: '', line: 3 },
    ]);
  });

  it('reads page breaks, ignores comments and warns about other HTML', () => {
    const { blocks, problems } = parse('A\n\n<!-- pagebreak -->\n\n<!-- a note -->\n\n\\pagebreak\n\n<div>x</div>\n\n---\n');
    expect(blocks.map((b) => [b.kind, b.line])).toEqual([['paragraph', 1], ['pagebreak', 3], ['pagebreak', 7], ['rule', 11]]);
    expect(problems).toEqual([{ code: 'unsupported-markdown', message: expect.stringContaining('HTML is not drawn'), line: 9 }]);
  });

  it('sets French quotes and no-break spaces before high punctuation, not before an :icon:', () => {
    const { blocks } = parse('Il dit "oui" : payez 3 pièces :coin: ! Vraiment ?', 'fr');
    expect(blocks[0]).toMatchObject({ text: { plain: 'Il dit «\u00A0oui\u00A0»\u00A0: payez 3 pièces :coin:\u00A0! Vraiment\u00A0?' } });
    expect(parse('He said "yes": pay.').blocks[0]).toMatchObject({ text: { plain: 'He said “yes”: pay.' } });
  });
});

describe('parseMarkdown: blocks nested deeper than Markdown is read', () => {
  /** `depth` lists, each inside the one before, an item each, then a last paragraph. */
  const nested = (depth: number) => `${Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item ${i + 1}`).join('\n')}\n\nThe end.\n`;
  const count = (blocks: Block[]): number => blocks.reduce((n, b) => n + 1 + (b.kind === 'list' ? b.items.reduce((m, item) => m + count(item), 0) : b.kind === 'sidebar' ? count(b.blocks) : 0), 0);

  const error = (line: number) => ({
    severity: 'error',
    code: 'out-of-range',
    message: 'lists and quotes nest here deeper than Markdown is read (100 levels: some 50 lists, each inside the one before); what follows would be lost (the rest of this quote, or of the file after a list): write it flatter',
    line,
  });

  it('reads 49 lists nested, each item and the last paragraph, with nothing to say', () => {
    const { blocks, problems } = parse(nested(49));
    expect(problems).toEqual([]);
    expect(count(blocks)).toBe(2 * 49 + 1);
    expect(blocks.at(-1)).toMatchObject({ kind: 'paragraph', text: { plain: 'The end.' } });
  });

  it('says where lists nest deeper than Markdown is read, an error: the rest would be lost', () => {
    for (const depth of [50, 60]) {
      const { blocks, problems } = parse(nested(depth));
      // markdown-it reads the 50th list but drops what follows: its item's text, the items under
      // it and the last paragraph.
      expect(blocks.at(-1)?.kind).toBe('list');
      expect(count(blocks)).toBe(2 * 49 + 1);
      expect(problems).toEqual([error(50)]);
    }
  });

  it('and quotes, at the line of the quote: 99 read whole, 100 not', () => {
    for (const depth of [90, 98, 99]) expect(parse(`${'>'.repeat(depth)} deep\n`).problems).toEqual([]);
    const deepest = (blocks: Block[]): Block | undefined => (blocks[0]?.kind === 'sidebar' ? deepest(blocks[0].blocks) : blocks[0]);
    expect(deepest(parse(`${'>'.repeat(99)} deep\n`).blocks)).toMatchObject({ kind: 'paragraph', text: { plain: 'deep' } });
    const { blocks, problems } = parse(`Before.\n\n${'>'.repeat(100)} deep\n\nAfter.\n`);
    expect(problems).toEqual([error(3)]);
    // What follows the quote is read.
    expect(blocks.at(-1)).toMatchObject({ kind: 'paragraph', text: { plain: 'After.' } });
    expect(parse(`${'>'.repeat(120)} deep\n`).problems).toEqual([error(1)]);
  });
});

describe('splitFrontMatter', () => {
  it('parses YAML front matter and keeps the line numbers of the body', () => {
    const front = splitFrontMatter('---\nstyle:\n  size: 8\n---\n# Rules\n');
    expect(front.data).toEqual({ style: { size: 8 } });
    expect(front.body).toBe('\n\n\n\n# Rules\n');
    expect(front.lineOf(['style', 'size'])).toBe(3);
    expect(parse(front.body).blocks[0]).toMatchObject({ kind: 'heading', line: 5 });
  });

  it('reports YAML errors at their line, and leaves Markdown without front matter alone', () => {
    const front = splitFrontMatter('---\nstyle: {size: 8\n---\nText');
    expect(front.problems).toEqual([{ code: 'yaml-syntax', message: expect.stringContaining('not valid YAML'), line: expect.any(Number) }]);
    expect(front.problems[0]!.line).toBeGreaterThanOrEqual(2);
    expect(splitFrontMatter('# Rules\n---\n')).toMatchObject({ data: {}, body: '# Rules\n---\n', problems: [] });
  });
});
