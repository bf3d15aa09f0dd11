import type { Token } from 'markdown-it';
import { MarkdownIt } from '../../vendor/markdown-it.js';
import { lineOf, type Cursor, type MarkdownProblem } from './cursor.js';
import type { Block, CellAlign } from './blocks.js';
import { literalSpans } from '../../shared/rich-text.js';
import { blockTooDeep, maxNestingOf } from '../../shared/markdown-nesting.js';
import { readInline, splitAtImages } from './inline-text.js';
import { makeSidebar, takeSidebarTitle } from './read-sidebar.js';
import { readTable } from './read-table.js';

/**
 * markdown-it, because it is CommonMark-compliant, ships GFM tables, gives every block token
 * its source lines (`map`, for problems at `line:<n>`) and returns a flat token stream that is
 * easy to turn into our own blocks, with no HTML rendering in between. Its typographer stays
 * off: the text runs are set by the language's typography (typesetParts), as card text is.
 */
const markdown = new MarkdownIt({ html: true, typographer: false, linkify: false });
/** How deep markdown-it reads blocks. */
const MAX_NESTING = maxNestingOf(markdown);

/** Sets the text runs of every inline token by the game's typography, each paragraph as one text. */
export function typesetInlines(tokens: readonly Token[], typesetParts: (parts: readonly string[]) => string[]): void {
  for (const token of tokens) {
    const texts = (token.children ?? []).filter((child) => child.type === 'text');
    if (texts.length === 0) continue;
    const set = typesetParts(texts.map((t) => t.content));
    texts.forEach((t, i) => {
      t.content = set[i] ?? t.content;
    });
  }
}

const PAGE_BREAK_HTML = /^<!--\s*pagebreak\s*-->\s*$/i;
const PAGE_BREAK_TEXT = /^\\pagebreak$/;
const COMPONENTS = /^\{\{\s*components\s*\}\}$/;
const COMMENT = /^<!--[\s\S]*-->\s*$/;


/** A paragraph's inline content: text runs become paragraphs, images become image blocks. */
function readParagraph(inline: Token, line: number): Block[] {
  const children = inline.children ?? [];
  if (PAGE_BREAK_TEXT.test(inline.content.trim())) return [{ kind: 'pagebreak', line }];
  if (COMPONENTS.test(inline.content.trim())) return [{ kind: 'components', line }];
  return splitAtImages(children).map((part): Block => {
    if (Array.isArray(part)) return { kind: 'paragraph', text: readInline(part), line };
    return { kind: 'image', src: part.attrGet('src') ?? '', alt: part.content, caption: part.attrGet('title') ?? '', line };
  });
}

function readList(c: Cursor, open: Token): Block {
  const ordered = open.type === 'ordered_list_open';
  const close = ordered ? 'ordered_list_close' : 'bullet_list_close';
  const items: Block[][] = [];
  let tight = true;
  c.at++;
  while (c.at < c.tokens.length && c.tokens[c.at]!.type !== close) {
    if (c.tokens[c.at]!.type === 'list_item_open') {
      c.at++;
      const first = c.tokens[c.at];
      if (first?.type === 'paragraph_open' && !first.hidden) tight = false;
      items.push(readBlocks(c, 'list_item_close'));
    }
    c.at++;
  }
  return { kind: 'list', ordered, start: Number(open.attrGet('start') ?? 1), tight, items, line: lineOf(open) };
}

/** Reads blocks up to the token of type `until` (which is consumed by the caller). */
export function readBlocks(c: Cursor, until?: string): Block[] {
  const blocks: Block[] = [];
  for (; c.at < c.tokens.length; c.at++) {
    const token = c.tokens[c.at]!;
    if (token.type === until) break;
    const line = lineOf(token);
    switch (token.type) {
      case 'heading_open':
        blocks.push({ kind: 'heading', level: Number(token.tag.slice(1)), text: readInline(c.tokens[c.at + 1]?.children ?? []), line });
        c.at += 2;
        break;
      case 'paragraph_open':
        blocks.push(...readParagraph(c.tokens[c.at + 1]!, line));
        c.at += 2;
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        blocks.push(readList(c, token));
        break;
      case 'blockquote_open': {
        c.at++;
        const title = takeSidebarTitle(c);
        blocks.push(makeSidebar(title, readBlocks(c, 'blockquote_close'), line));
        break;
      }
      case 'table_open':
        blocks.push(readTable(c, line));
        break;
      case 'fence':
      case 'code_block': {
        blocks.push({ kind: 'paragraph', text: { spans: literalSpans(token.content.replace(/\n$/, '')), plain: token.content.trim() }, line });
        break;
      }
      case 'hr':
        blocks.push({ kind: 'rule', line });
        break;
      case 'html_block':
        if (PAGE_BREAK_HTML.test(token.content.trim())) blocks.push({ kind: 'pagebreak', line });
        else if (!COMMENT.test(token.content.trim())) {
          c.report({ code: 'unsupported-markdown', message: 'HTML is not drawn in a rulebook; write Markdown (the only HTML read is <!-- pagebreak -->)', line });
        }
        break;
      default:
        break;
    }
  }
  return blocks;
}

export interface ParseOptions {
  /** The game's typography for the text runs of one paragraph (ResolvedGame.typesetParts). */
  typesetParts: (parts: readonly string[]) => string[];
  report: (problem: MarkdownProblem) => void;
}

/** The rules as blocks. Lines are those of `body`, which keeps the file's line numbers. */
export function parseMarkdown(body: string, options: ParseOptions): Block[] {
  const tokens = markdown.parse(body, {});
  const deep = blockTooDeep(tokens, MAX_NESTING);
  if (deep) {
    options.report({
      severity: 'error',
      code: 'out-of-range',
      message: `lists and quotes nest here deeper than Markdown is read (${MAX_NESTING} levels: some 50 lists, each inside the one before); what follows would be lost (the rest of this quote, or of the file after a list): write it flatter`,
      line: lineOf(deep),
    });
  }
  typesetInlines(tokens, options.typesetParts);
  const cursor: Cursor = { tokens, at: 0, report: options.report };
  return readBlocks(cursor);
}

export type { CellAlign, MarkdownProblem };
