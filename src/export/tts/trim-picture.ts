import { trimRegion, type Face, type PictureFace, type Raster } from '../../shared/face.js';

/**
 * The trim of a face (no bleed: TTS shows the cut component) at exactly `width` × `height` px,
 * as raw RGB on white: cut from the face's picture (the build's component PNG) and scaled.
 */
export async function trimRaster(face: Face, size: { width: number; height: number }, picture: PictureFace): Promise<Raster> {
  const { width, height } = size;
  const found = await picture(face, { widthPx: width, heightPx: height });
  // sharp is loaded only when a trim is cut from a picture: a build's trims mostly come from its PNG workers.
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(found.png)
    .extract(trimRegion(face.list, found))
    .resize(width, height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height) throw new Error(`sharp gave ${info.width}×${info.height} px instead of ${width}×${height}`);
  return { data, width, height, channels: 3 };
}
