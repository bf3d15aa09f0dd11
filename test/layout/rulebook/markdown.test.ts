import { describe, expect, it } from 'vitest';
import type { Block } from '../../../src/layout/rulebook/blocks.js';
import { splitFrontMatter } from '../../../src/layout/rulebook/front-matter.js';
import { parseMarkdown, type MarkdownProblem } from '../../../src/layout/rulebook/parse-markdown.js';

function parse(markdown: string, lang = 'en') {
  const problems: MarkdownProblem[] = [];
  return { blocks: parseMarkdown(markdown, lang, (p) => problems.push(p)), problems };
}

describe('parseMarkdown: Markdown to blocks', () => {
  it('turns emphasis into the rich-text syntax, escaping literal *, _, : and \\ but keeping :icons:', () => {
    const { blocks } = parse('Some *em*, **strong** and ***both***; 2 \\* 3_4 at 10:30 :skull: C:\\dir `a*b`');
    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        line: 1,
        text: {
          rich: 'Some *em*, **strong** and ***both***; 2 \\* 3\\_4 at 10\\:30 :skull: C\\:\\\\dir a\\*b',
          plain: 'Some em, strong and both; 2 * 3_4 at 10:30 :skull: C:\\dir a*b',
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
      rows: [[{ plain: 'Purse' }, { plain: '1' }], [{ plain: 'Crown' }, { rich: '**5**' }]],
      rowLines: [3, 4],
      line: 1,
    });
  });

  it('makes a block quote a sidebar, its strong first line the title', () => {
    const { blocks } = parse('> **Guild of Thieves Rule Number 1**\n> Never steal from the guild.\n\n> Just a note.\n\n> ### Titled\n> Body.');
    expect(blocks).toEqual([
      { kind: 'sidebar', title: { rich: 'Guild of Thieves Rule Number 1', plain: 'Guild of Thieves Rule Number 1' }, blocks: [{ kind: 'paragraph', text: { rich: 'Never steal from the guild.', plain: 'Never steal from the guild.' }, line: 1 }], line: 1 },
      { kind: 'sidebar', blocks: [{ kind: 'paragraph', text: { rich: 'Just a note.', plain: 'Just a note.' }, line: 4 }], line: 4 },
      { kind: 'sidebar', title: { rich: 'Titled', plain: 'Titled' }, blocks: [{ kind: 'paragraph', text: { rich: 'Body.', plain: 'Body.' }, line: 7 }], line: 6 },
    ]);
    // Strong words that do not make a whole line are no title.
    expect(parse('> **Never** steal.').blocks[0]).toMatchObject({ kind: 'sidebar', blocks: [{ text: { rich: '**Never** steal.' } }] });
  });

  it('takes images out of paragraphs, with their title as caption', () => {
    const { blocks } = parse('Before ![A map](art/map.png "The quarter") after.\n\n![](art/flame.svg)');
    expect(blocks).toEqual([
      { kind: 'paragraph', text: { rich: 'Before', plain: 'Before' }, line: 1 },
      { kind: 'image', src: 'art/map.png', alt: 'A map', caption: 'The quarter', line: 1 },
      { kind: 'paragraph', text: { rich: 'after.', plain: 'after.' }, line: 1 },
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

describe('one typography for cards and rulebooks', () => {
  const textOf = (blocks: ReturnType<typeof parseMarkdown>) => JSON.stringify(blocks);
  it('sets a French paragraph as the cards set the same text, Canadian French included', async () => {
    const { typeset } = await import('../../../src/language/typeset.js');
    const source = 'Attention : le dragon rugit ! « Fuyez » ; dit-il.';
    for (const lang of ['fr', 'fr-CA']) {
      const blocks = parseMarkdown(source, lang, () => {}, '\u202F');
      expect(textOf(blocks)).toContain(JSON.stringify(typeset(source, lang, { narrowSpace: '\u202F' })).slice(1, -1));
    }
    const canadian = textOf(parseMarkdown(source, 'fr-CA', () => {}, '\u202F'));
    expect(canadian).toContain('rugit !');
    expect(canadian).toContain('«\u00A0Fuyez\u00A0»');
    const french = textOf(parseMarkdown(source, 'fr', () => {}, '\u202F'));
    expect(french).toContain('rugit\u202F!');
    expect(french).toContain('«\u202FFuyez\u202F»');
  });
});
