import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadedGame } from '../content/model.js';
import { imposeBooklet, bookletPage } from '../impose/booklet.js';
import { inkSaverGame } from '../resolve/ink-saver.js';
import { inkSaverList } from '../shared/ink-saver.js';
import { PAPERS } from '../impose/paper.js';
import { imposePocketmod, pocketmodPanel } from '../impose/pocketmod.js';
import type { DisplayList } from '../shared/display-list.js';
import { RULEBOOK_FILE, RULEBOOK_PAGES_FILE } from '../shared/output-names.js';
import { layoutRulebook } from '../layout/rulebook/layout-rulebook.js';
import type { RulebookLayout } from '../layout/rulebook/types.js';
import type { RulebookSection } from '../shared/rulebook-section.js';
import type { LayoutProblem } from '../shared/problem.js';
import { createIconResolver } from '../shared/icons.js';
import { createHyphenate } from '../language/hyphenate.js';
import { gameScope } from '../layout/template/evaluate-face.js';
import { keptListCheck } from './kept-lists.js';
import { pdfOf, pngOf } from './renderers.js';
import type { ResolvedGame } from '../resolve/model.js';
import type { SheetOptions } from './build-sheets.js';
import type { OutputFile } from '../shared/output-file.js';
import { rulebookSource } from '../content/rulebook-source.js';


const hyphenate = createHyphenate();

export interface RulebookBuild {
  files: OutputFile[];
  sections: RulebookSection[];
  /** The imposed sheets' sides, as printed (for the print-and-play kit), and how. */
  sheets?: { pages: DisplayList[]; imposition: string; sheetsOfPaper: number; duplex?: 'short' };
}

async function pngs(prefix: string, lists: DisplayList[], options: SheetOptions, facts: OutputFile['entry']): Promise<OutputFile[]> {
  const out: OutputFile[] = [];
  const dpi = options.dpi;
  for (const [i, list] of lists.entries()) {
    const { png, widthPx, heightPx } = await pngOf(list, dpi, options.cache);
    out.push({ path: `${prefix}-${i + 1}.png`, bytes: png, entry: { ...facts, format: 'png', page: i + 1, dpi, widthPx, heightPx } });
  }
  return out;
}

/**
 * The rulebook of one language: its pages one per PDF page (for screens), and the same pages
 * imposed for printing as the game asks (PocketMod sheets, a saddle-stitched booklet, or plain pages).
 */
/** The rulebook of one language laid out into pages (from the cache when nothing changed), before any imposition or rendering. */
export function layOutRulebook(loaded: LoadedGame, game: ResolvedGame, options: Pick<SheetOptions, 'paper' | 'cache'>): (RulebookLayout & { imposition: NonNullable<NonNullable<LoadedGame['data']>['rulebook']>['imposition'] }) | undefined {
  const rulebook = loaded.data?.rulebook;
  if (!rulebook) return undefined;
  const file = rulebookSource(loaded, game.lang);
  const paper = PAPERS[options.paper];
  const imposition = rulebook.imposition;
  const page = imposition === 'pocketmod' ? pocketmodPanel(paper) : imposition === 'booklet' ? bookletPage(paper) : paper;
  const markdown = readFileSync(file, 'utf8');
  const maxPages = imposition === 'pocketmod' ? 8 * (rulebook.sheets ?? 1) : undefined;
  const make = () =>
    layoutRulebook({ game, markdown, file, page, imposition, cover: rulebook.cover, maxPages, icons: createIconResolver({ gameDir: game.dir, aliases: game.icons }), hyphenate });
  const cache = options.cache;
  const parts = { markdown, file, page, imposition, cover: rulebook.cover ?? true, maxPages, game: gameScope(game), lang: game.lang, strings: game.strings, credits: game.credits, palette: game.palette, icons: game.icons };
  // {{components}} draws each set's first front and counts its items.
  const sets = () => game.sets.map((s) => ({ id: s.id, name: s.name, size: [s.width, s.height, s.shape, s.cornerRadius], items: s.items.map((i) => [i.fields, i.count]), templates: s.front.files.map((f) => [f, cache!.hashFile(f)]) }));
  const layout = cache
    ? cache.jsonWithLists('rulebook-layout', () => cache.key('rulebook-layout', { ...parts, fonts: cache.fontFiles(game.fonts), sets: /\{\{\s*components\s*\}\}/.test(markdown) ? sets() : null, assets: cache.assetsOf(game.dir) }), make, (value) => value.pages, keptListCheck(game).rulebook)
    : make();
  return { ...layout, imposition };
}

/**
 * The rulebook of one language: its pages one per PDF page (for screens), and the same pages
 * imposed for printing as the game asks (PocketMod sheets, a saddle-stitched booklet, or plain pages).
 */
export async function buildRulebook(loaded: LoadedGame, game: ResolvedGame, options: SheetOptions, report: (p: LayoutProblem) => void): Promise<RulebookBuild> {
  const layout = layOutRulebook(loaded, game, options);
  if (!layout) return { files: [], sections: [] };
  layout.problems.forEach(report);
  const { imposition } = layout;
  const paper = PAPERS[options.paper];
  // The low-ink variant (--ink saver): the same pages in light tints with dark text.
  const lowInk = game.ink === 'saver' ? inkSaverGame(game).colors : undefined;
  const pages = lowInk ? layout.pages.map((p) => inkSaverList(p, lowInk)) : layout.pages;
  const sheets = imposition === 'pocketmod' ? imposePocketmod(pages, paper) : imposition === 'booklet' ? imposeBooklet(pages, paper) : pages;
  const meta = { title: game.title, author: game.credits.map((c) => c.name).join(', '), lang: game.lang, creationDate: options.creationDate };
  // The pages in reading order are the accessible edition: tagged, with bookmarks. The imposed sheets are for the printer only.
  const pagesPdf = await pdfOf(pages, { ...meta, tagged: true }, options.cache);
  const imposedPdf = await pdfOf(sheets, meta, options.cache);
  const files: OutputFile[] = [
    { path: RULEBOOK_PAGES_FILE, bytes: pagesPdf, entry: { kind: 'rulebook-pages', pages: pages.length } },
    { path: RULEBOOK_FILE, bytes: imposedPdf, entry: { kind: 'rulebook', imposition, paper: paper.label, pages: sheets.length, rulebookPages: layout.pages.length } },
  ];
  if (options.sheetPng) {
    files.push(...(await pngs('sheets/rulebook', sheets, options, { kind: 'rulebook', imposition })));
    files.push(...(await pngs('pages/rulebook', pages, options, { kind: 'rulebook-pages' })));
  }
  const sheetsOfPaper = imposition === 'booklet' ? Math.ceil(sheets.length / 2) : sheets.length;
  return { files, sections: layout.sections, sheets: { pages: sheets, imposition: imposition ?? 'pages', sheetsOfPaper, ...(imposition === 'booklet' ? { duplex: 'short' as const } : {}) } };
}
