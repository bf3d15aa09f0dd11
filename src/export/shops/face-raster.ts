import sharp from 'sharp';
import type { DisplayItem, DisplayList, Matrix } from '../../shared/display-list.js';
import { trimRegion, type Face, type PictureFace, type Raster } from '../../shared/face.js';
import type { ShopProduct, ShopRules } from '../../shared/shops/index.js';
import { multiplyMatrix } from '../../shared/placement.js';

/** A box in pixels of a shop image. */
export interface PxBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A face drawn at a shop's size: RGB pixels, and where its texts lie in them. */
export interface ShopFace {
  raster: Raster;
  /** The boxes of the face's texts, in the image's pixels (for the preflight's safe-zone check). */
  texts: PxBox[];
  /** Pixels of bleed the face lacked on its widest side, filled by repeating its edge. */
  missingBleedPx: number;
}

const multiply = multiplyMatrix;

/** The boxes (points, trim origin) of every text of a display list, groups' transforms applied. */
export function textBoxes(list: DisplayList): PxBox[] {
  const boxes: PxBox[] = [];
  const walk = (items: readonly DisplayItem[], m: Matrix) => {
    for (const item of items) {
      if (item.type === 'group') walk(item.items, item.transform ? multiply(m, item.transform) : m);
      if (item.type !== 'text') continue;
      for (const run of item.runs) {
        if (run.text.trim() === '') continue;
        const corners = [
          [run.x, run.baseline - run.size * 0.75],
          [run.x + run.width, run.baseline - run.size * 0.75],
          [run.x, run.baseline + run.size * 0.2],
          [run.x + run.width, run.baseline + run.size * 0.2],
        ].map(([x, y]) => [m[0] * x! + m[2] * y! + m[4], m[1] * x! + m[3] * y! + m[5]] as const);
        const xs = corners.map((c) => c[0]);
        const ys = corners.map((c) => c[1]);
        boxes.push({ x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) });
      }
    }
  };
  walk(list.items, [1, 0, 0, 1, 0, 0]);
  return boxes;
}

/**
 * A face at exactly the product's upload size: the face's trim scaled onto the shop's trim
 * (centred, keeping its proportions, covering it), its own bleed around it; where its bleed
 * is narrower than the shop's, the edge pixels are repeated. Landscape components are turned
 * a quarter clockwise when `turned`.
 */
export async function shopFace(face: Face, picture: PictureFace, shop: ShopRules, product: ShopProduct, turned: boolean): Promise<ShopFace> {
  // Work in the component's own orientation, then turn.
  const W = turned ? product.px.height : product.px.width;
  const H = turned ? product.px.width : product.px.height;
  const bleed = shop.bleedPx;
  const trimW = W - 2 * bleed;
  const trimH = H - 2 * bleed;
  const found = await picture(face, { widthPx: Math.ceil(trimW), heightPx: Math.ceil(trimH) });
  const region = trimRegion(face.list, found);
  const scale = Math.max(trimW / region.width, trimH / region.height);
  const cropW = W / scale;
  const cropH = H / scale;
  const cropLeft = region.left + region.width / 2 - cropW / 2;
  const cropTop = region.top + region.height / 2 - cropH / 2;
  const short = Math.max(0, -cropLeft, -cropTop, cropLeft + cropW - found.widthPx, cropTop + cropH - found.heightPx);
  const pad = Math.ceil(short) + 1;
  const extract = {
    left: Math.max(0, Math.round(cropLeft + pad)),
    top: Math.max(0, Math.round(cropTop + pad)),
    width: Math.round(cropW),
    height: Math.round(cropH),
  };
  // Two pipelines: sharp extracts before it extends within one.
  const padded = await sharp(found.png).extend({ top: pad, bottom: pad, left: pad, right: pad, extendWith: 'copy' }).png({ compressionLevel: 0 }).toBuffer();
  let image = sharp(padded).extract(extract).resize(W, H, { fit: 'fill' }).flatten({ background: '#ffffff' }).removeAlpha();
  if (turned) image = sharp(await image.png({ compressionLevel: 0 }).toBuffer()).rotate(90);
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  if (info.width !== product.px.width || info.height !== product.px.height) throw new Error(`sharp gave ${info.width}×${info.height} px instead of ${product.px.width}×${product.px.height}`);

  // Text boxes: points → picture pixels → image pixels (→ turned).
  const ptToPic = region.width / face.list.width;
  const texts = textBoxes(face.list).map((b) => {
    const x = (region.left + b.x * ptToPic - cropLeft) * scale;
    const y = (region.top + b.y * ptToPic - cropTop) * scale;
    const box = { x, y, width: b.width * ptToPic * scale, height: b.height * ptToPic * scale };
    return turned ? { x: H - (box.y + box.height), y: box.x, width: box.height, height: box.width } : box;
  });
  const round = (b: PxBox): PxBox => ({ x: Math.round(b.x * 10) / 10, y: Math.round(b.y * 10) / 10, width: Math.round(b.width * 10) / 10, height: Math.round(b.height * 10) / 10 });
  return { raster: { data, width: info.width, height: info.height, channels: 3 }, texts: texts.map(round), missingBleedPx: Math.round(short * scale * 10) / 10 };
}
