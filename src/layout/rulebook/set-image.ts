import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileStamp } from '../../shared/file-stamp.js';
import { svgArtProblem } from '../../shared/sanitize-svg.js';
import { imageSize } from '../../vendor/image-size.js';
import { imageFileProblem } from '../../shared/image-budget.js';
import { pointsToMm } from '../../shared/lengths.js';
import { checkGamePath, type PathCheck } from '../../shared/game-paths.js';
import type { ImageSource } from '../../shared/display-list.js';
import type { Block } from './blocks.js';
import { bodyText, structureKey, type Column, type FlowContext } from './flow-context.js';
import { literalSpans } from '../../shared/rich-text.js';
import { setText } from './set-text.js';
import type { Slice } from './slice.js';

const KINDS: Record<string, ImageSource['kind']> = { '.png': 'png', '.jpg': 'jpeg', '.jpeg': 'jpeg', '.svg': 'svg' };
const CAPTION_GAP = 0.3;
/** An image may shrink to this share of the column width to fill the end of a page instead of leaving it blank. */
const MIN_SCALE = 0.6;

/** Below this, a raster image looks blurred or blocky on paper. */
const MIN_DPI = 150;

function warnLowResolution(block: Extract<Block, { kind: 'image' }>, kind: ImageSource['kind'], pixels: number, drawn: number, ctx: FlowContext): void {
  const dpi = pixels / (drawn / 72);
  if (kind === 'svg' || dpi >= MIN_DPI) return;
  ctx.report({
    severity: 'warning',
    code: 'low-resolution',
    message: `"${block.src}" is ${pixels} px wide and drawn ${Math.round(pointsToMm(drawn))} mm wide, so it prints at ${Math.round(dpi)} dpi; give it at least ${Math.ceil((drawn / 72) * MIN_DPI)} px across (${MIN_DPI} dpi) to print sharp`,
    line: block.line,
  });
}

/** markdown-it percent-encodes link targets ("carte%20%C3%A9.png"): back to the file name. */
function decodePath(src: string): string {
  try {
    return decodeURI(src);
  } catch {
    return src;
  }
}

/** The image in the game folder; else relative to the Markdown file (as previews read it), if that stays in the game. */
function findImage(src: string, ctx: FlowContext): PathCheck {
  const check = checkGamePath(ctx.game.dir, src);
  if (check.ok || !ctx.sourceDir || path.isAbsolute(src)) return check;
  const fromSource = checkGamePath(ctx.game.dir, path.relative(ctx.game.dir, path.resolve(ctx.sourceDir, src)));
  return fromSource.ok ? fromSource : check;
}

function readNaturalSize(file: string): { width: number; height: number } | undefined {
  try {
    const size = imageSize(readFileSync(file));
    return size.width && size.height ? { width: size.width, height: size.height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An image of the game folder (PNG, JPEG or SVG) scaled to the column width, or down to fit a
 * page, centred, never split (the paginator may shrink it to MIN_SCALE to use a page's end); its title ("![](art/map.png "The map")") as an italic caption
 * kept with it.
 */
export function setImage(block: Extract<Block, { kind: 'image' }>, column: Column, ctx: FlowContext): Slice[] {
  const check = findImage(decodePath(block.src), ctx);
  const kind = KINDS[path.extname(block.src).toLowerCase()];
  if (!check.ok) {
    ctx.report({ severity: 'error', code: check.code, message: check.message, line: block.line });
    return [];
  }
  if (!kind) {
    ctx.report({ severity: 'error', code: 'bad-value', message: `"${block.src}" is not a PNG, JPEG or SVG image`, line: block.line });
    return [];
  }
  const tooBig = imageFileProblem(check.absolute, block.src);
  if (tooBig) {
    ctx.report({ severity: 'error', code: 'out-of-range', message: tooBig, line: block.line });
    return [];
  }
  const art = kind === 'svg' ? svgArtProblem(check.absolute, block.src, (f) => readFileSync(f, 'utf8'), fileStamp(check.absolute)) : undefined;
  if (art) {
    ctx.report({ ...art, line: block.line });
    if (art.severity === 'error') return [];
  }
  const natural = readNaturalSize(check.absolute);
  if (!natural) {
    ctx.report({ severity: 'error', code: 'bad-image', message: `"${block.src}" cannot be read as an image`, line: block.line });
    return [];
  }
  const size = ctx.style.size;
  const caption = block.caption
    ? setText(literalSpans(block.caption), { column, font: bodyText(ctx, { style: 'italic', size: size * 0.9, align: 'center' }), line: block.line }, ctx)
    : [];
  const captionKey = structureKey(ctx);
  const captionHeight = caption.reduce((h, s) => h + s.height, 0) + (caption.length > 0 ? CAPTION_GAP * size : 0);
  const scale = Math.min(column.width / natural.width, (ctx.pageHeight - captionHeight) / natural.height);
  warnLowResolution(block, kind, natural.width, natural.width * scale, ctx);
  const width = natural.width * scale;
  const height = natural.height * scale;
  const image: Slice = {
    kind: 'image',
    height,
    spaceBefore: 0,
    items: [{ type: 'image', x: column.x + (column.width - width) / 2, y: 0, width, height, source: { kind, path: check.absolute, naturalWidth: natural.width, naturalHeight: natural.height } }],
    fonts: {},
    keepWithNext: caption.length > 0,
    minScale: MIN_SCALE,
    text: block.alt,
  };
  for (const line of caption) line.structure = [{ role: 'Caption', key: captionKey }];
  caption.forEach((line, i) => {
    line.keepWithNext = i < caption.length - 1;
    if (i === 0) line.spaceBefore = CAPTION_GAP * size;
  });
  return [image, ...caption];
}
