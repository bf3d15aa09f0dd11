import type { DisplayList } from '../shared/display-list.js';
import type { LayoutProblem } from '../shared/problem.js';
import { imposeComponents, type ComponentSheets, type Copy } from '../impose/component-sheets.js';
import type { DuplexMode } from '../impose/duplex.js';
import { DEFAULT_PRINT_GUIDES, sheetSides, type PrintGuides } from '../shared/print-options.js';
import { PAPERS, type PaperName } from '../impose/paper.js';
import { standeeStrip, TAB_DEPTH } from '../impose/standee.js';
import type { BuildCache } from './cache.js';
import { pdfOf, pngOf } from './renderers.js';
import type { ResolvedGame, ResolvedSet } from '../resolve/model.js';
import type { Face } from '../shared/face.js';
import type { FileKind, OutputFile } from '../shared/output-file.js';
import { setSheetsFile } from '../shared/output-names.js';
import { DEFAULT_HOME_PRINT, type HomePrintOptions } from '../shared/home-print.js';
import { resolveLength, pointsToMm } from '../shared/lengths.js';
import { tileBoard } from '../impose/tile-board.js';
import { createLabeler, withFonts } from './sheet-labels.js';

/** Pieces of a tiled board keep at least this from the paper's edge: room for their marks. */
const TILE_MARGIN = resolveLength('10mm');

export interface SheetOptions {
  paper: PaperName;
  duplex: DuplexMode;
  /** Added to every back's position, in points. */
  backOffset: { x: number; y: number };
  /** Also write each sheet as a PNG at `dpi`. */
  sheetPng: boolean;
  dpi: number;
  creationDate: Date;
  /** Where renders are kept between builds; none when absent. */
  cache?: BuildCache;
  /** Cut guides, printable margin, gutter, cutting machine. */
  guides?: PrintGuides;
  /** Write the print-and-play kit only, not each set's own sheets. */
  kitOnly?: boolean;
  /** Low ink, tuck boxes, boards over several sheets (defaults when absent). */
  homePrint?: HomePrintOptions;
}

const KINDS: Record<string, FileKind> = {
  cards: 'card-sheet',
  tiles: 'tile-sheet',
  tokens: 'token-sheet',
  boards: 'board',
  sheets: 'board',
  standees: 'standee-sheet',
};

/** Sets whose components, when larger than the paper, are printed in pieces over several sheets. */
const TILED_KINDS = new Set(['boards', 'sheets']);

/** Whether a set's components are printed in pieces when larger than the paper. */
export function printsInPieces(set: ResolvedSet): boolean {
  return TILED_KINDS.has(set.kind);
}

/** The pages of a board larger than the paper: each copy in overlapping pieces, one per sheet, with glue strips and an assembly map. */
export function tiledBoardPages(set: ResolvedSet, copies: readonly Copy[], options: Pick<SheetOptions, 'paper' | 'homePrint'>): { pages: DisplayList[]; tiled: ReturnType<typeof tileBoard>[] } {
  const { label, fonts } = createLabeler();
  const overlap = (options.homePrint ?? DEFAULT_HOME_PRINT).tileOverlap;
  const tiled = copies.map((copy) => tileBoard({ board: copy.front, paper: PAPERS[options.paper], margin: Math.max(set.margin, TILE_MARGIN), overlap, label, title: set.name }));
  return { pages: tiled.flatMap((t) => t.pages.map((p) => withFonts(p, fonts))), tiled };
}

/** Boards larger than the paper, as their own PDF. */
async function buildTiledBoards(game: ResolvedGame, set: ResolvedSet, copies: readonly Copy[], options: SheetOptions): Promise<OutputFile[]> {
  const overlap = (options.homePrint ?? DEFAULT_HOME_PRINT).tileOverlap;
  const { pages, tiled } = tiledBoardPages(set, copies, options);
  const first = tiled[0]!;
  const facts = {
    kind: KINDS[set.kind] ?? 'board',
    set: set.id,
    paper: PAPERS[options.paper].label,
    duplex: 'none',
    tiled: { cols: first.cols, rows: first.rows, overlapMm: Math.round(pointsToMm(overlap) * 100) / 100, orientation: first.page.width > first.page.height ? 'landscape' : 'portrait' },
    items: copies.length,
  } as const;
  const pdf = await pdfOf(pages, { title: `${game.title}: ${set.name}`, author: game.credits.map((c) => c.name).join(', '), lang: game.lang, creationDate: options.creationDate }, options.cache);
  const files: OutputFile[] = [{ path: setSheetsFile(set.id), bytes: pdf, entry: { ...facts, pages: pages.length } }];
  if (options.sheetPng) files.push(...(await sheetPngs(set.id, pages, options, facts)));
  return files;
}

/** Every copy of every item (count copies each), with its own back or the shared one. */
export function copiesOf(set: ResolvedSet, faces: readonly Face[]): Copy[] {
  const shared = faces.find((f) => f.item === undefined)?.list;
  // Each item's faces found once (looked for item by item, 5 000 cards took 0.4 s a call).
  const fronts = new Map<string, DisplayList>();
  const backs = new Map<string, DisplayList>();
  for (const face of faces) {
    const of = face.back ? backs : fronts;
    if (face.item !== undefined && !of.has(face.item)) of.set(face.item, face.list);
  }
  const copies: Copy[] = [];
  for (const item of set.items) {
    const front = fronts.get(item.id)!;
    const back = backs.get(item.id) ?? shared;
    for (let n = 0; n < item.count; n++) copies.push(set.kind === 'standees' ? { front: standeeStrip(front, back) } : { front, back });
  }
  return copies;
}

/** Every copy of a set, and the sheets they are laid on. */
export function imposeSet(set: ResolvedSet, faces: readonly Face[], options: Pick<SheetOptions, 'paper' | 'duplex' | 'backOffset' | 'guides'>): { copies: Copy[]; imposed: ComponentSheets } {
  const copies = copiesOf(set, faces);
  const strip = set.kind === 'standees';
  const guides = options.guides ?? DEFAULT_PRINT_GUIDES;
  const imposed = imposeComponents({
    copies,
    width: set.width,
    height: strip ? 2 * set.height + 2 * TAB_DEPTH : set.height,
    bleed: set.bleed,
    shape: strip ? 'rectangle' : set.shape,
    cornerRadius: set.cornerRadius,
    page: PAPERS[options.paper],
    duplex: strip ? 'none' : sheetSides(set.print, options.duplex),
    gutter: guides.gutter ?? set.gutter,
    margin: set.margin,
    backOffset: options.backOffset,
    guides: { style: guides.cutGuides, printableMargin: guides.printableMargin },
  });
  return { copies, imposed };
}

/** The print sheets of one set: a PDF (and PNGs on request), or a problem when one component is larger than the paper. */
export async function buildSheets(
  game: ResolvedGame,
  set: ResolvedSet,
  faces: readonly Face[],
  options: SheetOptions,
  report: (p: LayoutProblem) => void,
): Promise<OutputFile[]> {
  const { copies, imposed } = imposeSet(set, faces, options);
  const paper = PAPERS[options.paper];
  const sides = set.kind === 'standees' ? 'none' : sheetSides(set.print, options.duplex);
  if (imposed.perSheet === 0 && TILED_KINDS.has(set.kind)) return buildTiledBoards(game, set, copies, options);
  if (imposed.perSheet === 0) {
    report({
      severity: 'error',
      code: 'too-big-for-paper',
      message: `a component of the set "${set.id}" does not fit on ${paper.label} paper within the margins, even turned; make it smaller, lower sheet.margin, or print it another way`,
      file: set.source.source.file.path,
      pointer: '/size',
    });
    return [];
  }
  // --kit-only: the set was checked against the paper; its sheets are in the kit alone.
  if (options.kitOnly) return [];
  const facts = {
    kind: KINDS[set.kind] ?? 'card-sheet',
    set: set.id,
    paper: paper.label,
    print: set.print,
    // Only sheets whose backs are printed say how: a one-sided set has no duplex.
    duplex: sides === 'none' ? undefined : sides,
    perSheet: imposed.perSheet,
    items: copies.length,
  } as const;
  const pdf = await pdfOf(imposed.pages, { title: `${game.title}: ${set.name}`, author: game.credits.map((c) => c.name).join(', '), lang: game.lang, creationDate: options.creationDate }, options.cache);
  const files: OutputFile[] = [{ path: setSheetsFile(set.id), bytes: pdf, entry: { ...facts, pages: imposed.pages.length } }];
  if (options.sheetPng) files.push(...(await sheetPngs(set.id, imposed.pages, options, facts)));
  return files;
}

async function sheetPngs(id: string, pages: DisplayList[], options: SheetOptions, facts: { kind: FileKind }): Promise<OutputFile[]> {
  const out: OutputFile[] = [];
  const dpi = options.dpi;
  for (const [i, page] of pages.entries()) {
    const { png, widthPx, heightPx } = await pngOf(page, dpi, options.cache);
    out.push({ path: `sheets/${id}-${i + 1}.png`, bytes: png, entry: { ...facts, format: 'png', page: i + 1, dpi, widthPx, heightPx } });
  }
  return out;
}
