import { resolveLength } from '../shared/lengths.js';
import type { DisplayItem, DisplayList, TextItem } from '../shared/display-list.js';
import { cutGuides, HAIRLINE, type Rect } from './marks.js';
import { DEFAULT_PRINT_GUIDES } from '../shared/print-options.js';
import { landscape, type Size } from './paper.js';

/** Draws a short text at a baseline. */
export type TileLabel = (text: string, x: number, baseline: number, style: { size: number; align?: 'left' | 'center' | 'right'; bold?: boolean }) => TextItem;

export interface TileRequest {
  /** The board: one face larger than the paper. */
  board: DisplayList;
  /** Portrait paper; each sheet is turned to landscape when that takes fewer sheets. */
  paper: Size;
  /** Least distance from the paper's edge to a piece. */
  margin: number;
  /** How much of the board two neighbouring pieces both show: the glue strip. */
  overlap: number;
  label: TileLabel;
  /** Names the board in the sheets' captions. */
  title?: string;
}

/** One piece of a tiled board: which part of the board it shows and where on its sheet. */
export interface TilePiece {
  col: number;
  row: number;
  /** "A1": column letter, row number. */
  name: string;
  /** The part of the board it shows, in the board's coordinates (trim at 0…width; bleed outside). */
  region: Rect;
  /** Top-left of that part on the sheet. */
  x: number;
  y: number;
}

export interface TiledBoard {
  pages: DisplayList[];
  pieces: TilePiece[];
  cols: number;
  rows: number;
  page: Size;
}

/** Room under each piece for its name and the assembly map. */
const CAPTION = resolveLength('13mm');
const SEAM = '#0077bb';
const SEAM_WIDTH = 0.6;

function split(extent: number, room: number, overlap: number): { count: number; size: number } {
  if (extent <= room + 1e-6) return { count: 1, size: extent };
  const count = Math.ceil((extent - overlap) / (room - overlap) - 1e-9);
  return { count, size: (extent + (count - 1) * overlap) / count };
}

function pieceName(col: number, row: number): string {
  return `${String.fromCharCode(65 + (col % 26))}${col >= 26 ? Math.floor(col / 26) : ''}${row + 1}`;
}

/** The grid of pieces for a sheet size, or undefined when the overlap leaves no room. */
function plan(board: DisplayList, page: Size, margin: number, overlap: number) {
  const room = { width: page.width - 2 * margin, height: page.height - 2 * margin - CAPTION };
  if (room.width <= overlap * 2 || room.height <= overlap * 2) return undefined;
  const across = split(board.width + 2 * board.bleed, room.width, overlap);
  const down = split(board.height + 2 * board.bleed, room.height, overlap);
  return { page, room, across, down };
}

/** A small plan of every piece, the current one filled, for assembling them. */
function assemblyMap(cols: number, rows: number, current: { col: number; row: number }, box: Rect, label: TileLabel): DisplayItem[] {
  const cell = Math.min(box.width / cols, box.height / rows);
  const items: DisplayItem[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const x = box.x + col * cell;
      const y = box.y + row * cell;
      const here = col === current.col && row === current.row;
      items.push({ type: 'rect', x, y, width: cell, height: cell, stroke: '#000000', strokeWidth: HAIRLINE, ...(here ? { fill: '#c8d8e8' } : {}) });
      items.push(label(pieceName(col, row), x + cell / 2, y + cell / 2 + 2, { size: Math.min(6, cell * 0.45), align: 'center' }));
    }
  }
  return items;
}

/**
 * A board larger than the paper, cut into pieces that each fit one sheet. Neighbouring pieces
 * both show an `overlap` strip of the board: the piece to the left (above) keeps it as a glue
 * strip, marked by a line where its neighbour's edge goes and arrows in the margin; the piece to
 * the right (below) is cut at its edge and laid over it. Every sheet has crop marks, its piece's
 * name and a small map of all the pieces.
 */
export function tileBoard(request: TileRequest): TiledBoard {
  const { board, margin, overlap, label } = request;
  const options = [plan(board, request.paper, margin, overlap), plan(board, landscape(request.paper), margin, overlap)].filter((p) => p !== undefined);
  const best = options.sort((a, b) => a.across.count * a.down.count - b.across.count * b.down.count)[0];
  if (!best) throw new Error('the overlap leaves no room for a piece on this paper');
  const { page, across, down } = best;
  const cols = across.count;
  const rows = down.count;
  const pieces: TilePiece[] = [];
  const pages: DisplayList[] = [];
  const left = (page.width - across.size) / 2;
  const top = margin + (page.height - 2 * margin - CAPTION - down.size) / 2;
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const region: Rect = {
        x: -board.bleed + col * (across.size - overlap),
        y: -board.bleed + row * (down.size - overlap),
        width: across.size,
        height: down.size,
      };
      const piece: TilePiece = { col, row, name: pieceName(col, row), region, x: left, y: top };
      pieces.push(piece);
      const dx = left - region.x;
      const dy = top - region.y;
      const content: DisplayItem[] = [];
      if (board.background) content.push({ type: 'rect', x: -board.bleed, y: -board.bleed, width: board.width + 2 * board.bleed, height: board.height + 2 * board.bleed, fill: board.background });
      content.push(...board.items);
      const items: DisplayItem[] = [{ type: 'group', transform: [1, 0, 0, 1, dx, dy], clip: { shape: 'rect', ...region }, items: content }];
      // Cut on the board's trim on its outer edges (the bleed past it goes), on the piece's edge inside.
      const cutLeft = left + (col === 0 ? board.bleed : 0);
      const cutTop = top + (row === 0 ? board.bleed : 0);
      const cutRight = left + across.size - (col === cols - 1 ? board.bleed : 0);
      const cutBottom = top + down.size - (row === rows - 1 ? board.bleed : 0);
      const trim = { x: cutLeft, y: cutTop, width: cutRight - cutLeft, height: cutBottom - cutTop };
      const shows = { x: left, y: top, width: across.size, height: down.size };
      items.push(...cutGuides(page, [{ trim, shows, shape: 'rectangle', cornerRadius: 0, apart: false }], { style: 'marks', printableMargin: DEFAULT_PRINT_GUIDES.printableMargin }));
      // Glue strips: where the next piece's edge goes, on the right and at the bottom.
      const arrow = resolveLength('2.5mm');
      if (col < cols - 1) {
        const seam = left + across.size - overlap;
        // Drawn just inside the strip, so the next piece's edge covers all of it.
        items.push({ type: 'line', x1: seam + SEAM_WIDTH / 2, y1: top, x2: seam + SEAM_WIDTH / 2, y2: top + down.size, stroke: SEAM, strokeWidth: SEAM_WIDTH, dash: [4, 2] });
        for (const y of [top + down.size / 4, top + (3 * down.size) / 4]) {
          items.push({ type: 'path', d: `M ${seam + arrow} ${y} L ${seam} ${y - arrow / 2} L ${seam} ${y + arrow / 2} Z`, fill: SEAM });
          items.push(label(`${pieceName(col + 1, row)} here`, seam + overlap / 2, y + arrow + 6, { size: 5, align: 'center' }));
        }
        items.push({ type: 'line', x1: seam, y1: top - resolveLength('4mm'), x2: seam, y2: top - resolveLength('1mm'), stroke: SEAM, strokeWidth: 0.6 });
      }
      if (row < rows - 1) {
        const seam = top + down.size - overlap;
        items.push({ type: 'line', x1: left, y1: seam + SEAM_WIDTH / 2, x2: left + across.size, y2: seam + SEAM_WIDTH / 2, stroke: SEAM, strokeWidth: SEAM_WIDTH, dash: [4, 2] });
        for (const x of [left + across.size / 4, left + (3 * across.size) / 4]) {
          items.push({ type: 'path', d: `M ${x} ${seam + arrow} L ${x - arrow / 2} ${seam} L ${x + arrow / 2} ${seam} Z`, fill: SEAM });
          items.push(label(`${pieceName(col, row + 1)} here`, x, seam + overlap / 2 + 2, { size: 5, align: 'center' }));
        }
        items.push({ type: 'line', x1: left - resolveLength('4mm'), y1: seam, x2: left - resolveLength('1mm'), y2: seam, stroke: SEAM, strokeWidth: 0.6 });
      }
      const captionTop = page.height - margin - CAPTION + resolveLength('3mm');
      const mapBox: Rect = { x: page.width - margin - resolveLength('40mm'), y: captionTop, width: resolveLength('40mm'), height: CAPTION - resolveLength('3mm') };
      items.push(...assemblyMap(cols, rows, piece, mapBox, label));
      items.push(label(`${request.title ? `${request.title}: ` : ''}piece ${piece.name} (${pieces.length} of ${cols * rows})`, margin, captionTop + 8, { size: 8, bold: true }));
      items.push(
        label(`Cut along the marks. Glue the strip past the dashed blue line under the next piece, its edge on the line (${Math.round((overlap / 72) * 25.4 * 10) / 10} mm overlap).`, margin, captionTop + 19, { size: 6 }),
      );
      pages.push({ width: page.width, height: page.height, bleed: 0, background: '#ffffff', items, fonts: { ...board.fonts } });
    }
  }
  return { pages, pieces, cols, rows, page };
}
