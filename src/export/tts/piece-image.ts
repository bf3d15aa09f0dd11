import sharp from 'sharp';
import type { ResolvedSet } from '../../resolve/model.js';
import type { ExportFace } from '../types.js';
import { cropTrim } from './face-raster.js';

/** Tile and token images stay within this many pixels on their longest side. */
export const PIECE_MAX_PX = 1024;
/** A token's transparent margin: TTS cuts tokens out along the alpha more cleanly with one. */
const TOKEN_MARGIN_PX = 4;

const PNG_OPTIONS = { compressionLevel: 9, adaptiveFiltering: false } as const;

/** The opaque part of a w × h token, as SVG: its outline (a hexagon is flat-topped when wider than tall). */
export function shapeMask(shape: ResolvedSet['shape'], w: number, h: number, radius: number): string {
  let body: string;
  if (shape === 'circle') body = `<ellipse cx="${w / 2}" cy="${h / 2}" rx="${w / 2}" ry="${h / 2}"/>`;
  else if (shape === 'hex') {
    const pts = w >= h ? [[w / 4, 0], [(3 * w) / 4, 0], [w, h / 2], [(3 * w) / 4, h], [w / 4, h], [0, h / 2]] : [[w / 2, 0], [w, h / 4], [w, (3 * h) / 4], [w / 2, h], [0, (3 * h) / 4], [0, h / 4]];
    body = `<polygon points="${pts.map((p) => p.join(',')).join(' ')}"/>`;
  } else body = `<rect width="${w}" height="${h}" rx="${shape === 'rounded' ? radius : 0}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`;
}

async function trimAtPieceSize(face: ExportFace): Promise<{ image: sharp.Sharp; width: number; height: number }> {
  const trimmed = await (await cropTrim(face)).png().toBuffer({ resolveWithObject: true });
  const { width, height } = trimmed.info;
  const k = Math.min(1, PIECE_MAX_PX / Math.max(width, height));
  const size = { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
  return { image: sharp(trimmed.data).resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' }), ...size };
}

/** A tile's face: the trim as an RGB PNG (TTS cuts the shape itself). */
export async function renderTileImage(face: ExportFace): Promise<Buffer> {
  const { image } = await trimAtPieceSize(face);
  return image.flatten({ background: '#ffffff' }).removeAlpha().png(PNG_OPTIONS).toBuffer();
}

/** A token's face: the trim, transparent outside the set's shape and in a small margin, as RGBA; `radiusShare` = corner radius / width. */
export async function renderTokenImage(face: ExportFace, shape: ResolvedSet['shape'], radiusShare: number): Promise<Buffer> {
  const { image, width, height } = await trimAtPieceSize(face);
  const radiusPx = Math.round(radiusShare * width * 100) / 100;
  const opaque = await image.flatten({ background: '#ffffff' }).ensureAlpha().png().toBuffer();
  const mask = Buffer.from(shapeMask(shape, width, height, radiusPx));
  const cut = await sharp(opaque).composite([{ input: mask, blend: 'dest-in' }]).png().toBuffer();
  const m = TOKEN_MARGIN_PX;
  return sharp(cut).extend({ top: m, bottom: m, left: m, right: m, background: { r: 0, g: 0, b: 0, alpha: 0 } }).png(PNG_OPTIONS).toBuffer();
}
