import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { checkGamePath } from '../../shared/game-paths.js';
import { itemsFromGrid, type CellPlace } from './items-from-grid.js';
import { readGrid, SHEET_LIMITS } from './read-grid.js';

/** How a set names its spreadsheet: a file name, or {file, sheet, header, idFrom}. */
export type SheetSpec = string | { file: string; sheet?: string; header?: number; idFrom?: string };

/** The items of a set read from a spreadsheet, and how to point at their cells. */
export interface SheetSource {
  /** Absolute path of the spreadsheet. */
  file: string;
  sheet?: string;
  items: Record<string, unknown>[];
  /** Moves a diagnostic about `/items/…` of the set file to the cell the value came from. */
  relocate(d: Diagnostic): Diagnostic;
  /** The cell of a pointer below /items, if the sheet holds it. */
  placeOf(pointer: string): CellPlace | undefined;
}

export function isSheetSpec(items: unknown): items is SheetSpec {
  return typeof items === 'string' || (items !== null && typeof items === 'object' && !Array.isArray(items) && typeof (items as { file?: unknown }).file === 'string');
}

/**
 * Reads the rows of a set's spreadsheet as items typed by the set's field schema. Problems of
 * the file itself (missing, outside the game, not a spreadsheet, a sheet that does not exist,
 * caps) are diagnostics at the file or its cells.
 */
export function loadSheetItems(
  spec: SheetSpec,
  options: { gameDir: string; fields: Record<string, unknown>; languages: readonly string[]; report: (d: Diagnostic) => void; specAt: (code: string, message: string) => void },
): SheetSource | undefined {
  const written = typeof spec === 'string' ? spec : spec.file;
  const check = checkGamePath(options.gameDir, written);
  if (!check.ok) return undefined; // reported by the schema's asset check
  const file = check.absolute;
  let bytes: Buffer;
  try {
    if (!statSync(file).isFile()) {
      options.specAt('unreadable-file', `"${written}" is not a regular file`);
      return undefined;
    }
    if (statSync(file).size > SHEET_LIMITS.bytes) {
      options.specAt('file-too-large', `"${written}" is larger than ${SHEET_LIMITS.bytes / 1024 / 1024} MB; a spreadsheet of items is not read past that`);
      return undefined;
    }
    bytes = readFileSync(file);
  } catch {
    options.specAt('unreadable-file', `"${written}" cannot be read`);
    return undefined;
  }
  const sheetName = typeof spec === 'string' ? undefined : spec.sheet;
  const read = readGrid(file, bytes, sheetName);
  const at = (place: CellPlace, sheet: string | undefined, input: { code: string; message: string; severity?: 'error' | 'warning'; path?: string }): Diagnostic => ({
    severity: input.severity ?? 'error',
    code: input.code,
    message: input.message,
    file,
    line: place.line,
    column: place.column,
    endLine: place.line,
    endColumn: place.column + 1,
    ...(input.path ? { path: input.path } : {}),
    ...(sheet ? { sheet, cell: place.cell } : { cell: place.cell }),
  });
  if (!read.ok) {
    const p = read.problem;
    if (p.line !== undefined) options.report(at({ cell: p.cell ?? 'A1', line: p.line, column: p.column ?? 1 }, sheetName, p));
    else options.specAt(p.code, `${written}: ${p.message}`);
    return undefined;
  }
  const grid = read.grid;
  const header = typeof spec === 'string' ? 1 : (spec.header ?? 1);
  const converted = itemsFromGrid(grid, { fields: options.fields, headerRow: header, idFrom: typeof spec === 'string' ? undefined : spec.idFrom, languages: options.languages });
  for (const p of converted.problems) options.report(at(p.place, grid.sheet, p));
  if (converted.items.length === 0 && converted.problems.length === 0) {
    options.specAt('out-of-range', `${written}${grid.sheet ? ` (sheet "${grid.sheet}")` : ''} has no rows of items under its header row`);
  }
  const placeOf = (pointer: string): CellPlace | undefined => {
    const below = pointer.replace(/^\/items/, '');
    for (let p = below; p !== ''; p = p.slice(0, p.lastIndexOf('/'))) {
      const found = converted.places.get(p);
      if (found) return found;
    }
    return undefined;
  };
  return {
    file,
    sheet: grid.sheet,
    items: converted.items,
    placeOf,
    relocate(d) {
      if (!d.path?.startsWith('/items/')) return d;
      // A column the schema does not know: once, at its header.
      const column = d.code === 'unknown-key' ? converted.headers.get(d.path.split('/')[3] ?? '') : undefined;
      const place = column ?? placeOf(d.path);
      if (!place) return d;
      const message = d.code === 'unknown-key' ? d.message.replace(/^"([^"]+)" is not allowed here/, 'the column "$1" is not a field of these items') : d.message;
      return at(place, grid.sheet, { code: d.code, message, severity: d.severity, path: d.path });
    },
  };
}

