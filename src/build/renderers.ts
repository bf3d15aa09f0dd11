import type { DisplayList } from '../shared/display-list.js';
import { pixelSize } from '../render/png/pixel-size.js';
import { pngPool } from '../render/png/png-pool.js';
import type { BuildCache } from './cache.js';
import type { KeptFile } from '../shared/output-file.js';
import type { Face, PictureFace, TrimFace } from '../shared/face.js';
import type { MakeBand } from '../shared/band-cells.js';
import type { KeptTrim } from '../shared/trim-bytes.js';
import { isSvgCalls, type SvgCallStore } from '../render/pdf/svg-calls.js';
import { sha256 } from '../shared/output-file.js';
import type { TrimStore } from './trim-store.js';
import type { KeepBand, KeepImage } from '../export/types.js';
import { bandBytes, bandBytesAtMost, readBand } from '../export/tts/sheet-bands.js';

export interface PdfMeta {
  title?: string;
  author?: string;
  lang?: string;
  creationDate?: Date;
  /** A tagged PDF (structure tree, artifacts, bookmarks). */
  tagged?: boolean;
}

/** Trims to keep while a face is drawn: their sizes, and where they go. */
export interface KeepTrims {
  sizes: readonly { width: number; height: number }[];
  store: TrimStore;
}

/**
 * A display list as PNG (drawn by the process's pool of PNG workers), from the cache when the
 * same list (and files) was rendered before. When it is drawn, the trims asked for are drawn
 * in the same task and kept.
 * `kind` names the cache's shelf: "png" for the component PNGs, another for pictures made for
 * some other use (counted apart in the build's statistics).
 */
export async function pngOf(list: DisplayList, dpi: number, cache?: BuildCache, kind = 'png', trims?: KeepTrims): Promise<{ png: Buffer; widthPx: number; heightPx: number }> {
  const draw = async () => {
    const drawn = await pngPool().render(list, dpi, trims?.sizes);
    if (trims) await Promise.all((drawn.trims ?? []).map((t) => trims.store.keep(list, t)));
    return drawn;
  };
  if (!cache) return draw();
  const png = await cache.bytes(kind, () => pngKey(cache, kind, list, dpi), async () => (await draw()).png);
  return { png, ...pixelSize(list, dpi) };
}

const pngKey = (cache: BuildCache, kind: string, list: DisplayList, dpi: number) => cache.listKey(kind, [list], { dpi });

/**
 * A component PNG: the cache's file when it holds one (to be copied into the output, never read
 * here), else drawn (and kept, see BuildCache.keptOrMade), its trims with it.
 */
export async function componentPngOf(list: DisplayList, dpi: number, cache?: BuildCache, trims?: KeepTrims): Promise<({ kept: KeptFile } | { png: Buffer; sha256: string }) & { widthPx: number; heightPx: number }> {
  const size = pixelSize(list, dpi);
  const draw = async () => (await pngOf(list, dpi, undefined, 'png', trims)).png;
  if (!cache) {
    const png = await draw();
    return { png, sha256: sha256(png), ...size };
  }
  const got = await cache.keptOrMade('png', cache.persistent ? pngKey(cache, 'png', list, dpi) : undefined, draw);
  return 'kept' in got ? { kept: got.kept, ...size } : { png: got.bytes, sha256: got.sha256, ...size };
}

/** The dpi a face is drawn at for an image of `trim` pixels across its trim: the build's, or more when that has too few. */
function dpiFor(list: DisplayList, trim: { widthPx: number; heightPx: number }, dpi: number): number {
  const needed = 72 * Math.max(trim.widthPx / list.width, trim.heightPx / list.height);
  return needed > dpi ? Math.ceil(needed) : dpi;
}

/**
 * The pdfkit calls that drew SVG art, kept in the cache under the art and its size (see
 * src/render/pdf/svg-calls.ts): a rebuild in which one card changed writes the print-and-play
 * kit again, and draws every board and tile of it without parsing their SVG. What is read
 * back and is not calls that can be made (damaged, or put there) is drawn afresh.
 */
function svgCallStore(cache: BuildCache): SvgCallStore {
  return {
    calls: (art, record) => {
      const key = cache.key('svg-calls', art);
      const kept = cache.peek('svg-calls', key);
      if (kept) {
        try {
          const calls: unknown = JSON.parse(kept.toString('utf8'));
          if (calls === null || isSvgCalls(calls)) return calls;
        } catch {
          // Not JSON: made again below.
        }
        cache.forget(key);
      }
      return cache.json('svg-calls', key, record);
    },
  };
}

/** Display lists as a PDF, one per page, from the cache when nothing changed. */
export async function pdfOf(lists: DisplayList[], meta: PdfMeta, cache?: BuildCache): Promise<Buffer> {
  const options = { ...meta, creationDate: meta.creationDate?.toISOString() };
  // pdfkit and fontkit are loaded only when a PDF is made: a build that finds everything in the cache starts faster.
  const make = async () =>
    (await import('../render/pdf/render-component-pdf.js')).renderComponentPdf(lists, { ...meta, ...(cache?.persistent ? { svgCalls: svgCallStore(cache) } : {}) });
  if (!cache) return make();
  return cache.bytes('pdf', () => cache.listKeyTurning('pdf', lists, options), make, wholePdf);
}

/**
 * The faces' pictures for the exports: each face's component PNG at `dpi` (read back from the
 * cache, where the build just put it), or, when an export asks for more pixels across the trim
 * than `dpi` gives, the face rendered again at the lowest dpi that has them.
 */
export function facePictures(dpi: number, cache?: BuildCache, written?: (list: DisplayList) => Buffer | undefined): PictureFace {
  return async (face, trim) => {
    const at = dpiFor(face.list, trim, dpi);
    if (at > dpi) return pngOf(face.list, at, cache, 'export-picture');
    // The component PNG this build wrote already: read back, never drawn a second time (with or without the cache).
    const png = written?.(face.list);
    return png ? { png, ...pixelSize(face.list, dpi) } : pngOf(face.list, dpi, cache);
  };
}

/**
 * The faces' trims for the Tabletop Simulator images: as kept when the build drew the faces;
 * a trim not kept (its face's PNG came from the cache without it) is drawn alone, and kept in
 * turn.
 */
export function faceTrims(store: TrimStore): TrimFace {
  return async (face, size) => {
    const kept = await store.find(face.list, size);
    if (kept) return kept;
    // A trim is drawn at its own size: the dpi of the component PNG has no part in it.
    const [trim] = await pngPool().trims(face.list, 72, [size]);
    if (!trim) throw new Error('the PNG worker drew no trim');
    await store.keep(face.list, trim);
    return trim;
  };
}

/**
 * Where the faces' trims are kept, unread (TrimStore.keptAt): a deck sheet's band reads them where
 * it is finished (bandOnWorkers).
 */
export function keptTrims(store: TrimStore): (face: Face, size: { width: number; height: number }) => Promise<KeptTrim | undefined> {
  return async (face, size) => store.keptAt(face.list, size);
}

/** Deck sheets' bands finished on the PNG workers, beside this thread's PDFs (on this thread when there are none, or all draw). */
export const bandOnWorkers: MakeBand = (job, memory) => pngPool().band(job, memory);

/**
 * Deck sheets' bands kept in the build cache, named by the faces of their row and its size: a
 * build in which one card changed deflates that card's row again and takes the others as
 * they were. A band found damaged is dropped and made again.
 */
export function sheetBands(cache: BuildCache): KeepBand {
  return async (faces, row, make) => {
    const key = cache.listKey('tts-band', faces.map((f) => f.list), row);
    const length = row.heightPx * (1 + row.columns * row.widthPx * 3);
    const kept = cache.peek('tts-band', key, bandBytesAtMost(length));
    const band = kept && readBand(kept, length);
    if (band) return band;
    if (kept) cache.forget(key);
    const made = await make();
    await cache.bytes('tts-band', key, async () => bandBytes(made));
    return made;
  };
}

const PDF_START = Buffer.from('%PDF-');
const PDF_END = Buffer.from('%%EOF\n');

/** Whether kept bytes begin and end as pdfkit writes a PDF: one cut short is made again. */
const wholePdf = (bytes: Buffer) => bytes.subarray(0, PDF_START.length).equals(PDF_START) && bytes.subarray(bytes.length - PDF_END.length).equals(PDF_END);

/**
 * Images for Tabletop Simulator kept in the build cache on the shelf `kind`, named by their faces
 * and what else they are made from, and copied into the output as they are (never read): the
 * images of tiles, tokens and standees ("tts-piece": a game's boards took 0.7 s of a 3 s rebuild,
 * encoded on this thread) and whole deck sheets ("tts-sheet": a rebuild in which one card changed
 * remakes that card's sheet, and only the row of it that holds the card; 1 000 cards make 15).
 */
export function keptImages(cache: BuildCache, kind: 'tts-piece' | 'tts-sheet'): KeepImage {
  return (faces, inputs, make) => cache.keptOrMade(kind, cache.listKey(kind, faces.map((f) => f.list), inputs), make);
}
