import MarkdownIt, { type Token } from 'markdown-it';
import { lineOf, type Cursor, type MarkdownProblem } from './cursor.js';
import type { Block, CellAlign } from './blocks.js';
import { escapeRich, readInline, splitAtImages } from './inline-text.js';
import { makeSidebar, takeSidebarTitle } from './read-sidebar.js';
import { readTable } from './read-table.js';
import { typeset } from '../../language/typeset.js';
import { findLocaleRules, type SpaceKind } from '../../language/typography-rules.js';

/**
 * markdown-it, because it is CommonMark-compliant, ships GFM tables, gives every block token
 * its source lines (`map`, for problems at `line:<n>`), has a typographer (curly quotes per
 * language, dashes, ellipses) and returns a flat token stream that is easy to turn into our
 * own blocks, with no HTML rendering in between.
 */
const parsers = new Map<string, MarkdownIt>();

/** The space a rule of the locale puts in (see LocaleRules). */
function spaceOf(kind: SpaceKind, narrow: string): string {
  return kind === 'nbsp' ? '\u00A0' : kind === 'narrow' ? narrow : '';
}

/**
 * A parser for one language. Quotes come from the same locale rules as the cards' texts
 * (markdown-it pairs them across emphasis, which a text at a time cannot), and every text
 * is then set by the language's typography (src/language/typeset.ts, with its quotes left to
 * the parser): the rulebook and the cards follow one set of rules, "fr-CA" included.
 */
function parserFor(lang: string, narrow: string): MarkdownIt {
  const key = `${lang}\0${narrow}`;
  let md = parsers.get(key);
  if (!md) {
    const rules = findLocaleRules(lang);
    const q = rules.quotes ?? ['"', '"', "'", "'"];
    const inside = spaceOf(rules.guillemets, narrow);
    const quotes = [q[0] === '«' ? `«${inside}` : q[0], q[1] === '»' ? `${inside}»` : q[1], q[2], q[3]];
    md = new MarkdownIt({ html: true, typographer: true, linkify: false, quotes });
    md.core.ruler.push('language_typography', (state) => {
      for (const token of state.tokens) {
        for (const child of token.children ?? []) {
          if (child.type === 'text') child.content = typeset(child.content, lang, { narrowSpace: narrow, rules: { quotes: undefined } });
        }
      }
    });
    parsers.set(key, md);
  }
  return md;
}

const PAGE_BREAK_HTML = /^<!--\s*pagebreak\s*-->\s*$/i;
const PAGE_BREAK_TEXT = /^\\pagebreak$/;
const COMMENT = /^<!--[\s\S]*-->\s*$/;


/** A paragraph's inline content: text runs become paragraphs, images become image blocks. */
function readParagraph(inline: Token, line: number): Block[] {
  const children = inline.children ?? [];
  if (PAGE_BREAK_TEXT.test(inline.content.trim())) return [{ kind: 'pagebreak', line }];
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
        const rich = token.content.replace(/\n$/, '').split('\n').map(escapeRich).join('\n');
        blocks.push({ kind: 'paragraph', text: { rich, plain: token.content.trim() }, line });
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

/** The rules as blocks. Lines are those of `body`, which keeps the file's line numbers. */
export function parseMarkdown(body: string, lang: string, report: (problem: MarkdownProblem) => void, narrowSpace = '\u00A0'): Block[] {
  const cursor: Cursor = { tokens: parserFor(lang, narrowSpace).parse(body, {}), at: 0, report };
  return readBlocks(cursor);
}

export type { CellAlign, MarkdownProblem };
