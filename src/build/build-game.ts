import path from 'node:path';
import { BUDGETS, formatBudget } from '../shared/budgets.js';
import { pointsToMm } from '../shared/lengths.js';
import type { LoadedGame } from '../content/model.js';
import type { DisplayList, TextItem } from '../shared/display-list.js';
import { checkFaceLegibility, findColorOnlyPairs } from '../layout/legibility/index.js';
import type { TextSource } from '../layout/template/context.js';
import type { ImagePlace, LayoutProblem } from '../shared/problem.js';
import { evaluateFace, gameScope, templateReadsItem } from '../layout/template/evaluate-face.js';
import { createIconResolver } from '../shared/icons.js';
import { pixelSize } from '../render/png/pixel-size.js';
import type { ResolvedGame, ResolvedItem, ResolvedSet, ResolvedTemplate } from '../resolve/model.js';
import { resolveGame } from '../resolve/resolve-game.js';
import type { ExportSet } from '../export/index.js';
import { componentPngPath } from '../export/face-paths.js';
import type { ShopName } from '../shared/shops/index.js';
import type { Face } from '../shared/face.js';
import { buildRulebook } from './build-rulebook.js';
import { buildHtmlRules } from './build-html-rules.js';
import { buildKit } from './build-kit.js';
import { roundFace } from '../impose/compose.js';
import { buildSheets, type SheetOptions } from './build-sheets.js';
import type { BuildCache } from './cache.js';
import { isKeptFile, type AddFile, type OutputFile } from '../shared/output-file.js';
import type { FolderWriter } from './output-writer.js';
import { keptListCheck } from './kept-lists.js';
import { bandOnWorkers, componentPngOf, facePictures, faceTrims, keptImages, keptTrims, pdfOf, sheetBands } from './renderers.js';
import { inOrder } from '../shared/map-limit.js';
import { nextTurn, turnEvery } from '../shared/event-loop.js';
import type { TrimStore } from './trim-store.js';
import { ttsTrimSize } from '../export/tts/sheet-plan.js';
import { imposeSet } from './build-sheets.js';
import type { InkFigures } from './ink-coverage.js';
import { buildTuckBox } from './build-box.js';
import { inkSaverGame } from '../resolve/ink-saver.js';
import { inkSaverList } from '../shared/ink-saver.js';
import { exportWrites } from '../shared/output-names.js';

export type BuildOptions = SheetOptions & {
  /** The absolute --out folder: Tabletop Simulator names its images from it. */
  outDir: string;
  ttsBaseUrl?: string;
  /** Told the ink coverage of each set's sheets, normal and low-ink, when building with --ink saver. */
  onInk?: (figures: InkFigures) => void;
  /** The print shops to write files for (`--shop`), under shops/<name>/. */
  shops?: readonly ShopName[];
  /** Where the faces' trims for the Tabletop Simulator images are kept as the faces are drawn. */
  trims?: TrimStore;
  /** Stops the build between its steps (each set, the rulebook, the kit, the exports) once aborted. */
  signal?: AbortSignal;
};

/**
 * PNGs asked for at once, across the sets of a game: enough to keep every worker busy, one set's
 * faces after another's (see inOrder).
 */
const PNG_CONCURRENCY = 4;

/** The queue a game's component PNGs are drawn through. */
type DrawQueue = ReturnType<typeof inOrder>;

interface LaidOut {
  list: DisplayList;
  problems: LayoutProblem[];
  images: [string, ImagePlace][];
}

/** The faces of a set: each item's front, then its back (one shared back, or one per item). */
export function layoutSet(game: ResolvedGame, set: ResolvedSet, report: (p: LayoutProblem) => void, images?: Map<string, ImagePlace>, cache?: BuildCache): Face[] {
  const faces = [...layoutFaces(game, set, report, images, cache)];
  reportColorOnly(game, set, faces, report);
  return faces;
}

/**
 * layoutSet, with a turn of the event loop every WORK_TURN_MS: the PNG workers get the faces
 * of the sets laid out before while this one is (5 000 cards are laid out in 4 s, during which
 * the workers ran out of work).
 */
async function layoutSetTurning(game: ResolvedGame, set: ResolvedSet, report: (p: LayoutProblem) => void, images: Map<string, ImagePlace>, cache?: BuildCache): Promise<Face[]> {
  const faces: Face[] = [];
  const turn = turnEvery();
  for (const face of layoutFaces(game, set, report, images, cache)) {
    faces.push(face);
    await turn();
  }
  reportColorOnly(game, set, faces, report);
  return faces;
}

/** The faces of a set one by one, as layoutSet gives them, before its faces are compared by colour. */
function* layoutFaces(game: ResolvedGame, set: ResolvedSet, report: (p: LayoutProblem) => void, images?: Map<string, ImagePlace>, cache?: BuildCache): Generator<Face> {
  const icons = createIconResolver({ gameDir: game.dir, aliases: game.icons });
  const kept = cache ? keptListCheck(game).layout : undefined;
  // What every face of the set shares is serialized and hashed once, not once per face (and
  // only by a cache that keeps the layouts).
  let shared: string | undefined;
  const sharedKey = (cache: BuildCache) =>
    (shared ??= cache.key('layout-set', {
      game: gameScope(game),
      lang: game.lang,
      // The game's named words, which templates read ({{strings.x}}, messages).
      strings: game.strings,
      // The file a face's problems point into: a set file renamed gives them its new name.
      file: set.source.source.file.path,
      palette: game.palette,
      icons: game.icons,
      fonts: cache.fontFiles(game.fonts),
      assets: cache.assetsOf(game.dir),
      set: { id: set.id, name: set.name, kind: set.kind, width: set.width, height: set.height, bleed: set.bleed },
      ink: game.ink ?? 'normal',
      accessibility: game.accessibility,
    }));
  const templateFiles = new Map<ResolvedTemplate, string[][]>();
  const filesOf = (template: ResolvedTemplate, c: BuildCache) => {
    let files = templateFiles.get(template);
    if (!files) templateFiles.set(template, (files = template.files.map((f) => [f, c.hashFile(f)])));
    return files;
  };
  const lay = (template: ResolvedTemplate, item?: ResolvedItem): DisplayList => {
    const make = (): LaidOut => {
      const problems: LayoutProblem[] = [];
      const seen = new Map<string, ImagePlace>();
      const texts = new Map<TextItem, TextSource>();
      const list = evaluateFace({ game, set, template, item, icons, report: (p) => problems.push(p), images: seen, texts });
      const face = item ? `item "${item.id}"` : 'the back every item shares';
      problems.push(...checkFaceLegibility({ list, texts, face, minTextSize: game.accessibility.minTextSize }));
      return { list, problems, images: [...seen] };
    };
    let laid: LaidOut;
    if (cache) {
      const key = () => cache.key('layout', { shared: sharedKey(cache), template: { files: filesOf(template, cache) }, item: item?.fields ?? null, index: item?.index ?? null });
      laid = cache.jsonWithLists('layout', key, make, (value) => [value.list], kept!);
    } else laid = make();
    laid.problems.forEach(report);
    for (const [file, place] of laid.images) if (!images?.has(file)) images?.set(file, place);
    return laid.list;
  };
  const perItemBack = set.back !== undefined && templateReadsItem(set.back);
  for (const item of set.items) {
    yield { item: item.id, back: false, list: lay(set.front, item) };
    if (set.back && perItemBack) yield { item: item.id, back: true, list: lay(set.back, item) };
  }
  if (set.back && !perItemBack) yield { back: true, list: lay(set.back) };
}

/** Items whose fronts differ only by colours a colour-blind player may not tell apart. */
function reportColorOnly(game: ResolvedGame, set: ResolvedSet, faces: Face[], report: (p: LayoutProblem) => void): void {
  const fronts = faces.filter((f) => !f.back && f.item !== undefined);
  const threshold = game.accessibility.colorDifference;
  const { pairs, more, unchecked } = findColorOnlyPairs(fronts.map((f) => f.list), threshold);
  for (const pair of pairs) {
    const first = set.items.find((i) => i.id === fronts[pair.first]!.item)!;
    const second = set.items.find((i) => i.id === fronts[pair.second]!.item)!;
    const colors = pair.colors.map(([a, b]) => `${a}/${b}`).join(', ');
    const who = pair.confused.map((c) => `${c.deficiency} (ΔE2000 ${Math.round(c.difference * 10) / 10})`).join(', ');
    const alike = pair.alike > 0 ? ` (and ${formatBudget(pair.alike)} more item${pair.alike === 1 ? '' : 's'} coloured as one of them)` : '';
    report({
      severity: 'warning',
      code: 'colour-only-difference',
      message: `items "${first.id}" and "${second.id}" of the set "${set.id}"${alike} differ only by colour (${colors}), and those colours fall closer than ΔE2000 ${threshold} for ${who}: add a shape, icon or word that tells them apart`,
      file: set.source.source.file.path,
      pointer: `/items/${second.index}`,
    });
  }
  if (more > 0) {
    report({
      severity: 'warning',
      code: 'colour-only-difference',
      message: `the set "${set.id}" has ${formatBudget(more)} more pair${more === 1 ? '' : 's'} of colourings whose items differ only by colours a colour-blind player may not tell apart, besides the ${pairs.length} pairs named`,
      file: set.source.source.file.path,
      pointer: '/items',
    });
  }
  if (unchecked > 0) {
    report({
      severity: 'warning',
      code: 'out-of-range',
      message: `the set "${set.id}" has more colourings of its faces than can be compared for colour-blind players (${formatBudget(BUDGETS.colourOnlyPairs)} pairs); ${formatBudget(unchecked)} pairs were not compared`,
      file: set.source.source.file.path,
      pointer: '/items',
    });
  }
}

/** The largest PNG sharp agrees to write (about 16 000 px square). */
const MAX_PIXELS = 268_402_689;

/** Decodes every image once (per version of the file): a good header over broken data is a bad-image problem, not a blank. */
async function checkImages(images: Map<string, ImagePlace>, report: (p: LayoutProblem) => void, cache?: BuildCache): Promise<boolean> {
  let ok = true;
  for (const [file, place] of images) {
    // Decoded once, streamed into a thumbnail (not held whole), and never past the pixel budget the header was checked against.
    const decode = async () => {
      const { default: sharp } = await import('sharp');
      return sharp(file, { limitInputPixels: BUDGETS.imagePixels }).resize(8, 8, { fit: 'fill' }).raw().toBuffer().then(() => true, () => false);
    };
    // Only a readable image is taken from the cache (a cache can come with a game: a kept "no"
    // would blame good art); one found unreadable is decoded again.
    const readable = cache ? await cache.jsonAsync('image-check', () => cache.key('image-check', cache.hashFile(file)), decode, (kept) => kept === true) : await decode();
    if (!readable) {
      ok = false;
      report({ severity: 'error', code: 'bad-image', message: `"${path.basename(file)}" cannot be read as an image: the file is damaged or not what its name says`, ...place });
    }
  }
  return ok;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Each face as a PNG, written as soon as it is made: a set of thousands of cards is never held
 * in memory. `all` settles once every face is in; `faces` holds, for each face's display list,
 * a promise settled once that face's PNG is written and its trim kept. The faces go through the
 * game's `queue` after the sets before this one.
 */
function buildComponentPngs(set: ResolvedSet, faces: Face[], to: { options: BuildOptions; folder: Pick<FolderWriter, 'add' | 'copy'>; queue: DrawQueue }): { all: Promise<void>; faces: Map<DisplayList, Promise<void>> } {
  const { options, folder, queue } = to;
  // Each face's trim for the TTS images is drawn in the same task as its PNG.
  const trims = options.trims ? { sizes: [ttsTrimSize(set)], store: options.trims } : undefined;
  // The back the items share first: the Tabletop Simulator export reads it before the deck sheets.
  const order = [...faces.filter((f) => f.item === undefined), ...faces.filter((f) => f.item !== undefined)];
  const { all, each } = queue(order, (face) => face.list, async (face) => {
    const drawn = await componentPngOf(face.list, options.dpi, options.cache, trims);
    const { widthPx, heightPx } = drawn;
    const file = {
      path: componentPngPath(set.id, face),
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
      } as const,
    };
    // A PNG the cache holds is copied by the system, with the digest the cache kept: never read, never hashed again.
    if ('kept' in drawn) folder.copy(file.path, drawn.kept, file.entry);
    else folder.add({ ...file, bytes: drawn.png }, drawn.sha256);
  });
  return { all, faces: each };
}

/** `read` of a face once its component PNG is written and its trim kept (at once for a face not being drawn). */
function afterDrawn<A extends unknown[], R>(drawn: Map<DisplayList, Promise<void>>, read: (face: Face, ...rest: A) => Promise<R>): (face: Face, ...rest: A) => Promise<R> {
  return async (face, ...rest) => {
    await drawn.get(face.list);
    return read(face, ...rest);
  };
}

/** Every face one per page in a print-shop PDF. */
async function buildComponentPdf(game: ResolvedGame, set: ResolvedSet, faces: readonly Face[], options: BuildOptions, add: (f: OutputFile) => void): Promise<void> {
  const shared = faces.find((f) => f.item === undefined);
  const pages = faces.filter((f) => f.item !== undefined).flatMap((f) => (shared && !f.back ? [f.list, shared.list] : [f.list]));
  const author = game.credits.map((c) => c.name).join(', ');
  const pdf = await pdfOf(pages, { title: `${game.title}: ${set.name}`, author, lang: game.lang, creationDate: options.creationDate }, options.cache);
  add({
    path: `print-shop/${set.id}.pdf`,
    bytes: pdf,
    entry: { kind: 'component-pdf', set: set.id, pages: pages.length, items: set.items.length, copies: set.items.reduce((n, i) => n + i.count, 0) },
  });
}

/** The coverage of a set's sheets as printed normally (laid out again, without the low-ink changes) and in low ink. */
async function measureInk(normal: ResolvedGame, set: ResolvedSet, saverFaces: readonly Face[], options: BuildOptions): Promise<InkFigures> {
  const normalSet = normal.sets.find((s) => s.id === set.id)!;
  const normalFaces = layoutSet(normal, normalSet, () => {}, undefined, options.cache);
  const before = imposeSet(normalSet, normalFaces, options).imposed.pages;
  const after = imposeSet(set, saverFaces, options).imposed.pages;
  // Skia is loaded only when coverage is measured (--ink saver).
  const { inkCoverage } = await import('./ink-coverage.js');
  return { set: set.id, pages: after.length, normal: await inkCoverage(before), saver: await inkCoverage(after) };
}

/**
 * Lays out and renders one game in one language into `folder`, file by file. Problems are
 * reported, not thrown; the caller decides whether the build stands.
 */
export async function buildGame(loaded: LoadedGame, lang: string, options: BuildOptions, report: (p: LayoutProblem) => void, folder: FolderWriter): Promise<void> {
  const normal = resolveGame(loaded, lang);
  const saver = options.homePrint?.ink === 'saver' ? inkSaverGame(normal) : undefined;
  const game = saver?.game ?? normal;
  // A file the cache holds is copied (or linked) as it is; one made is written with the digest taken as it was made, if any.
  const add: AddFile = (file) => (isKeptFile(file) ? folder.copy(file.path, file.kept, file.entry) : folder.add(file, file.sha256));
  const exported: ExportSet[] = [];
  // Where each face's component PNG was written, so the exports read it back instead of drawing it again.
  const componentPngs = new Map<DisplayList, string>();
  // The PNGs are drawn by worker threads while this thread lays out and writes the PDFs, and
  // the exports are made as the faces come: each reads a face once its PNG and trim are in.
  const drawing: Promise<void>[] = [];
  const drawnFaces = new Map<DisplayList, Promise<void>>();
  // One set's faces drawn after another's, in the order the deck sheets read their trims: drawn
  // side by side, the second set's trims had left memory long before its sheets were made.
  const queue = inOrder(PNG_CONCURRENCY);
  // Every set laid out first, its PNGs asked for at once: the workers draw while this thread
  // writes the PDFs, and the exports (TTS deck sheets, made on the workers) are under way
  // from the first faces drawn rather than after the last PDF.
  for (const set of game.sets) {
    options.signal?.throwIfAborted();
    const images = new Map<string, ImagePlace>();
    const laid = await layoutSetTurning(game, set, report, images, options.cache);
    const shaped = set.shape === 'circle' ? laid.map((f) => ({ ...f, list: roundFace(f.list) })) : laid;
    if (!(await checkImages(images, report, options.cache))) continue;
    const faces = saver ? shaped.map((f) => ({ ...f, list: inkSaverList(f.list, saver.colors) })) : shaped;
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
    const pngs = buildComponentPngs(set, faces, { options, folder, queue });
    pngs.all.catch(() => {}); // awaited below, with the others
    drawing.push(pngs.all);
    for (const [list, done] of pngs.faces) drawnFaces.set(list, done);
    for (const face of faces) componentPngs.set(face.list, componentPngPath(set.id, face));
    exported.push({ set, faces });
  }
  options.signal?.throwIfAborted();
  const rulebook = await buildRulebook(loaded, game, options, report);
  for (const file of rulebook.files) add(file);
  const exportOptions = { outDir: options.outDir, ttsBaseUrl: options.ttsBaseUrl };
  const written = (list: DisplayList) => {
    const file = componentPngs.get(list);
    return file === undefined ? undefined : folder.read(file);
  };
  // The exports (and the image code they need) are loaded only when they are made again.
  const picture = afterDrawn(drawnFaces, facePictures(options.dpi, options.cache, written));
  const trimmed = options.trims ? afterDrawn(drawnFaces, faceTrims(options.trims)) : undefined;
  const keptTrim = options.trims ? afterDrawn(drawnFaces, keptTrims(options.trims)) : undefined;
  const bands = options.cache?.persistent ? sheetBands(options.cache) : undefined;
  const pieces = options.cache?.persistent ? keptImages(options.cache, 'tts-piece') : undefined;
  const sheets = options.cache?.persistent ? keptImages(options.cache, 'tts-sheet') : undefined;
  // The exports' own module: the print shops' (and pdf-lib with them) are loaded only with --shop.
  const make = async (addFile: AddFile) => (await import('../export/export-game.js')).exportGame({ game, sets: exported, sections: rulebook.sections, picture, trimmed, keptTrim, bands, sheets, pieces, band: bandOnWorkers }, exportOptions, addFile);
  const cache = options.cache;
  const key = (cache: BuildCache) =>
    cache.listKeyTurning('export', exported.flatMap((e) => e.faces.map((f) => f.list)), {
      ...exportOptions,
      // The TTS images are cut from the pictures at this dpi.
      dpi: options.dpi,
      game: gameScope(game),
      lang: game.lang,
      credits: game.credits,
      sections: rulebook.sections,
      sets: exported.map(({ set }) => ({ id: set.id, kind: set.kind, name: set.name, shape: set.shape, size: [set.width, set.height, set.bleed], items: set.items, back: set.back !== undefined })),
    });
  // Each export file is written as it is made: 10 000 cards make over a hundred deck sheets, never all held at once.
  // Made while the workers still draw: a deck sheet's row of cards is put together as soon as its cards are in.
  // A cache that keeps the exports has their key taken before the PDFs, so that the exports are
  // made beside them (and take the trims still in memory); one that keeps nothing takes none.
  const exportKey = cache?.persistent ? await key(cache) : undefined;
  const exports = cache ? cache.files('export', exportKey ?? (() => key(cache)), make, add, (file) => exportWrites(game.id, file)) : make(add);
  exports.catch(() => {}); // awaited below, with the drawings
  // Each PDF is written in one go: between them, the exports' trims, bands and replies from
  // the workers are taken in, so that the workers are not left waiting until the last PDF.
  for (const { set, faces } of exported) {
    options.signal?.throwIfAborted();
    await buildComponentPdf(game, set, faces, options, add);
    await nextTurn();
    for (const file of await buildSheets(game, set, faces, options, report)) add(file);
    await nextTurn();
    if (set.source.data?.box === 'tuck') for (const file of await buildTuckBox(game, set, faces, options, report)) add(file);
    if (saver && options.onInk) options.onInk(await measureInk(normal, set, faces, options));
  }
  for (const file of buildHtmlRules(loaded, game, exported)) add(file);
  options.signal?.throwIfAborted();
  await nextTurn();
  for (const file of (await buildKit(game, exported, rulebook, options)).files) add(file);
  options.signal?.throwIfAborted();
  await Promise.all([Promise.all(drawing), exports]);
  options.signal?.throwIfAborted();
  if (options.shops && options.shops.length > 0) {
    const shopOptions = { ...exportOptions, shops: options.shops, creationDate: options.creationDate ?? new Date(0) };
    // Made again on every build (the pictures they are cut from come from the cache), so their warnings are always told.
    const { exportShops } = await import('../export/shops/export-shops.js');
    await exportShops({ game, sets: exported, sections: rulebook.sections, picture: facePictures(options.dpi, options.cache, written) }, shopOptions, report, add);
  }
}
