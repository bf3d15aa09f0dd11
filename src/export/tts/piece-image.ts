import type { Face, TrimFace } from '../../shared/face.js';
import type { ResolvedSet } from '../../resolve/model.js';
import { encodeStraightPng } from '../../shared/png-write.js';
import { pieceSize } from './sheet-plan.js';

/** A token's transparent margin: TTS cuts tokens out along the alpha more cleanly with one. */
const TOKEN_MARGIN_PX = 4;

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

/** A piece's image: its size, what it is made from besides its face (its key's inputs), and how it is made. */
export interface PieceImage {
  widthPx: number;
  heightPx: number;
  inputs: Record<string, unknown>;
  make: () => Promise<Buffer>;
}

/** A tile's or standee's face: the trim as an RGB PNG (TTS cuts a tile's shape itself). */
export function tileImage(face: Face, set: ResolvedSet, trim: TrimFace): PieceImage {
  const { width, height } = pieceSize(set);
  return { widthPx: width, heightPx: height, inputs: { kind: 'tile', width, height }, make: async () => encodeStraightPng(await trim(face, { width, height })) };
}

/** A token's face: the trim on white, transparent outside the set's shape and in a small margin, as RGBA. */
export function tokenImage(token: Face, set: ResolvedSet, trim: TrimFace): PieceImage {
  const { width, height } = pieceSize(set);
  const radius = Math.round((set.cornerRadius / set.width) * width * 100) / 100;
  const m = TOKEN_MARGIN_PX;
  return {
    widthPx: width + 2 * m,
    heightPx: height + 2 * m,
    inputs: { kind: 'token', width, height, shape: set.shape, radius, margin: m },
    make: () => cutToken(token, trim, set, { width, height, radius }),
  };
}

async function cutToken(token: Face, trim: TrimFace, set: ResolvedSet, size: { width: number; height: number; radius: number }): Promise<Buffer> {
  const { width, height, radius } = size;
  const face = await trim(token, { width, height });
  const mask = Buffer.from(shapeMask(set.shape, width, height, radius));
  // Loaded with the first token: a build without tokens (or whose token images are kept) never loads sharp.
  const { default: sharp } = await import('sharp');
  const cut = await sharp(face.data, { raw: { width, height, channels: 3 } }).ensureAlpha().composite([{ input: mask, blend: 'dest-in' }]).png().toBuffer();
  const m = TOKEN_MARGIN_PX;
  const { data, info } = await sharp(cut)
    .extend({ top: m, bottom: m, left: m, right: m, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`sharp gave a token of ${info.channels} channels instead of RGBA`);
  return encodeStraightPng({ data, width: info.width, height: info.height, channels: 4 });
}
