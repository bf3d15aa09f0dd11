import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { OrderFile, OrderSummary } from '../export/index.js';
import { BUDGETS } from '../shared/budgets.js';
import { UsageError } from '../shared/errors.js';
import { checkFileAccess } from '../shared/file-access.js';
import { SHOP_NAMES, SHOPS, type ShopName, type ShopRules } from '../shared/shops/index.js';
import { measureInk } from './ink.js';
import { readPdfFacts } from './pdf-facts.js';

export interface PreflightRequest {
  /** Absolute path of a folder (a shop's export, or any folder of files) or one file. */
  target: string;
  shop?: ShopName;
}

export interface PreflightResult {
  shop: ShopName;
  /** Files checked (images and PDFs). */
  files: number;
  diagnostics: Diagnostic[];
  /** What was not checked, and why. */
  notes: string[];
}

/** Bytes of one file a preflight reads (DriveThruCards takes files up to 1 GB; larger is refused here). */
const MAX_FILE_BYTES = 1024 * 1024 * 1024;
/** Files of one folder. */
const MAX_FILES = 10_000;
const CHECKED = /\.(png|jpe?g|pdf)$/i;

function listFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (CHECKED.test(e.name)) found.push(p);
      if (found.length > MAX_FILES) throw new UsageError(`${root} holds more than ${MAX_FILES} images and PDFs; check one shop folder at a time`);
    }
  };
  walk(root);
  return found;
}

/** The order summary pocketpress wrote next to these files, if any (in the folder or one of its parents). */
function findOrder(start: string): { dir: string; order: OrderSummary } | undefined {
  let dir = start;
  for (let i = 0; i < 4; i++) {
    const file = path.join(dir, 'order.json');
    try {
      const info = statSync(file);
      if (info.isFile() && info.size < 64 * 1024 * 1024) {
        const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<OrderSummary>;
        if (data.format === 'pocketpress-shop-order' && Array.isArray(data.files) && typeof data.shop === 'string') return { dir, order: data as OrderSummary };
      }
    } catch {
      // No order summary here (or not one of ours): look further up.
    }
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

const diag = (severity: Diagnostic['severity'], code: string, message: string, file: string): Diagnostic => ({ severity, code, message, file, line: 1, column: 1, endLine: 1, endColumn: 1 });

const sizesOf = (shop: ShopRules): { width: number; height: number; name: string }[] =>
  shop.sheet
    ? [{ width: Math.round(shop.sheet.widthIn * shop.dpi), height: Math.round(shop.sheet.heightIn * shop.dpi), name: `${shop.sheet.widthIn} × ${shop.sheet.heightIn} in sheet` }]
    : shop.products.map((p) => ({ ...p.px, name: p.name }));

const fits = (w: number, h: number, s: { width: number; height: number }, tolerance = 0) =>
  (Math.abs(w - s.width) <= tolerance && Math.abs(h - s.height) <= tolerance) || (Math.abs(w - s.height) <= tolerance && Math.abs(h - s.width) <= tolerance);

interface Context {
  shop: ShopRules;
  report: (d: Diagnostic) => void;
  order?: { dir: string; order: OrderSummary; byPath: Map<string, OrderFile> };
  notes: Set<string>;
}

/** Where a flat fill stands in the bleed although the art reaches the cut: the sides without bleed. */
function sidesWithoutBleed(data: Buffer, width: number, height: number, channels: number, bleedPx: number): string[] {
  const outer = Math.max(1, Math.floor(bleedPx * 0.6));
  const innerFrom = Math.ceil(bleedPx) + 2;
  const innerTo = innerFrom + 4;
  const stats = (pixels: (readonly [number, number])[]) => {
    const min = [255, 255, 255];
    const max = [0, 0, 0];
    const sum = [0, 0, 0];
    for (const [x, y] of pixels) {
      const i = (y * width + x) * channels;
      for (let c = 0; c < 3; c++) {
        const v = data[i + c]!;
        min[c] = Math.min(min[c]!, v);
        max[c] = Math.max(max[c]!, v);
        sum[c]! += v;
      }
    }
    return { flat: [0, 1, 2].every((c) => max[c]! - min[c]! <= 6), mean: sum.map((s) => s / Math.max(1, pixels.length)) };
  };
  const band = (side: string, from: number, to: number) => {
    const pixels: (readonly [number, number])[] = [];
    const step = 3;
    for (let d = from; d < to; d++) {
      if (side === 'top' || side === 'bottom') for (let x = innerFrom; x < width - innerFrom; x += step) pixels.push([x, side === 'top' ? d : height - 1 - d]);
      else for (let y = innerFrom; y < height - innerFrom; y += step) pixels.push([side === 'left' ? d : width - 1 - d, y]);
    }
    return stats(pixels);
  };
  return ['top', 'bottom', 'left', 'right'].filter((side) => {
    const o = band(side, 0, outer);
    const inner = band(side, innerFrom, innerTo);
    const distance = Math.hypot(...o.mean.map((m, c) => m - inner.mean[c]!));
    return o.flat && distance > 40;
  });
}

function checkTexts(ctx: Context, file: string, texts: readonly { x: number; y: number; width: number; height: number }[], width: number, height: number, where = ''): void {
  const { shop } = ctx;
  const b = shop.bleedPx;
  const s = b + shop.safePx;
  const tolerance = 1;
  let outsideTrim = 0;
  let outsideSafe = 0;
  for (const t of texts) {
    const [x0, y0, x1, y1] = [t.x, t.y, t.x + t.width, t.y + t.height];
    if (x0 < b - tolerance || y0 < b - tolerance || x1 > width - b + tolerance || y1 > height - b + tolerance) outsideTrim++;
    else if (x0 < s - tolerance || y0 < s - tolerance || x1 > width - s + tolerance || y1 > height - s + tolerance) outsideSafe++;
  }
  if (outsideTrim > 0) ctx.report(diag('error', 'shop-text-outside-trim', `${where}${outsideTrim} text${outsideTrim > 1 ? 's reach' : ' reaches'} past the cut line: ${shop.title} would cut ${outsideTrim > 1 ? 'them' : 'it'} off`, file));
  else if (outsideSafe > 0) ctx.report(diag('warning', 'shop-safe-zone', `${where}${outsideSafe} text${outsideSafe > 1 ? 's reach' : ' reaches'} into the ${shop.safePx / shop.dpi} in margin inside the cut that ${shop.title} asks to keep clear`, file));
}

async function checkImage(ctx: Context, file: string, bytes: Buffer): Promise<void> {
  const { shop, report } = ctx;
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: BUDGETS.imagePixels }).metadata();
  } catch {
    report(diag('error', 'shop-bad-file', 'this file cannot be read as an image (damaged, not what its name says, or more than 50 000 000 pixels)', file));
    return;
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const sizes = sizesOf(shop);
  if (!sizes.some((s) => fits(width, height, s))) {
    report(diag('error', 'shop-pixel-size', `${width} × ${height} px: ${shop.title} takes ${sizes.map((s) => `${s.width} × ${s.height} (${s.name})`).join(', ')}`, file));
    return;
  }
  if (meta.density !== undefined && Math.round(meta.density) < shop.dpi) {
    report(diag('warning', 'shop-dpi', `the image says ${Math.round(meta.density)} dpi; ${shop.title} prints it at ${shop.dpi} dpi (its pixel size is right, but some uploaders read the resolution)`, file));
  }
  if (shop.colour === 'cmyk' && meta.space !== 'cmyk') report(diag('error', 'shop-rgb', `the image is ${meta.space ?? 'not CMYK'}; ${shop.title} wants CMYK`, file));
  const entry = ctx.order?.byPath.get(path.relative(ctx.order.dir, file).split(path.sep).join('/'));
  if (shop.layout !== 'sheets') {
    const { data, info } = await sharp(bytes, { limitInputPixels: BUDGETS.imagePixels }).flatten({ background: '#ffffff' }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    const sides = sidesWithoutBleed(data, info.width, info.height, info.channels, shop.bleedPx);
    if (sides.length > 0) report(diag('error', 'shop-no-bleed', `no bleed on the ${sides.join(', ')} side${sides.length > 1 ? 's' : ''}: a flat fill stands where the art should go on past the cut (${shop.title} wants ${shop.minBleedMm} mm)`, file));
    if (entry?.texts) checkTexts(ctx, file, entry.texts, width, height);
    else if (!ctx.order) ctx.notes.add('text inside the safe zone: not checked, the files are not a pocketpress export (no order.json)');
  } else {
    ctx.notes.add('text inside the safe zone: not checked on whole sheets');
  }
}

async function checkPdf(ctx: Context, file: string, bytes: Buffer): Promise<void> {
  const { shop, report } = ctx;
  let facts;
  try {
    facts = await readPdfFacts(bytes);
  } catch {
    report(diag('error', 'shop-bad-file', 'this file cannot be read as a PDF (damaged, encrypted, or not a PDF)', file));
    return;
  }
  const cmyk = shop.colour === 'cmyk';
  if (cmyk) {
    if (!facts.pdfxVersion || !/^PDF\/X-1a/.test(facts.pdfxVersion)) report(diag('error', 'shop-not-pdfx', `the PDF is ${facts.pdfxVersion ? facts.pdfxVersion : 'not PDF/X (no GTS_PDFXVersion)'}; ${shop.title} wants PDF/X-1a:2003`, file));
    if (!facts.outputIntents.some((o) => o.subtype === 'GTS_PDFX' && o.hasProfile)) report(diag('error', 'shop-no-output-intent', `the PDF has no PDF/X output intent with an ICC profile; ${shop.title} wants one (US Web Coated SWOP)`, file));
  }
  const pageSizes = sizesOf(shop).map((s) => ({ width: (s.width / shop.dpi) * 72, height: (s.height / shop.dpi) * 72, name: s.name }));
  const entry = ctx.order?.byPath.get(path.relative(ctx.order.dir, file).split(path.sep).join('/'));
  const faceByHash = new Map<string, { item: string; side: 'front' | 'back' }>();
  for (const p of entry?.pages ?? []) if (p.sha256) faceByHash.set(p.sha256, { item: p.item, side: p.side });
  let orderTold = false;
  const once = new Set<string>();
  const tell = (severity: Diagnostic['severity'], code: string, message: string) => {
    if (once.has(code)) return;
    once.add(code);
    report(diag(severity, code, message, file));
  };
  for (const [index, page] of facts.pages.entries()) {
    const n = index + 1;
    const box = page.bleedBox ?? page.mediaBox;
    const [bw, bh] = [box[2]! - box[0]!, box[3]! - box[1]!];
    if (!pageSizes.some((s) => fits(bw, bh, s, 1.5))) tell('error', 'shop-pixel-size', `page ${n} is ${(bw / 72).toFixed(3)} × ${(bh / 72).toFixed(3)} in with its bleed; ${shop.title} takes ${pageSizes.map((s) => `${(s.width / 72).toFixed(3)} × ${(s.height / 72).toFixed(3)} in (${s.name})`).join(', ')}`);
    if (!page.trimBox) tell('error', 'shop-no-trimbox', `page ${n} has no TrimBox: the printer cannot tell where to cut`);
    else {
      const t = page.trimBox;
      const bleedPt = Math.min(t[0]! - box[0]!, t[1]! - box[1]!, box[2]! - t[2]!, box[3]! - t[3]!);
      const bleedMm = (bleedPt / 72) * 25.4;
      if (bleedMm < shop.minBleedMm - 0.1) tell('error', 'shop-no-bleed', `page ${n} has ${bleedMm.toFixed(2)} mm of bleed; ${shop.title} wants ${shop.minBleedMm} mm built into the page`);
    }
    if (cmyk && page.rgb.length > 0) tell('error', 'shop-rgb', `page ${n} uses RGB (${page.rgb[0]}); ${shop.title} wants CMYK only`);
    if (cmyk && page.transparency.length > 0) tell('error', 'shop-transparency', `page ${n} uses transparency (${page.transparency[0]}), which PDF/X-1a forbids: flatten it`);
    const loose = page.fonts.filter((f) => !f.embedded);
    if (loose.length > 0) tell('error', 'shop-font-not-embedded', `page ${n} uses fonts that are not embedded: ${loose.map((f) => f.name).join(', ')}`);
    const low = page.images.filter((i) => i.ppi !== undefined && i.ppi < shop.dpi - 5);
    if (low.length > 0) tell('error', 'shop-low-resolution', `page ${n} has an image at ${Math.round(low[0]!.ppi!)} dpi; ${shop.title} wants ${shop.dpi}`);
    if (shop.layout === 'pdfx-deck' && !orderTold) {
      const image = page.images.find((i) => i.samples);
      const face = image?.samples ? faceByHash.get(createHash('sha256').update(image.samples).digest('hex')) : undefined;
      const wanted = index % 2 === 0 ? 'back' : 'front';
      if (face && face.side !== wanted) {
        orderTold = true;
        report(diag('error', 'shop-page-order', `page ${n} is the ${face.side} of "${face.item}"; ${shop.title} wants each card's back, then its front (page 1 a back, page 2 its front…)`, file));
      }
    }
  }
  if (shop.layout === 'pdfx-deck') {
    if (facts.pages.length % 2 === 1) report(diag('error', 'shop-page-order', `${facts.pages.length} pages: ${shop.title} wants a back and a front for every card, an even number of pages`, file));
    if (!entry?.pages) ctx.notes.add('page order: only the page count checked, the file is not a pocketpress export');
    if (entry?.pages) for (const [i, p] of entry.pages.entries()) checkTexts(ctx, file, p.texts, Math.round((pageSizes[0]!.width / 72) * shop.dpi), Math.round((pageSizes[0]!.height / 72) * shop.dpi), `page ${i + 1}: `);
  }
  if (shop.maxInk !== undefined) {
    const ink = await measureInk(file, shop.dpi);
    if (!ink.found) report(diag('warning', 'shop-ink-unmeasured', `total ink not measured: ${ink.reason}`, file));
    else if (ink.maxPercent > shop.maxInk + 0.5) report(diag('error', 'shop-ink', `${ink.maxPercent} % of ink on some pixels; ${shop.title} takes at most ${shop.maxInk} %`, file));
  }
}

/** Checks a shop's export, or files made elsewhere, against the shop's rules. */
export async function preflight(request: PreflightRequest): Promise<PreflightResult> {
  let info;
  try {
    info = statSync(request.target);
  } catch {
    throw new UsageError(`there is no file or folder ${request.target}`);
  }
  const root = info.isDirectory() ? request.target : path.dirname(request.target);
  const files = info.isDirectory() ? listFiles(request.target) : [request.target];
  const found = findOrder(root);
  const shopName = request.shop ?? found?.order.shop;
  if (!shopName || !(SHOP_NAMES as string[]).includes(shopName)) throw new UsageError(`say which shop these files are for: --shop ${SHOP_NAMES.join('|')}`);
  const shop = SHOPS[shopName];
  const diagnostics: Diagnostic[] = [];
  const order = found && found.order.shop === shopName ? { ...found, byPath: new Map(found.order.files.map((f) => [f.path, f])) } : undefined;
  const ctx: Context = { shop, report: (d) => diagnostics.push(d), order, notes: new Set() };
  const seen = new Map<string, string>();
  let checked = 0;
  for (const file of files) {
    const access = checkFileAccess(file, [root], path.relative(root, file) || path.basename(file));
    if (!access.ok) {
      diagnostics.push(diag('error', access.code, access.message, file));
      continue;
    }
    if (access.size > MAX_FILE_BYTES) {
      diagnostics.push(diag('error', 'file-too-large', `${access.size} bytes, more than the ${MAX_FILE_BYTES / 1024 / 1024} MiB a shop takes`, file));
      continue;
    }
    const bytes = readFileSync(access.file);
    checked++;
    if (/\.pdf$/i.test(file)) await checkPdf(ctx, file, bytes);
    else {
      await checkImage(ctx, file, bytes);
      if (shop.layout === 'unique-face-images') {
        const hash = createHash('sha256').update(bytes).digest('hex');
        const twin = seen.get(hash);
        if (twin) diagnostics.push(diag('error', 'shop-duplicate-image', `the same image as ${path.relative(root, twin)}: ${shop.title} merges identical images into one, so one of the cards would go missing`, file));
        else seen.set(hash, file);
      }
    }
  }
  return { shop: shopName, files: checked, diagnostics, notes: [...ctx.notes] };
}
