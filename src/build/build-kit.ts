import { resolveLength } from '../shared/lengths.js';
import type { DisplayItem, DisplayList, FontFace } from '../shared/display-list.js';
import type { OutputFile } from '../shared/output-file.js';
import { KIT_FILE } from '../shared/output-names.js';
import { DEFAULT_PRINT_GUIDES, sheetSides } from '../shared/print-options.js';
import type { Face } from '../shared/face.js';
import { imposeComponents } from '../impose/component-sheets.js';
import { cutFileSvg, cutterMargin, registrationItems } from '../impose/cutter.js';
import { fitsKitSheet, imposeKit, KIT_MARGIN, type KitSet, type KitSheet } from '../impose/kit.js';
import { PAPERS } from '../impose/paper.js';
import { TAB_DEPTH } from '../impose/standee.js';
import { layoutText } from '../layout/text/layout-text.js';
import type { ResolvedGame, ResolvedSet } from '../resolve/model.js';
import { copiesOf, printsInPieces, tiledBoardPages, type SheetOptions } from './build-sheets.js';
import type { RulebookBuild } from './build-rulebook.js';
import { keptListCheck } from './kept-lists.js';
import { pdfOf } from './renderers.js';

/** The contents page's words, per language (English for any other). */
const WORDS: Record<string, Record<string, string>> = {
  en: {
    title: 'print-and-play kit',
    paper: 'Paper: {paper}, printed at 100 % (not “fit to page”). {sheets} sheets of paper for the whole game ({separate} when each set is printed on its own).',
    page: 'Page',
    pages: 'Pages',
    contents: 'This page: the contents; no need to print it.',
    rulebook: 'Rulebook ({imposition})',
    oneSided: 'print one-sided',
    duplexLong: 'print double-sided, flip on the long edge',
    duplexShort: 'print double-sided, flip on the short edge',
    cut: 'cut along the guides',
    fold: 'cut, fold on the dashed line',
    foldBook: 'fold as the rulebook shows',
    pieces: '{name} in pieces; print one-sided; cut on the crop marks, glue each strip under the next piece as the map on each sheet shows',
  },
  fr: {
    title: 'kit à imprimer',
    paper: 'Papier : {paper}, imprimé à 100 % (pas « ajuster à la page »). {sheets} feuilles pour tout le jeu ({separate} en imprimant chaque ensemble à part).',
    page: 'Page',
    pages: 'Pages',
    contents: 'Cette page : le sommaire ; inutile de l’imprimer.',
    rulebook: 'Livret de règles ({imposition})',
    oneSided: 'imprimer en recto seul',
    duplexLong: 'imprimer en recto verso, retourner sur le bord long',
    duplexShort: 'imprimer en recto verso, retourner sur le bord court',
    cut: 'découper le long des repères',
    fold: 'découper, plier sur le pointillé',
    foldBook: 'plier comme le livret l’indique',
    pieces: '{name} en morceaux ; imprimer en recto seul ; découper sur les traits de coupe, coller chaque bande sous le morceau suivant comme le montre le plan de chaque feuille',
  },
};

function words(lang: string): Record<string, string> {
  return WORDS[lang.split('-')[0]!] ?? WORDS['en']!;
}

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
}

/** A set's copies as the kit packs them, with how it is printed. */
export function kitSetOf(set: ResolvedSet, faces: readonly Face[], options: Pick<SheetOptions, 'duplex' | 'guides'>): KitSet {
  const strip = set.kind === 'standees';
  return {
    id: set.id,
    name: set.name,
    kind: set.kind,
    copies: copiesOf(set, faces),
    width: set.width,
    height: strip ? 2 * set.height + 2 * TAB_DEPTH : set.height,
    bleed: set.bleed,
    shape: strip ? 'rectangle' : set.shape,
    cornerRadius: set.cornerRadius,
    gutter: options.guides?.gutter ?? set.gutter,
    sides: strip ? 'none' : sheetSides(set.print, options.duplex),
  };
}

/** Sheets of paper the set's own PDF takes: a duplex sheet is one sheet for two pages. */
function separateSheets(kitSet: KitSet, set: ResolvedSet, paper: { width: number; height: number }, options: SheetOptions): number {
  const guides = options.guides ?? DEFAULT_PRINT_GUIDES;
  const imposed = imposeComponents({
    copies: kitSet.copies,
    width: kitSet.width,
    height: kitSet.height,
    bleed: kitSet.bleed,
    shape: kitSet.shape,
    cornerRadius: kitSet.cornerRadius,
    page: paper,
    duplex: kitSet.sides,
    gutter: kitSet.gutter,
    margin: set.margin,
    backOffset: options.backOffset,
    guides: { style: guides.cutGuides, printableMargin: guides.printableMargin },
  });
  const twoSided = (kitSet.sides === 'long' || kitSet.sides === 'short') && kitSet.copies.some((c) => c.back);
  return twoSided ? imposed.pages.length / 2 : imposed.pages.length;
}

interface ContentsLine {
  pages: [number, number];
  what: string;
  how: string;
}

/** Ranges of kit sheets with the same how-to, merged: "Pages 4–9: cards …". */
function describeSheets(sheets: readonly KitSheet[], sets: readonly KitSet[], firstPage: number, w: Record<string, string>, flip: 'long' | 'short'): ContentsLine[] {
  const byId = new Map(sets.map((s) => [s.id, s]));
  const lines: ContentsLine[] = [];
  let page = firstPage;
  for (const sheet of sheets) {
    const counts = new Map<string, number>();
    for (const p of sheet.pieces) counts.set(p.set, (counts.get(p.set) ?? 0) + 1);
    const what = [...counts].map(([id, n]) => `${byId.get(id)!.name} ×${n}`).join(', ');
    const folds = sheet.pieces.some((p) => byId.get(p.set)!.sides === 'fold' || byId.get(p.set)!.kind === 'standees');
    const how = [sheet.duplex ? (flip === 'long' ? w['duplexLong'] : w['duplexShort']) : w['oneSided'], folds ? w['fold'] : w['cut']].join('; ');
    const span = sheet.duplex ? 2 : 1;
    const last = lines[lines.length - 1];
    if (last && last.what === what && last.how === how && last.pages[1] === page - 1) last.pages[1] = page + span - 1;
    else lines.push({ pages: [page, page + span - 1], what, how });
    page += span;
  }
  return lines;
}

/** The contents page: what is on which page, how to print it, what to cut. */
function contentsPage(game: ResolvedGame, paper: { width: number; height: number }, lines: readonly string[]): DisplayList {
  const margin = resolveLength('15mm');
  const items: DisplayItem[] = [];
  const fonts: Record<string, FontFace> = {};
  let y = margin;
  lines.forEach((text, i) => {
    const size = i === 0 ? 16 : 9.5;
    const box = { x: margin, y, width: paper.width - 2 * margin, height: paper.height - margin - y };
    const laid = layoutText({ text, lang: game.lang, box, size, color: '#000000', fonts: game.fonts, lineHeight: 1.25, valign: 'top' });
    items.push(...laid.items);
    Object.assign(fonts, laid.fonts);
    const used = laid.lines.length * size * 1.25;
    y += used + (i === 0 ? 10 : 5);
  });
  return { width: paper.width, height: paper.height, bleed: 0, background: '#ffffff', items, fonts };
}

export interface KitBuild {
  files: OutputFile[];
  /** Sheets of paper the kit takes, and the per-set PDFs and rulebook together. */
  sheetsOfPaper: number;
  separateSheetsOfPaper: number;
}

/**
 * The print-and-play kit: the whole game in one PDF, in print order — a contents page, the
 * rulebook's sheets, then every component of every set packed onto as few sheets as possible
 * (sets and sizes mixed), each duplex sheet's back page right after its front.
 */
export async function buildKit(game: ResolvedGame, built: readonly { set: ResolvedSet; faces: readonly Face[] }[], rulebook: RulebookBuild, options: SheetOptions): Promise<KitBuild> {
  const paper = PAPERS[options.paper];
  const guides = options.guides ?? DEFAULT_PRINT_GUIDES;
  const flip = options.duplex === 'short' ? 'short' : 'long';
  const sets = built.map(({ set, faces }) => kitSetOf(set, faces, options));
  const margin = Math.max(KIT_MARGIN, guides.printableMargin, guides.cutter ? cutterMargin(guides.cutterMarks) : 0);
  // With a cutting machine, guides stay out of the band the registration marks lie in.
  const guideMargin = guides.cutter ? Math.max(guides.printableMargin, guides.cutterMarks.inset + Math.max(guides.cutterMarks.square, guides.cutterMarks.thickness)) : guides.printableMargin;
  // Boards larger than the paper are not packed: their pieces follow the packed sheets, one per sheet.
  const inPieces = built.flatMap((b, i) => (!fitsKitSheet(sets[i]!, paper, margin) && printsInPieces(b.set) ? [{ set: b.set, pages: tiledBoardPages(b.set, sets[i]!.copies, options).pages }] : []));
  const kit = imposeKit({ sets, page: paper, margin, flip, backOffset: options.backOffset, guides: { style: guides.cutGuides, printableMargin: guideMargin } });
  const w = words(game.lang);

  const book = rulebook.sheets;
  const bookPages = book?.pages ?? [];
  const piecePages = inPieces.reduce((n, p) => n + p.pages.length, 0);
  const componentSheets = kit.sheets.length + piecePages;
  const sheetsOfPaper = componentSheets + (book?.sheetsOfPaper ?? 0);
  const separate = built.reduce((n, b, i) => n + (inPieces.some((p) => p.set === b.set) ? 0 : separateSheets(sets[i]!, b.set, paper, options)), 0) + piecePages + (book?.sheetsOfPaper ?? 0);

  const lines: string[] = [`**${game.title}** — ${w['title']}`, fill(w['paper']!, { paper: paper.label, sheets: sheetsOfPaper, separate })];
  lines.push(`**${w['page']} 1**: ${w['contents']}`);
  const range = (a: number, b: number) => (a === b ? `**${w['page']} ${a}**` : `**${w['pages']} ${a}–${b}**`);
  if (bookPages.length > 0) {
    const how = book!.duplex ? w['duplexShort'] : w['oneSided'];
    lines.push(`${range(2, 1 + bookPages.length)}: ${fill(w['rulebook']!, { imposition: book!.imposition })}; ${how}; ${w['foldBook']}.`);
  }
  for (const line of describeSheets(kit.sheets, sets, 2 + bookPages.length, w, flip)) lines.push(`${range(line.pages[0], line.pages[1])}: ${line.what}; ${line.how}.`);
  let next = 2 + bookPages.length + kit.pages.length;
  for (const p of inPieces) {
    lines.push(`${range(next, next + p.pages.length - 1)}: ${fill(w['pieces']!, { name: p.set.name })}.`);
    next += p.pages.length;
  }

  const kitPages = kit.pages.map((page, i) => (guides.cutter && isFront(kit.sheets, i) ? { ...page, items: [...page.items, ...registrationItems(paper, guides.cutterMarks)] } : page));
  // Laid out again only when its lines or the fonts change: a rebuild of one card keeps it.
  const cache = options.cache;
  const contents = cache
    ? cache.json('kit-contents', () => cache.key('kit-contents', { lines, lang: game.lang, paper: [paper.width, paper.height], fonts: cache.fontFiles(game.fonts) }), () => contentsPage(game, paper, lines), keptListCheck(game).list)
    : contentsPage(game, paper, lines);
  const pages = [contents, ...bookPages, ...kitPages, ...inPieces.flatMap((p) => p.pages)];
  const author = game.credits.map((c) => c.name).join(', ');
  const pdf = await pdfOf(pages, { title: `${game.title}: ${w['title']}`, author, lang: game.lang, creationDate: options.creationDate }, options.cache);
  const files: OutputFile[] = [
    {
      path: KIT_FILE,
      bytes: pdf,
      entry: {
        kind: 'print-and-play',
        paper: paper.label,
        duplex: flip,
        pages: pages.length,
        sheetsOfPaper,
        separateSheetsOfPaper: separate,
        contentsPage: 1,
        rulebookPages: bookPages.length,
        componentSheets,
        sets: sets.map((s) => s.id),
      },
    },
  ];
  if (guides.cutter) {
    let page = 2 + bookPages.length;
    kit.sheets.forEach((sheet, i) => {
      const byId = new Map(sets.map((s) => [s.id, s]));
      const cuts = sheet.pieces.map((p) => {
        const set = byId.get(p.set)!;
        return { trim: p.trim, shape: set.sides === 'fold' && set.shape !== 'rectangle' ? ('rectangle' as const) : set.shape, cornerRadius: set.cornerRadius };
      });
      const svg = cutFileSvg(paper, cuts, guides.cutterMarks);
      files.push({ path: `cut/print-and-play-${i + 1}.svg`, bytes: Buffer.from(svg), entry: { kind: 'cut-file', cutter: guides.cutter!, paper: paper.label, sheet: i + 1, page, pieces: cuts.length } });
      page += sheet.duplex ? 2 : 1;
    });
  }
  return { files, sheetsOfPaper, separateSheetsOfPaper: separate };
}

/** Whether kit page `index` (0-based, kit pages only) is the front of its sheet. */
function isFront(sheets: readonly KitSheet[], index: number): boolean {
  let at = 0;
  for (const sheet of sheets) {
    if (at === index) return true;
    at += sheet.duplex ? 2 : 1;
    if (at > index) return false;
  }
  return false;
}
