import type { Block, CellAlign, Inline } from './blocks.js';
import { readInline } from './inline-text.js';
import { lineOf, type Cursor } from './cursor.js';

function alignOf(style: string | null): CellAlign {
  if (style?.includes('center')) return 'center';
  return style?.includes('right') ? 'right' : 'left';
}

/** A GFM table from `table_open` to `table_close`: the header row, the body rows with their lines. */
export function readTable(c: Cursor, line: number): Extract<Block, { kind: 'table' }> {
  const header: Inline[] = [];
  const rows: Inline[][] = [];
  const rowLines: number[] = [];
  const align: CellAlign[] = [];
  let inHead = false;
  let row: Inline[] | undefined;
  for (c.at++; c.at < c.tokens.length && c.tokens[c.at]!.type !== 'table_close'; c.at++) {
    const token = c.tokens[c.at]!;
    if (token.type === 'thead_open') inHead = true;
    else if (token.type === 'thead_close') inHead = false;
    else if (token.type === 'tr_open') {
      row = inHead ? header : [];
      if (!inHead) {
        rows.push(row);
        rowLines.push(lineOf(token) || line);
      }
    } else if ((token.type === 'th_open' || token.type === 'td_open') && row) {
      if (inHead) align.push(alignOf(token.attrGet('style')));
      row.push(readInline(c.tokens[c.at + 1]?.children ?? []));
      c.at += 2;
    }
  }
  return { kind: 'table', align, header, rows, rowLines, line };
}
