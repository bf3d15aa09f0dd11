import type { Token } from 'markdown-it';

/**
 * The first list item or quote whose content lies as deep as markdown-it reads blocks
 * (`maxNesting`, its options' 100: lists and quotes, each inside the one before): markdown-it
 * drops, without a word, the rest of that quote, or after a list item the rest of the file. A
 * paragraph that deep is read whole. Undefined when every block was read.
 */
export function blockTooDeep(tokens: readonly Token[], maxNesting: number): Token | undefined {
  return tokens.find((t) => t.nesting === 1 && t.level >= maxNesting - 1 && (t.type === 'list_item_open' || t.type === 'blockquote_open') && t.map);
}

/** markdown-it's maxNesting, which its types leave out of its options. */
export const maxNestingOf = (markdown: { options: object }): number => (markdown.options as { maxNesting: number }).maxNesting;
