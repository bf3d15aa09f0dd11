import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { PDFDict, PDFDocument, PDFHexString, type PDFRef, PDFName, PDFString, popGraphicsState, pushGraphicsState, concatTransformationMatrix, drawObject } from 'pdf-lib';
import type { Raster } from '../../shared/face.js';

/** Ghostscript's CMYK profile (Debian `libgs-common`, installed with `ghostscript`): "Artifex CMYK SWOP Profile". */
export const CMYK_PROFILE_PATHS = ['/usr/share/color/icc/ghostscript/default_cmyk.icc', '/usr/share/ghostscript/iccprofiles/default_cmyk.icc'];

/** The output condition of that profile: SWOP, as DriveThruCards' "US Web Coated (SWOP) v2". */
export const OUTPUT_CONDITION = { identifier: 'CGATS TR 001', registry: 'http://www.color.org', info: 'SWOP (Artifex CMYK SWOP Profile, from Ghostscript)' };

export interface CmykPage {
  /** 8-bit CMYK, 255 = full ink, compressed (Flate). */
  deflated: Buffer;
  /** sha256 of the uncompressed samples: tells the faces apart. */
  sha256: string;
  width: number;
  height: number;
  /** The most ink on any pixel, in percent. */
  maxInk: number;
}

/**
 * RGB pixels in CMYK through the ICC profile, then held under the total ink limit: where C+M+Y+K
 * passes it, C, M and Y are scaled down together and K kept (black text stays black).
 */
export async function toCmyk(raster: Raster, profile: string, maxInkPercent: number): Promise<CmykPage> {
  const { data } = await sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: raster.channels } })
    .withIccProfile(profile)
    .toColourspace('cmyk')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (data.length !== raster.width * raster.height * 4) throw new Error('the CMYK conversion gave an unexpected number of channels');
  const limit = Math.floor((maxInkPercent / 100) * 255);
  let most = 0;
  for (let i = 0; i < data.length; i += 4) {
    const c = data[i]!;
    const m = data[i + 1]!;
    const y = data[i + 2]!;
    const k = data[i + 3]!;
    let total = c + m + y + k;
    if (total > limit) {
      const cmy = c + m + y;
      const f = Math.max(0, limit - k) / cmy;
      data[i] = Math.floor(c * f);
      data[i + 1] = Math.floor(m * f);
      data[i + 2] = Math.floor(y * f);
      total = data[i]! + data[i + 1]! + data[i + 2]! + k;
    }
    if (total > most) most = total;
  }
  return { deflated: deflateSync(data), sha256: createHash('sha256').update(data).digest('hex'), width: raster.width, height: raster.height, maxInk: Math.round((most / 255) * 1000) / 10 };
}

export interface PdfXOptions {
  /** Page (trim + bleed) and bleed, in points. */
  pageWidth: number;
  pageHeight: number;
  bleed: number;
  title: string;
  author: string;
  creationDate: Date;
  /** The output intent's ICC profile (CMYK). */
  icc: Buffer;
}

const pdfDate = (d: Date) => `D:${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

/**
 * A PDF/X-1a:2003 file: PDF 1.4, one CMYK image per page filling the page (trim + bleed),
 * TrimBox and BleedBox set, an output intent with its ICC profile, no transparency and no
 * fonts (the faces are images), an ID made from the content.
 */
export async function writePdfX(pages: readonly CmykPage[], options: PdfXOptions): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const ctx = doc.context;
  const { pageWidth: W, pageHeight: H, bleed: b } = options;
  const hash = createHash('sha256');
  // A face repeated (copies, a shared back) is one image drawn on several pages.
  const images = new Map<CmykPage, PDFRef>();
  for (const page of pages) {
    let image = images.get(page);
    if (!image) {
      hash.update(page.sha256);
      image = ctx.register(ctx.stream(page.deflated, { Type: 'XObject', Subtype: 'Image', Width: page.width, Height: page.height, ColorSpace: 'DeviceCMYK', BitsPerComponent: 8, Filter: 'FlateDecode' }));
      images.set(page, image);
    }
    const p = doc.addPage([W, H]);
    const name = p.node.newXObject('Im', image);
    p.pushOperators(pushGraphicsState(), concatTransformationMatrix(W, 0, 0, H, 0, 0), drawObject(name), popGraphicsState());
    p.setMediaBox(0, 0, W, H);
    p.setBleedBox(0, 0, W, H);
    p.setTrimBox(b, b, W - 2 * b, H - 2 * b);
  }
  const profile = ctx.register(ctx.flateStream(options.icc, { N: 4 }));
  const intent = ctx.register(
    ctx.obj({
      Type: 'OutputIntent',
      S: 'GTS_PDFX',
      OutputConditionIdentifier: PDFString.of(OUTPUT_CONDITION.identifier),
      RegistryName: PDFString.of(OUTPUT_CONDITION.registry),
      Info: PDFString.of(OUTPUT_CONDITION.info),
      DestOutputProfile: profile,
    }),
  );
  doc.catalog.set(PDFName.of('OutputIntents'), ctx.obj([intent]));
  const date = PDFString.of(pdfDate(options.creationDate));
  const info = ctx.obj({
    Title: PDFHexString.fromText(options.title),
    Author: PDFHexString.fromText(options.author),
    Creator: PDFString.of('pocketpress'),
    Producer: PDFString.of('pocketpress'),
    CreationDate: date,
    ModDate: date,
    Trapped: 'False',
    GTS_PDFXVersion: PDFString.of('PDF/X-1a:2003'),
  }) as PDFDict;
  ctx.trailerInfo.Info = ctx.register(info);
  const id = PDFHexString.of(hash.digest('hex').slice(0, 32));
  ctx.trailerInfo.ID = ctx.obj([id, id]);
  const bytes = Buffer.from(await doc.save({ useObjectStreams: false, addDefaultPage: false }));
  // pdf-lib always writes a 1.7 header; PDF/X-1a:2003 is PDF 1.4 (nothing here needs more), same length so no offset moves.
  const header = Buffer.from('%PDF-1.7');
  if (!bytes.subarray(0, header.length).equals(header)) throw new Error('unexpected PDF header');
  bytes.write('%PDF-1.4', 0, 'latin1');
  return bytes;
}
