import type { RichSpan } from '../../shared/rich-text.js';

/** The rules as blocks: what the Markdown says, independent of markdown-it's token stream. */

/** Inline content both ways: spans for the text layout, plain text for sections. */
export interface Inline {
  /** Bold and italic text, icons and hard breaks, as the text layout sets them. */
  spans: RichSpan[];
  /** The words as read; icons as ":name:". */
  plain: string;
}

export type CellAlign = 'left' | 'center' | 'right';

export type Block =
  | { kind: 'heading'; level: number; text: Inline; line: number }
  | { kind: 'paragraph'; text: Inline; line: number }
  | { kind: 'list'; ordered: boolean; start: number; tight: boolean; items: Block[][]; line: number }
  | { kind: 'table'; align: CellAlign[]; header: Inline[]; rows: Inline[][]; rowLines: number[]; line: number }
  | { kind: 'image'; src: string; alt: string; caption: string; line: number }
  | { kind: 'sidebar'; title?: Inline; blocks: Block[]; line: number }
  | { kind: 'pagebreak'; line: number }
  /** `{{components}}`: the list of the game's sets, each with its count and a thumbnail. */
  | { kind: 'components'; line: number }
  | { kind: 'rule'; line: number };

/** The plain text of blocks: paragraphs and list items on their own lines, table cells joined by tabs. */
export function plainText(blocks: readonly Block[]): string {
  const lines: string[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
      case 'paragraph':
        lines.push(block.text.plain);
        break;
      case 'list':
        for (const item of block.items) lines.push(plainText(item));
        break;
      case 'table':
        for (const row of [block.header, ...block.rows]) lines.push(row.map((c) => c.plain).join('\t'));
        break;
      case 'image':
        if (block.caption || block.alt) lines.push(block.caption || block.alt);
        break;
      case 'sidebar':
        if (block.title) lines.push(block.title.plain);
        lines.push(plainText(block.blocks));
        break;
      case 'pagebreak':
      case 'rule':
      case 'components':
        break;
    }
  }
  return lines.filter((l) => l !== '').join('\n');
}
