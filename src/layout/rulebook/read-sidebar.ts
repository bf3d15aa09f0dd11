import type { Token } from 'markdown-it';
import type { Block, Inline } from './blocks.js';
import { readInline } from './inline-text.js';
import type { Cursor } from './cursor.js';

const isBlank = (t: Token) => t.type === 'text' && t.content.trim() === '';

/**
 * The title of a sidebar (a block quote) when its first line is wholly strong:
 * "> **Guild of Thieves Rule Number 1**". The title is taken out of the tokens; when nothing
 * else is left of that paragraph, the paragraph is skipped.
 */
export function takeSidebarTitle(c: Cursor): Inline | undefined {
  const open = c.tokens[c.at];
  const inline = c.tokens[c.at + 1];
  if (open?.type !== 'paragraph_open' || inline?.type !== 'inline') return undefined;
  const children = inline.children ?? [];
  let i = 0;
  while (i < children.length && isBlank(children[i]!)) i++;
  if (children[i]?.type !== 'strong_open') return undefined;
  let depth = 0;
  let end = i;
  for (; end < children.length; end++) {
    const type = children[end]!.type;
    if (type === 'strong_open') depth++;
    if (type === 'strong_close' && --depth === 0) break;
  }
  let next = end + 1;
  while (next < children.length && isBlank(children[next]!)) next++;
  const after = children[next];
  if (end >= children.length || (after && after.type !== 'softbreak' && after.type !== 'hardbreak')) return undefined;
  const title = readInline(children.slice(i + 1, end));
  const rest = children.slice(next + 1);
  if (rest.length === 0) c.at += 3; // paragraph_open, inline, paragraph_close
  else inline.children = rest;
  return title;
}

/** A sidebar from its blocks: a first heading is its title when the first line was not one. */
export function makeSidebar(title: Inline | undefined, blocks: Block[], line: number): Extract<Block, { kind: 'sidebar' }> {
  const [first, ...rest] = blocks;
  if (!title && first?.kind === 'heading') return { kind: 'sidebar', title: first.text, blocks: rest, line };
  return title ? { kind: 'sidebar', title, blocks, line } : { kind: 'sidebar', blocks, line };
}
