import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Static } from '@sinclair/typebox';
import { imageSize } from '../../vendor/image-size.js';
import { imagePixelProblem, readImageHeader } from '../../shared/image-budget.js';
import { resolveLength } from '../../shared/lengths.js';
import { checkGamePath } from '../../shared/game-paths.js';
import { fileStamp } from '../../shared/file-stamp.js';
import { svgArtProblem } from '../../shared/sanitize-svg.js';
import type { ImageElement } from '../../content/schema/template.js';
import type { DisplayItem, ImageItem, ImageSource } from '../../shared/display-list.js';
import type { LayoutProblem } from '../../shared/problem.js';
import { interpolate } from '../../shared/expressions/bindings.js';
import { placeOf, type FaceContext } from './context.js';
import { box, round } from './geometry.js';

type Image = Static<typeof ImageElement>;

const KINDS: Record<string, ImageSource['kind']> = { '.png': 'png', '.jpg': 'jpeg', '.jpeg': 'jpeg', '.svg': 'svg' };
/** Natural sizes by version of the file: an image replaced between two builds is measured again. */
const sizes = new Map<string, { width: number; height: number }>();

function naturalSize(file: string): { width: number; height: number } {
  const stamp = fileStamp(file);
  let size = sizes.get(stamp);
  if (!size) {
    const measured = /\.svg$/i.test(file) ? imageSize(readFileSync(file)) : readImageHeader(file);
    if (!measured) throw new Error(`${file} has no readable image header`);
    size = { width: measured.width ?? 1, height: measured.height ?? 1 };
    sizes.set(stamp, size);
  }
  return size;
}

/** What the checks of one image file found: where it is and what it is, or the problem that rules it out. */
type ImageFile =
  | { ok: true; absolute: string; kind: ImageSource['kind']; natural: { width: number; height: number }; warning?: Problem }
  | { ok: false; problem: Problem };

/** A problem of the file itself, reported wherever the file is named. */
type Problem = Omit<LayoutProblem, 'file' | 'pointer'>;

/**
 * The checks of each image path, per resolved game (one build of one language): the cards of a
 * set mostly draw the same few files, and each check asks the file system again and again.
 */
const imageFiles = new WeakMap<FaceContext['game'], Map<string, ImageFile>>();

function checkImageFile(dir: string, written: string): ImageFile {
  const check = checkGamePath(dir, written);
  const kind = KINDS[path.extname(written).toLowerCase()];
  if (!check.ok || !kind) {
    return { ok: false, problem: { severity: 'error', code: check.ok ? 'bad-value' : check.code, message: check.ok ? `"${written}" is not a PNG, JPEG or SVG image` : check.message } };
  }
  let natural: { width: number; height: number };
  try {
    natural = naturalSize(check.absolute);
  } catch {
    return { ok: false, problem: { severity: 'error', code: 'bad-image', message: `"${written}" cannot be read as an image` } };
  }
  const art = kind === 'svg' ? svgArtProblem(check.absolute, written, (f) => readFileSync(f, 'utf8'), fileStamp(check.absolute)) : undefined;
  if (art?.severity === 'error') return { ok: false, problem: art };
  const tooBig = kind === 'svg' ? undefined : imagePixelProblem(natural, written);
  if (tooBig) return { ok: false, problem: { severity: 'error', code: 'out-of-range', message: tooBig } };
  return { ok: true, absolute: check.absolute, kind, natural, ...(art ? { warning: art } : {}) };
}

/** An image fitted into its box: contain (whole image, centred), cover (fills, clipped) or stretch. */
export function evaluateImage(element: Image, ctx: FaceContext): DisplayItem[] {
  const written = interpolate(element.src, ctx.scope, ctx.game.lang).trim();
  if (written === '') return [];
  let files = imageFiles.get(ctx.game);
  if (!files) imageFiles.set(ctx.game, (files = new Map()));
  let file = files.get(written);
  if (!file) files.set(written, (file = checkImageFile(ctx.game.dir, written)));
  const problemAt = placeOf(element.src, 'src', ctx);
  if (!file.ok) {
    ctx.report({ ...file.problem, ...problemAt });
    return [];
  }
  if (file.warning) ctx.report({ ...file.warning, ...problemAt });
  const { absolute, kind, natural } = file;
  const b = box(element, ctx);
  if (!ctx.images?.has(absolute)) ctx.images?.set(absolute, problemAt);
  const fit = element.fit ?? 'contain';
  let placed = { ...b };
  if (fit !== 'stretch') {
    const scale = (fit === 'cover' ? Math.max : Math.min)(b.width / natural.width, b.height / natural.height);
    const width = natural.width * scale;
    const height = natural.height * scale;
    placed = { x: b.x + (b.width - width) / 2, y: b.y + (b.height - height) / 2, width, height };
  }
  const item: ImageItem = {
    type: 'image',
    x: round(placed.x),
    y: round(placed.y),
    width: round(placed.width),
    height: round(placed.height),
    source: { kind, path: absolute, naturalWidth: natural.width, naturalHeight: natural.height },
  };
  const radius = element.radius === undefined ? undefined : round(resolveLength(element.radius, { defaultUnit: ctx.unit }));
  if (element.clip || fit === 'cover') {
    item.clip = { shape: element.clip ?? 'rect', x: round(b.x), y: round(b.y), width: round(b.width), height: round(b.height), ...(radius ? { radius } : {}) };
  }
  if (element.opacity !== undefined) item.opacity = element.opacity;
  return [item];
}
