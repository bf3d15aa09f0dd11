import type { LoadedGame } from '../content/model.js';
import { pointsToMm } from '../content/lengths.js';
import type { DisplayList } from '../layout/display-list.js';
import type { LayoutProblem } from '../layout/template/context.js';
import { evaluateFace, templateReadsItem } from '../layout/template/evaluate-face.js';
import { createIconResolver } from '../layout/text/icons.js';
import { renderComponentPdf } from '../render/pdf/render-component-pdf.js';
import { pixelSize, renderPng } from '../render/png/render-png.js';
import type { ImagePlace } from '../layout/template/context.js';
import path from 'node:path';
import sharp from 'sharp';
import { resolveGame } from '../resolve/resolve-game.js';
import type { ResolvedGame, ResolvedSet } from '../resolve/model.js';
import { buildRulebook } from './build-rulebook.js';
import { buildSheets, type SheetOptions } from './build-sheets.js';
import { buildManifest, type OutputFile } from './manifest.js';
import type { OutputFolder } from './write-output.js';

export interface BuildOptions extends SheetOptions {
  generator: string;
}

export interface Face {
  /** The item id, or undefined for a back every item shares. */
  item?: string;
  back: boolean;
  list: DisplayList;
}

/** The faces of a set: each item's front, then its back (one shared back, or one per item). */
export function layoutSet(game: ResolvedGame, set: ResolvedSet, report: (p: LayoutProblem) => void, images?: Map<string, ImagePlace>): Face[] {
  const icons = createIconResolver({ gameDir: game.dir, aliases: game.icons });
  const faces: Face[] = [];
  const perItemBack = set.back !== undefined && templateReadsItem(set.back);
  for (const item of set.items) {
    faces.push({ item: item.id, back: false, list: evaluateFace({ game, set, template: set.front, item, icons, report, images }) });
    if (set.back && perItemBack) {
      faces.push({ item: item.id, back: true, list: evaluateFace({ game, set, template: set.back, item, icons, report, images }) });
    }
  }
  if (set.back && !perItemBack) faces.push({ back: true, list: evaluateFace({ game, set, template: set.back, icons, report, images }) });
  return faces;
}

function pngPath(set: string, face: Face): string {
  if (face.item === undefined) return `png/${set}/_back.png`;
  return `png/${set}/${face.item}${face.back ? '.back' : ''}.png`;
}

/** Lays out and renders one game in one language; problems stop nothing here, the caller decides. */
export async function buildGame(
  loaded: LoadedGame,
  lang: string,
  options: BuildOptions,
  report: (p: LayoutProblem) => void,
): Promise<OutputFolder> {
  const game = resolveGame(loaded, lang);
  const files: OutputFile[] = [];
  for (const set of game.sets) {
    const images = new Map<string, ImagePlace>();
    const faces = layoutSet(game, set, report, images);
    if (!(await checkImages(images, report))) continue;
    const size = pixelSize(faces[0]!.list, options.dpi);
    if (size.widthPx * size.heightPx > MAX_PIXELS) {
      report({
        severity: 'error',
        code: 'too-many-pixels',
        message: `at ${options.dpi} dpi a component of the set "${set.id}" would be ${size.widthPx} × ${size.heightPx} px, more than a PNG can hold here; use a lower --dpi`,
        file: set.source.source.file.path,
        pointer: '/size',
      });
      continue;
    }
    for (const face of faces) {
      const { png, widthPx, heightPx } = await renderPng(face.list, { dpi: options.dpi });
      files.push({
        path: pngPath(set.id, face),
        bytes: png,
        entry: {
          kind: 'component-png',
          set: set.id,
          item: face.item ?? null,
          side: face.back ? 'back' : 'front',
          widthMm: round2(pointsToMm(set.width)),
          heightMm: round2(pointsToMm(set.height)),
          bleedMm: round2(pointsToMm(set.bleed)),
          dpi: options.dpi,
          widthPx,
          heightPx,
        },
      });
    }
    const shared = faces.find((f) => f.item === undefined);
    const pages = faces.filter((f) => f.item !== undefined).flatMap((f) => (shared && !f.back ? [f.list, shared.list] : [f.list]));
    const pdf = await renderComponentPdf(pages, { title: `${game.title}: ${set.name}`, author: creditLine(game), lang, creationDate: options.creationDate });
    files.push({
      path: `print-shop/${set.id}.pdf`,
      bytes: pdf,
      entry: { kind: 'component-pdf', set: set.id, pages: pages.length, items: set.items.length, copies: set.items.reduce((n, i) => n + i.count, 0) },
    });
    files.push(...(await buildSheets(game, set, faces, options, report)));
  }
  files.push(...(await buildRulebook(loaded, game, options, report)).files);
  return { game: game.id, lang, files, manifest: buildManifest(game.id, lang, options.generator, files) };
}

/** The largest PNG sharp agrees to write (about 16 000 px square). */
const MAX_PIXELS = 268_402_689;

const decoded = new Map<string, boolean>();

/** Decodes every image once: a file with a good header and broken data is a bad-image problem, not a blank. */
async function checkImages(images: Map<string, ImagePlace>, report: (p: LayoutProblem) => void): Promise<boolean> {
  let ok = true;
  for (const [file, place] of images) {
    if (!decoded.has(file)) {
      decoded.set(file, await sharp(file, { limitInputPixels: false }).raw().toBuffer().then(() => true, () => false));
    }
    if (!decoded.get(file)) {
      ok = false;
      report({ severity: 'error', code: 'bad-image', message: `"${path.basename(file)}" cannot be read as an image: the file is damaged or not what its name says`, ...place });
    }
  }
  return ok;
}

function creditLine(game: ResolvedGame): string {
  return game.credits.map((c) => c.name).join(', ');
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
