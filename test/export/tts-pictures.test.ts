import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BuildCache } from '../../src/build/cache.js';
import { facePictures } from '../../src/build/renderers.js';
import { trimRegion } from '../../src/shared/face.js';
import { renderPng } from '../../src/render/png/render-png.js';
import type { Face, PictureFace } from '../../src/shared/face.js';
import { ttsFiles } from './tts-helpers.js';
import { tempDir } from '../helpers.js';
import { prepareExport, writeManyCardsGame, type Prepared } from './helpers.js';

describe('TTS images are cut from the build’s pictures of the faces, not drawn again', () => {
  let prepared: Prepared;
  beforeAll(async () => {
    prepared = await prepareExport(writeManyCardsGame(), 'en', { render: false });
  }, 120_000);

  const deckFace = () => prepared.input.sets[0]!.faces[0]!;

  it('fills every cell and piece from the picture it is given', async () => {
    // A picture that is all one colour (with a red bleed): the TTS images must show that colour and never the face's drawing.
    const asked: { item: string | undefined; widthPx: number; heightPx: number }[] = [];
    const picture: PictureFace = async (face, trim) => {
      asked.push({ item: face.item, ...trim });
      const { widthPx, heightPx } = { widthPx: 200, heightPx: 280 };
      const region = trimRegion(face.list, { widthPx, heightPx });
      const inner = await sharp({ create: { width: region.width, height: region.height, channels: 3, background: '#1f6e43' } }).png().toBuffer();
      const png = await sharp({ create: { width: widthPx, height: heightPx, channels: 3, background: '#ff0000' } }).composite([{ input: inner, left: region.left, top: region.top }]).png().toBuffer();
      return { png, widthPx, heightPx };
    };
    const files = await ttsFiles({ ...prepared.input, picture }, { outDir: tempDir() });
    const sheet = files.find((f) => f.path === 'tts/deck-1.png')!;
    const { data, info } = await sharp(sheet.bytes).raw().toBuffer({ resolveWithObject: true });
    const colours = new Set<string>();
    for (let i = 0; i < data.length; i += info.channels) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    expect([...colours]).toEqual(['31,110,67']);
    // Cards ask for their cell, pieces for their image size.
    expect(asked.find((a) => a.item === 'c1')).toEqual({ item: 'c1', widthPx: 409, heightPx: 571 });
    expect(asked.find((a) => a.item === 'gold')).toEqual({ item: 'gold', widthPx: 157, heightPx: 157 });
  });

  it('hands over the component PNG itself when the build’s dpi has the pixels, from the cache the build filled', async () => {
    const face = deckFace();
    const cache = new BuildCache(tempDir(), 'test');
    const component = await renderPng(face.list, { dpi: 300 });
    await facePictures(300, cache)(face, { widthPx: 1, heightPx: 1 });
    const again = await facePictures(300, cache)(face, { widthPx: 409, heightPx: 571 });
    expect(again.png.equals(component.png)).toBe(true);
    expect([again.widthPx, again.heightPx]).toEqual([component.widthPx, component.heightPx]);
    expect(cache.stats['png']).toEqual({ made: 1, reused: 1 });
  });

  it('renders a face again at a higher dpi only when the build’s pictures are too small for the image', async () => {
    const face: Face = deckFace();
    const picture = await facePictures(72, undefined)(face, { widthPx: 409, heightPx: 571 });
    const trim = trimRegion(face.list, picture);
    expect(trim.width).toBeGreaterThanOrEqual(409);
    expect(trim.width).toBeLessThanOrEqual(411);
    expect(trim.height).toBeGreaterThanOrEqual(571);
    const meta = await sharp(picture.png).metadata();
    expect([meta.width, meta.height]).toEqual([picture.widthPx, picture.heightPx]);
    // Kept apart from the component PNGs in the cache and its statistics.
    const cache = new BuildCache(tempDir(), 'test');
    const cached = await facePictures(72, cache)(face, { widthPx: 409, heightPx: 571 });
    expect(cached.png.equals(picture.png)).toBe(true);
    expect(cache.stats).toEqual({ 'export-picture': { made: 1, reused: 0 } });
  });

  it('finds the trim inside a picture of trim and bleed', () => {
    const face = deckFace();
    expect(face.list.bleed).toBeGreaterThan(0);
    const region = trimRegion(face.list, { widthPx: 822, heightPx: 1122 });
    const bleedPx = Math.round((822 * face.list.bleed) / (face.list.width + 2 * face.list.bleed));
    expect(region).toEqual({ left: bleedPx, top: Math.round((1122 * face.list.bleed) / (face.list.height + 2 * face.list.bleed)), width: 822 - 2 * bleedPx, height: 1122 - 2 * region.top });
  });
});
