import type { ResolvedFont } from '../../shared/fonts.js';
import type { ResolvedIcon } from '../../shared/icons.js';

/** A piece of a paragraph in one font: text, or an inline icon sized after its font. */
export type Piece =
  | { kind: 'text'; text: string; font: ResolvedFont }
  | { kind: 'icon'; name: string; icon: ResolvedIcon; font: ResolvedFont };

/** Stands for an icon wherever pieces are handled as one string: one UTF-16 unit per icon. */
export const OBJECT_CHAR = '\uFFFC';

/** Spaces that may end a line and then take no room (not the no-break spaces). */
const TRAILING_SPACE = /[ \t\u1680\u2000-\u2006\u2008-\u200B\u205F\u3000]+$/u;

export function pieceText(piece: Piece): string {
  return piece.kind === 'text' ? piece.text : OBJECT_CHAR;
}

export function piecesText(pieces: readonly Piece[]): string {
  if (pieces.length === 1) return pieceText(pieces[0]!);
  return pieces.map(pieceText).join('');
}

/** Splits pieces at a UTF-16 offset of `piecesText(pieces)`. */
export function splitPieces(pieces: readonly Piece[], offset: number): [Piece[], Piece[]] {
  const head: Piece[] = [];
  const tail: Piece[] = [];
  let start = 0;
  for (const piece of pieces) {
    const length = pieceText(piece).length;
    const end = start + length;
    if (end <= offset) head.push(piece);
    else if (start >= offset) tail.push(piece);
    else if (piece.kind === 'text') {
      head.push({ ...piece, text: piece.text.slice(0, offset - start) });
      tail.push({ ...piece, text: piece.text.slice(offset - start) });
    }
    start = end;
  }
  return [head, tail];
}

/** One of the spaces of TRAILING_SPACE (all in the Basic Multilingual Plane: one UTF-16 unit). */
const SPACE_CHAR = /^[ \t\u1680\u2000-\u2006\u2008-\u200B\u205F\u3000]$/u;

/** Whether a text ends with one of the spaces of TRAILING_SPACE, read from its last unit alone. */
function endsInSpace(text: string): boolean {
  return text !== '' && SPACE_CHAR.test(text[text.length - 1]!);
}

/** The pieces without the spaces that end them. */
export function trimTrailingSpace(pieces: readonly Piece[]): readonly Piece[] {
  // Most words end in a letter: nothing to search for, nothing to copy.
  const end = pieces[pieces.length - 1];
  if (end?.kind !== 'text' || (end.text !== '' && !endsInSpace(end.text))) return pieces;
  const result = [...pieces];
  for (;;) {
    const last = result[result.length - 1];
    if (last?.kind !== 'text') return result;
    if (last.text !== '' && !endsInSpace(last.text)) return result;
    const text = last.text.replace(TRAILING_SPACE, '');
    if (text !== '') {
      result[result.length - 1] = { ...last, text };
      return result;
    }
    result.pop();
  }
}

export function endsWithSpace(pieces: readonly Piece[]): boolean {
  // The last unit of the pieces' text, empty pieces skipped (an icon stands for a letter).
  for (let i = pieces.length - 1; i >= 0; i--) {
    const piece = pieces[i]!;
    if (piece.kind !== 'text') return false;
    if (piece.text !== '') return endsInSpace(piece.text);
  }
  return false;
}

/** Joins neighbouring text pieces in the same font, so each becomes one shaped run. */
export function mergePieces(pieces: readonly Piece[]): readonly Piece[] {
  if (!needsMerging(pieces)) return pieces;
  const merged: Piece[] = [];
  for (const piece of pieces) {
    const last = merged[merged.length - 1];
    if (piece.kind === 'text' && last?.kind === 'text' && last.font.key === piece.font.key) {
      merged[merged.length - 1] = { ...last, text: last.text + piece.text };
    } else if (piece.kind !== 'text' || piece.text !== '') merged.push(piece);
  }
  return merged;
}

/** Whether mergePieces would change the pieces: an empty text, or two texts side by side in one font (most words are one piece). */
function needsMerging(pieces: readonly Piece[]): boolean {
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (piece.kind !== 'text') continue;
    if (piece.text === '') return true;
    const before = pieces[i - 1];
    if (before?.kind === 'text' && before.font.key === piece.font.key) return true;
  }
  return false;
}

/** Appends text in the font of the last piece (a hyphen at a break). */
export function appendText(pieces: readonly Piece[], text: string): readonly Piece[] {
  const last = pieces[pieces.length - 1];
  if (!last) return [];
  return mergePieces([...pieces, { kind: 'text', text, font: last.font }]);
}

/**
 * Soft hyphens (U+00AD) print nothing, except a "-" where a line ends on one. The pieces as
 * drawn, `lineEnd` telling whether they end a line.
 */
export function settleSoftHyphens(pieces: readonly Piece[], lineEnd: boolean): readonly Piece[] {
  if (!pieces.some((piece) => piece.kind === 'text' && piece.text.includes('\u00AD'))) return pieces;
  const last = pieces.length - 1;
  return pieces.map((piece, i) => {
    if (piece.kind !== 'text' || !piece.text.includes('\u00AD')) return piece;
    const ending = lineEnd && i === last && piece.text.endsWith('\u00AD');
    const text = piece.text.replaceAll('\u00AD', '');
    return { ...piece, text: ending ? `${text}-` : text };
  });
}
