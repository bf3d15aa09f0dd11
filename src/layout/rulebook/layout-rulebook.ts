import path from 'node:path';
import { pointsToMm, resolveLength } from '../../shared/lengths.js';
import type { DisplayList } from '../../shared/display-list.js';
import type { LayoutProblem } from '../../shared/problem.js';
import type { Block } from './blocks.js';
import { checkLength } from './check-length.js';
import { collectSections } from './collect-sections.js';
import { composePage } from './compose-page.js';
import type { FlowContext, FlowProblem } from './flow-context.js';
import { splitFrontMatter } from '../../content/front-matter.js';
import { layoutCover } from './layout-cover.js';
import { layoutFolding } from './layout-folding.js';
import { pageGeometry } from './page-geometry.js';
import { defaultStyle } from './page-style.js';
import { paginate } from './paginate.js';
import { parseMarkdown } from './parse-markdown.js';
import { readStyle } from './read-style.js';
import { keepHeadingsWithText, setBlocks } from './set-blocks.js';
import type { RulebookLayout, RulebookRequest } from './types.js';

const PAGES_PER_SHEET = 8;
/** The least room margins must leave for the text, across and down. */
const MIN_TEXT_AREA = resolveLength('20mm');
const same = (a: string, b: string) => a.replace(/\s+/g, ' ').trim().toLocaleLowerCase() === b.replace(/\s+/g, ' ').trim().toLocaleLowerCase();

/** The blocks to draw under a cover: a first `# H1` that repeats the game's title is left out (the cover shows it). */
function dropTitle(blocks: Block[], title: string): Block[] {
  const first = blocks[0];
  return first?.kind === 'heading' && first.level === 1 && same(first.text.plain, title) ? blocks.slice(1) : blocks;
}

/** A PocketMod fills whole sheets: blank pages before the folding steps put them on the back cover. */
function addFoldingPage(pages: DisplayList[], folding: DisplayList): DisplayList[] {
  const total = Math.ceil((pages.length + 1) / PAGES_PER_SHEET) * PAGES_PER_SHEET;
  const blank = (): DisplayList => ({ width: folding.width, height: folding.height, bleed: 0, items: [], fonts: {} });
  return [...pages, ...Array.from({ length: total - pages.length - 1 }, blank), folding];
}

/**
 * A game's rulebook Markdown as pages in reading order: the cover from the game (unless
 * `rulebook.cover: false`), the rules
 * flowed and paginated (headings kept with what follows, no widows or orphans, tables split
 * between rows with their header repeated, sidebars boxed, images fitted), a folio on every
 * page but the cover, and for a PocketMod the folding steps on the back cover.
 */
export function layoutRulebook(request: RulebookRequest): RulebookLayout {
  const { game } = request;
  const problems: LayoutProblem[] = [];
  const seen = new Set<string>();
  const report = (p: FlowProblem) => {
    const problem: LayoutProblem = { severity: p.severity, code: p.code, message: p.message, file: request.file, pointer: p.line > 0 ? `line:${p.line}` : '' };
    const key = JSON.stringify(problem);
    if (!seen.has(key)) problems.push(problem);
    seen.add(key);
  };
  const front = splitFrontMatter(request.markdown);
  for (const p of front.problems) report({ severity: 'error', ...p });
  const defaults = defaultStyle(request.imposition, game);
  let style = readStyle(defaults, { game, imposition: request.imposition, front, report });
  let geometry = pageGeometry(style, request.page);
  if (geometry.textWidth < MIN_TEXT_AREA || geometry.textHeight < MIN_TEXT_AREA) {
    // One problem at the margin, then the default margins: not a warning for every box that has no room left.
    const page = `${Math.round(pointsToMm(request.page.width) * 10) / 10} × ${Math.round(pointsToMm(request.page.height) * 10) / 10} mm`;
    report({ severity: 'error', code: 'out-of-range', message: `these margins leave ${Math.max(0, Math.round(pointsToMm(Math.min(geometry.textWidth, geometry.textHeight))))} mm for the text on a ${page} page; they must leave at least ${Math.round(pointsToMm(MIN_TEXT_AREA))} mm across and down`, line: front.lineOf(['style', 'margin']) });
    style = { ...style, margin: { ...defaults.margin } };
    geometry = pageGeometry(style, request.page);
  }
  let keys = 0;
  const ctx: FlowContext = { game, style, icons: request.icons, hyphenate: request.hyphenate, sourceDir: path.dirname(request.file), pageHeight: geometry.textHeight, report, nextKey: () => `s${++keys}` };

  const blocks = parseMarkdown(front.body, { typesetParts: game.typesetParts, report: (p) => report({ severity: 'warning', ...p }) });
  const withCover = request.cover !== false;
  const shown = withCover ? dropTitle(blocks, game.title) : blocks;
  /** The page number of the first page of rules. */
  const first = withCover ? 2 : 1;
  const slices = keepHeadingsWithText(setBlocks(shown, { x: 0, width: geometry.textWidth }, ctx));
  const flow = paginate(slices, geometry.textHeight);

  const rules = flow.map((page, i) => composePage(page, { number: i + first, geometry, title: game.title }, ctx));
  let pages = rules;
  if (withCover) {
    const cover = layoutCover(ctx, request.page);
    problems.push(...cover.problems);
    pages = [cover.page, ...rules];
  }
  const needed = pages.length + (request.imposition === 'pocketmod' ? 1 : 0);
  if (request.imposition === 'pocketmod') pages = addFoldingPage(pages, layoutFolding(ctx, request.page));
  const tooLong = checkLength({ needed, maxPages: request.maxPages, imposition: request.imposition, style });
  if (tooLong) problems.push({ severity: 'error', code: 'rules-too-long', message: tooLong, file: request.file, pointer: `line:${front.lineOf(['style', 'size'])}` });

  const firstPage = new Map<Block, number>();
  flow.forEach((page, i) => {
    for (const { slice } of page.placed) if (slice.block && !firstPage.has(slice.block)) firstPage.set(slice.block, i + first);
  });
  const sections = collectSections(blocks, (block) => firstPage.get(block), game.title);
  return { pages, problems, sections };
}
