import { SHOPS_FOLDER } from '../../shared/output-names.js';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { pointsToMm } from '../../shared/lengths.js';
import type { AddFile, FileFacts } from '../../shared/output-file.js';
import type { LayoutProblem } from '../../shared/problem.js';
import { matchProduct, SHOPS, type ShopName, type ShopProduct, type ShopRules } from '../../shared/shops/index.js';
import { stringifyStable } from '../../shared/stable-json.js';
import type { Face } from '../../shared/face.js';
import { facesByItem } from '../face-paths.js';
import type { ExportInput, ExportOptions, ExportSet } from '../types.js';
import { shopFace, type PxBox, type ShopFace } from './face-raster.js';
import { encodeStraightPng } from '../../shared/png-write.js';
import { CMYK_PROFILE_PATHS, OUTPUT_CONDITION, toCmyk, writePdfX, type CmykPage } from './pdfx.js';
import { shopReadme } from './readme.js';

/** Where a shop's files go, relative to `out/<game>/<lang>/`. */
export const shopFolder = (shop: ShopName) => `${SHOPS_FOLDER}/${shop}`;

/** One file of a shop order as the order summary lists it (and the preflight reads it back). */
export interface OrderFile {
  path: string;
  set: string;
  item: string | null;
  side: 'front' | 'back' | 'sheet-front' | 'sheet-back' | 'deck';
  /** Copies this file stands for (MakePlayingCards: always 1, one file per copy). */
  copies: number;
  widthPx: number;
  heightPx: number;
  /** Text boxes in the image's pixels. */
  texts?: PxBox[];
  /** Pages of a PDF: what each shows, in order. */
  pages?: { item: string; side: 'front' | 'back'; texts: PxBox[]; /** sha256 of the page image's CMYK samples: tells the faces apart. */ sha256: string }[];
}

export interface OrderSet {
  set: string;
  name: string;
  product: string;
  productName: string;
  trimMm: { width: number; height: number };
  px: { width: number; height: number };
  turned: boolean;
  items: { id: string; count: number }[];
  cards: number;
}

export interface OrderSummary {
  format: 'pocketpress-shop-order';
  version: 1;
  shop: ShopName;
  title: string;
  game: string;
  lang: string;
  dpi: number;
  bleedPx: number;
  safePx: number;
  sets: OrderSet[];
  skipped: { set: string; sizeMm: { width: number; height: number }; closest: string }[];
  files: OrderFile[];
  /** DriveThruCards: the output intent and the most ink on any pixel, percent. */
  colour?: { profile: string; outputCondition: string; maxInk: number; limit: number };
}

export interface ShopExportOptions extends ExportOptions {
  shops: readonly ShopName[];
  creationDate: Date;
}

const mm = (points: number) => Math.round(pointsToMm(points) * 100) / 100;
const pad = (n: number, width = 3) => String(n).padStart(width, '0');

interface Planned {
  exportSet: ExportSet;
  product: ShopProduct;
  turned: boolean;
}

/** The sets a shop can make, with a warning for each one it cannot. */
function plan(shop: ShopRules, sets: readonly ExportSet[], report: (p: LayoutProblem) => void, summary: OrderSummary): Planned[] {
  const planned: Planned[] = [];
  for (const exportSet of sets) {
    const { set } = exportSet;
    const [w, h] = [mm(set.width), mm(set.height)];
    const match = matchProduct(shop, w, h);
    const file = set.source.source.file.path;
    if (!match.product) {
      const c = match.closest;
      summary.skipped.push({ set: set.id, sizeMm: { width: w, height: h }, closest: `${shop.prefix}-${c.id}` });
      report({
        severity: 'warning',
        code: 'shop-size-unsold',
        message: `${shop.title} makes no component of ${w} × ${h} mm; the closest it sells is its ${c.name} (${c.trimMm.width} × ${c.trimMm.height} mm, size "${shop.prefix}-${c.id}"): the set "${set.id}" is left out of shops/${shop.name}`,
        file,
        pointer: '/size',
      });
      continue;
    }
    if (mm(set.bleed) < shop.minBleedMm / 2) {
      report({
        severity: 'warning',
        code: 'shop-bleed-short',
        message: `the set "${set.id}" has ${mm(set.bleed)} mm of bleed; ${shop.title} wants ${shop.minBleedMm} mm: its edges are repeated to fill it (give the set "bleed: 3mm")`,
        file,
        pointer: '/bleed',
      });
    }
    planned.push({ exportSet, product: match.product, turned: match.turned });
    summary.sets.push({
      set: set.id,
      name: set.name,
      product: `${shop.prefix}-${match.product.id}`,
      productName: match.product.name,
      trimMm: match.product.trimMm,
      px: match.product.px,
      turned: match.turned,
      items: set.items.map((i) => ({ id: i.id, count: i.count })),
      cards: set.items.reduce((n, i) => n + i.count, 0),
    });
  }
  return planned;
}

/**
 * Each face of a planned set at the shop's size. The shared back and the last two faces drawn are
 * kept (copies follow each other), nothing more: a set of thousands of cards is never held whole.
 */
function faceMaker(input: ExportInput, shop: ShopRules, p: Planned): (face: Face) => Promise<ShopFace> {
  // The last two: an item's front and its own back alternate, copy after copy.
  const recent: { face: Face; made: Promise<ShopFace> }[] = [];
  let shared: Promise<ShopFace> | undefined;
  return (face) => {
    if (face.item === undefined) return (shared ??= shopFace(face, input.picture, shop, p.product, p.turned));
    const found = recent.find((r) => r.face === face);
    if (found) return found.made;
    const made = shopFace(face, input.picture, shop, p.product, p.turned);
    recent.unshift({ face, made });
    recent.length = Math.min(recent.length, 2);
    return made;
  };
}

function itemsOf(p: Planned) {
  const byItem = facesByItem(p.exportSet.faces);
  return p.exportSet.set.items.map((item) => ({ item, faces: byItem.get(item.id)! }));
}

async function faceImages(input: ExportInput, shop: ShopRules, planned: Planned[], add: AddFile, summary: OrderSummary): Promise<void> {
  const base = shopFolder(shop.name);
  for (const p of planned) {
    const draw = faceMaker(input, shop, p);
    const setId = p.exportSet.set.id;
    const shared = p.exportSet.faces.find((f) => f.item === undefined);
    const put = async (rel: string, face: Face, item: string | null, side: 'front' | 'back', copies: number) => {
      const made = await draw(face);
      const bytes = encodeStraightPng(made.raster, { dpi: shop.dpi });
      add({ path: `${base}/${rel}`, bytes, entry: { kind: 'shop-image', shop: shop.name, set: setId, item, side, copies, widthPx: made.raster.width, heightPx: made.raster.height } });
      summary.files.push({ path: rel, set: setId, item, side, copies, widthPx: made.raster.width, heightPx: made.raster.height, texts: made.texts });
    };
    const cards = p.exportSet.set.items.reduce((n, i) => n + i.count, 0);
    if (shared) await put(`${setId}/back.png`, shared, null, 'back', cards);
    for (const [index, { item, faces }] of itemsOf(p).entries()) {
      const stem = `${setId}/${pad(index + 1)}-${item.id}`;
      await put(`${stem}-front.png`, faces.front, item.id, 'front', item.count);
      if (faces.back && faces.back !== shared) await put(`${stem}-back.png`, faces.back, item.id, 'back', item.count);
    }
  }
}

/**
 * A copy made distinct: the top-left pixel of the bleed (cut away) carries the copy's slot
 * number and side, so no two files of an order have the same bytes.
 */
function marked(raster: ShopFace['raster'], slot: number, back: boolean): ShopFace['raster'] {
  const data = Buffer.from(raster.data);
  data[0] = slot & 0xff;
  data[1] = (slot >> 8) & 0xff;
  data[2] = back ? 0xc0 : 0x40;
  return { ...raster, data };
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function uniqueFaceImages(input: ExportInput, shop: ShopRules, planned: Planned[], add: AddFile, summary: OrderSummary, options: ShopExportOptions, report: (p: LayoutProblem) => void): Promise<void> {
  const base = shopFolder(shop.name);
  const sizes = shop.orderSizes ?? [];
  for (const p of planned) {
    const draw = faceMaker(input, shop, p);
    const set = p.exportSet.set;
    const shared = p.exportSet.faces.find((f) => f.item === undefined);
    const fronts: string[] = [];
    const backs: string[] = [];
    const abs = (rel: string) => path.join(options.outDir, input.game.id, input.game.lang, base, rel);
    const put = async (rel: string, face: Face, item: string | null, side: 'front' | 'back', slot: number | null) => {
      const made = await draw(face);
      const raster = slot === null ? made.raster : marked(made.raster, slot, side === 'back');
      const bytes = encodeStraightPng(raster, { dpi: shop.dpi });
      add({ path: `${base}/${rel}`, bytes, entry: { kind: 'shop-image', shop: shop.name, set: set.id, item, side, copies: 1, widthPx: raster.width, heightPx: raster.height } });
      summary.files.push({ path: rel, set: set.id, item, side, copies: slot === null ? set.items.reduce((n, i) => n + i.count, 0) : 1, widthPx: raster.width, heightPx: raster.height, texts: made.texts });
    };
    let slot = 0;
    for (const { item, faces } of itemsOf(p)) {
      for (let copy = 0; copy < item.count; copy++, slot++) {
        const rel = `${set.id}/fronts/${pad(slot, 4)}-${item.id}.png`;
        await put(rel, faces.front, item.id, 'front', slot);
        fronts.push(`    <card>\n      <id>${xmlText(abs(rel))}</id>\n      <slots>${slot}</slots>\n      <name>${xmlText(path.basename(rel))}</name>\n      <query>${xmlText(item.id)}</query>\n    </card>\n`);
        if (faces.back && faces.back !== shared) {
          const backRel = `${set.id}/backs/${pad(slot, 4)}-${item.id}.png`;
          await put(backRel, faces.back, item.id, 'back', slot);
          backs.push(`    <card>\n      <id>${xmlText(abs(backRel))}</id>\n      <slots>${slot}</slots>\n      <name>${xmlText(path.basename(backRel))}</name>\n      <query>${xmlText(item.id)}</query>\n    </card>\n`);
        }
      }
    }
    const cardback = shared ? `${set.id}/cardback.png` : undefined;
    if (shared && cardback) await put(cardback, shared, null, 'back', null);
    const bracket = sizes.find((s) => s >= slot);
    if (bracket === undefined) {
      report({
        severity: 'warning',
        code: 'shop-order-too-large',
        message: `the set "${set.id}" has ${slot} cards; ${shop.title} takes at most ${sizes[sizes.length - 1]} in one order: split it into several`,
        file: set.source.source.file.path,
        pointer: '/items',
      });
    }
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?>\n<order>\n  <details>\n    <quantity>${slot}</quantity>\n    <bracket>${bracket ?? sizes[sizes.length - 1]}</bracket>\n` +
      `    <stock>(S30) Standard Smooth</stock>\n    <foil>false</foil>\n  </details>\n  <fronts>\n${fronts.join('')}  </fronts>\n` +
      (backs.length > 0 ? `  <backs>\n${backs.join('')}  </backs>\n` : '') +
      (cardback ? `  <cardback>${xmlText(abs(cardback))}</cardback>\n` : '') +
      `</order>\n`;
    add({ path: `${base}/${set.id}/order.xml`, bytes: Buffer.from(xml, 'utf8'), entry: { kind: 'shop-order', shop: shop.name, set: set.id, cards: slot, bracket: bracket ?? null } });
  }
}

/** Ghostscript's CMYK profile, or an error naming the package that brings it. */
function cmykProfile(): string {
  const found = CMYK_PROFILE_PATHS.find((p) => existsSync(p));
  if (!found) throw new ShopSetupError(`DriveThruCards files need Ghostscript's CMYK profile (${CMYK_PROFILE_PATHS[0]}); install Ghostscript (Debian: apt-get install ghostscript)`);
  return found;
}

/** A shop needs something of the machine that is missing. */
export class ShopSetupError extends Error {
  override name = 'ShopSetupError';
}

async function pdfxDecks(input: ExportInput, shop: ShopRules, planned: Planned[], add: AddFile, summary: OrderSummary, options: ShopExportOptions): Promise<void> {
  if (planned.length === 0) return;
  const profile = cmykProfile();
  const icc = readFileSync(profile);
  const limit = shop.maxInk ?? 400;
  let most = 0;
  for (const p of planned) {
    const draw = faceMaker(input, shop, p);
    const set = p.exportSet.set;
    // Each face once, kept compressed (a page per copy draws the same image).
    const cmyk = new Map<Face, Promise<CmykPage & { texts: PxBox[] }>>();
    const pageOf = (face: Face) => {
      let found = cmyk.get(face);
      if (!found) cmyk.set(face, (found = draw(face).then(async (f) => ({ ...(await toCmyk(f.raster, profile, limit)), texts: f.texts }))));
      return found;
    };
    const pages: CmykPage[] = [];
    const listed: NonNullable<OrderFile['pages']> = [];
    for (const { item, faces } of itemsOf(p)) {
      const back = faces.back;
      for (let copy = 0; copy < item.count; copy++) {
        // Back, then front: DriveThruCards prints the pages in this order.
        for (const [face, side] of [[back, 'back'], [faces.front, 'front']] as const) {
          if (!face) continue;
          const page = await pageOf(face);
          pages.push(page);
          listed.push({ item: item.id, side, texts: page.texts, sha256: page.sha256 });
        }
      }
    }
    for (const page of pages) most = Math.max(most, page.maxInk);
    const px = p.product.px;
    const toPt = (v: number) => (v / shop.dpi) * 72;
    // Landscape components are turned onto the shop's portrait page, as their images are.
    const [pw, ph] = [px.width, px.height];
    const bytes = await writePdfX(pages, {
      pageWidth: toPt(pw),
      pageHeight: toPt(ph),
      bleed: toPt(shop.bleedPx),
      title: `${input.game.title}: ${set.name}`,
      author: input.game.credits.map((c) => c.name).join(', '),
      creationDate: options.creationDate,
      icc,
    });
    const rel = `${set.id}.pdf`;
    add({ path: `${shopFolder(shop.name)}/${rel}`, bytes, entry: { kind: 'shop-pdf', shop: shop.name, set: set.id, pages: pages.length } });
    summary.files.push({ path: rel, set: set.id, item: null, side: 'deck', copies: summary.sets.find((s) => s.set === set.id)!.cards, widthPx: pw, heightPx: ph, pages: listed });
  }
  summary.colour = { profile: path.basename(profile), outputCondition: OUTPUT_CONDITION.identifier, maxInk: most, limit };
}

async function sheets(input: ExportInput, shop: ShopRules, planned: Planned[], add: AddFile, summary: OrderSummary): Promise<void> {
  const sheet = shop.sheet!;
  const W = Math.round(sheet.widthIn * shop.dpi);
  const H = Math.round(sheet.heightIn * shop.dpi);
  const perSheet = sheet.columns * sheet.rows;
  for (const p of planned) {
    const draw = faceMaker(input, shop, p);
    const set = p.exportSet.set;
    const copies = itemsOf(p).flatMap(({ item, faces }) => Array.from({ length: item.count }, () => faces));
    for (let start = 0, n = 1; start < copies.length; start += perSheet, n++) {
      const chunk = copies.slice(start, start + perSheet);
      for (const side of ['front', 'back'] as const) {
        const layers: OverlayOptions[] = [];
        const texts: PxBox[] = [];
        for (const [i, faces] of chunk.entries()) {
          const face = side === 'front' ? faces.front : faces.back;
          if (!face) continue;
          const made = await draw(face);
          const row = Math.floor(i / sheet.columns);
          // Backs mirror the columns (the sheet turns over its long edge) and turn the other way, so each back reads upright behind its front.
          const col = side === 'front' ? i % sheet.columns : sheet.columns - 1 - (i % sheet.columns);
          const angle = sheet.turned ? (side === 'front' ? 90 : 270) : 0;
          const img = sharp(made.raster.data, { raw: { width: made.raster.width, height: made.raster.height, channels: 3 } }).rotate(angle);
          const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
          const cx = sheet.centresXIn[col]! * shop.dpi;
          // The rows butt and sit in the middle of the sheet.
          const cy = (H - info.height * sheet.rows) / 2 + info.height * (row + 0.5);
          const left = Math.round(cx - info.width / 2);
          const top = Math.round(cy - info.height / 2);
          layers.push({ input: data, raw: { width: info.width, height: info.height, channels: 3 }, left, top });
          for (const t of made.texts) {
            const r = made.raster;
            const box = angle === 90 ? { x: r.height - (t.y + t.height), y: t.x, width: t.height, height: t.width } : angle === 270 ? { x: t.y, y: r.width - (t.x + t.width), width: t.height, height: t.width } : t;
            texts.push({ x: left + box.x, y: top + box.y, width: box.width, height: box.height });
          }
        }
        if (layers.length === 0) continue;
        // Composited with an alpha channel: dropped, the sheet being opaque white underneath.
        const sheetPixels = await sharp({ create: { width: W, height: H, channels: 3, background: '#ffffff' } })
          .composite(layers)
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        if (sheetPixels.info.channels !== 3 || sheetPixels.info.width !== W || sheetPixels.info.height !== H) throw new Error(`sharp composed a sheet of ${sheetPixels.info.width}×${sheetPixels.info.height} px × ${sheetPixels.info.channels}`);
        const bytes = encodeStraightPng({ data: sheetPixels.data, width: W, height: H, channels: 3 }, { dpi: shop.dpi });
        const rel = `${set.id}-${n}-${side}.png`;
        add({ path: `${shopFolder(shop.name)}/${rel}`, bytes, entry: { kind: 'shop-sheet', shop: shop.name, set: set.id, sheet: n, side, cards: chunk.length, widthPx: W, heightPx: H } });
        summary.files.push({ path: rel, set: set.id, item: null, side: side === 'front' ? 'sheet-front' : 'sheet-back', copies: chunk.length, widthPx: W, heightPx: H, texts });
      }
    }
  }
}

/**
 * The files of each shop asked for, under `shops/<shop>/`, each handed to `add` as it is made:
 * the faces in the form the shop takes, a README.txt of what to upload where, and `order.json`,
 * the order summary.
 */
export async function exportShops(input: ExportInput, options: ShopExportOptions, report: (p: LayoutProblem) => void, add: AddFile): Promise<void> {
  for (const name of options.shops) {
    const shop = SHOPS[name];
    const summary: OrderSummary = {
      format: 'pocketpress-shop-order',
      version: 1,
      shop: name,
      title: shop.title,
      game: input.game.id,
      lang: input.game.lang,
      dpi: shop.dpi,
      bleedPx: shop.bleedPx,
      safePx: shop.safePx,
      sets: [],
      skipped: [],
      files: [],
    };
    const planned = plan(shop, input.sets, report, summary);
    if (shop.layout === 'face-images') await faceImages(input, shop, planned, add, summary);
    else if (shop.layout === 'unique-face-images') await uniqueFaceImages(input, shop, planned, add, summary, options, report);
    else if (shop.layout === 'pdfx-deck') await pdfxDecks(input, shop, planned, add, summary, options);
    else await sheets(input, shop, planned, add, summary);
    const facts = (kind: FileFacts['kind']): FileFacts => ({ kind, shop: name });
    add({ path: `${shopFolder(name)}/order.json`, bytes: Buffer.from(stringifyStable(summary), 'utf8'), entry: facts('shop-order') });
    add({ path: `${shopFolder(name)}/README.txt`, bytes: Buffer.from(shopReadme(shop, summary, input.game.title), 'utf8'), entry: facts('shop-readme') });
  }
}
