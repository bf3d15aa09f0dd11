import { TTS_FOLDER } from '../../shared/output-names.js';
import { pointsToMm } from '../../shared/lengths.js';
import type { ResolvedSet } from '../../resolve/model.js';
import { facesByItem } from '../face-paths.js';
import type { Face } from '../../shared/face.js';
import type { ExportSet } from '../types.js';
import type { TtsContext } from './context.js';
import { transformAt, type ObjectState } from './objects.js';
import { instanceIds, itemNickname, keptTtsImage, type TtsPart } from './part.js';
import { figurineObject, tileObject, tokenObject, type PieceImages } from './piece-objects.js';
import { tileImage, tokenImage } from './piece-image.js';

/**
 * Millimetres that scale 1 stands for, on the longest side: TTS tiles and figurines are taken
 * as about 2 in at scale 1, tokens as about 1 in (a TTS unit is "about an inch").
 */
const SCALE_MM = { tile: 50.8, token: 25.4 };

function imagePath(set: ResolvedSet, face: Face): string {
  return face.item === undefined ? `${TTS_FOLDER}/${set.id}/_back.png` : `${TTS_FOLDER}/${set.id}/${face.item}${face.back ? '.back' : ''}.png`;
}

/**
 * Tiles, boards and sheets as `Custom_Tile` (front and back images in `tts/<set>/`), tokens as
 * `Custom_Token` (one image, transparent outside the shape), standees as `Figurine_Custom`;
 * one object per copy. Tokens with a back become `Custom_Tile`s of their shape, since a
 * Custom_Token shows one image on both sides and would lose the back.
 */
export async function exportPieceSet({ set, faces }: ExportSet, ctx: TtsContext): Promise<TtsPart> {
  const isToken = set.kind === 'tokens' && !faces.some((f) => f.back);
  const longestMm = pointsToMm(Math.max(set.width, set.height));
  const scale = Math.round((longestMm / (isToken ? SCALE_MM.token : SCALE_MM.tile)) * 1000) / 1000;
  const written = new Map<Face, string>();
  const write = async (face: Face): Promise<string> => {
    const known = written.get(face);
    if (known) return known;
    const { inputs, make, ...size } = isToken ? tokenImage(face, set, ctx.trim) : tileImage(face, set, ctx.trim);
    const file = await keptTtsImage(imagePath(set, face), { set: set.id, item: face.item ?? null, side: face.back ? 'back' : 'front', ...size }, { faces: [face], inputs, make }, ctx.pieces);
    ctx.add(file);
    const url = ctx.url(file.path);
    written.set(face, url);
    return url;
  };
  const byItem = facesByItem(faces);
  const pieces: TtsPart['pieces'] = [];
  for (const item of set.items) {
    const itemFaces = byItem.get(item.id)!;
    const images: PieceImages = { front: await write(itemFaces.front), back: itemFaces.back ? await write(itemFaces.back) : '' };
    for (const instance of instanceIds(item)) {
      const id = { guid: ctx.guid(`${set.id}/${instance}`), nickname: itemNickname(item), gmNotes: instance };
      const transform = transformAt(scale);
      const object: ObjectState = isToken
        ? tokenObject(id, images.front, transform)
        : set.kind === 'standees'
          ? figurineObject(id, images, transform)
          : tileObject(id, images, set.shape, transform);
      pieces.push({ object, widthMm: pointsToMm(set.width), heightMm: pointsToMm(set.height) });
    }
  }
  return { pieces };
}
