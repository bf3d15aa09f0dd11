import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageItem } from '../../../src/shared/display-list.js';
import { tempDir } from '../../helpers.js';
import { layOut } from './lay-out.js';

/** A game whose cards name their art in an item field: two the same missing file, one a real PNG. */
async function gameWithArt(): Promise<string> {
  const game = path.join(tempDir('pocketpress-image-'), 'art-game');
  for (const sub of ['sets', 'templates', 'art']) mkdirSync(path.join(game, sub), { recursive: true });
  await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } }).png().toFile(path.join(game, 'art', 'band.png'));
  writeFileSync(path.join(game, 'game.yaml'), 'id: art-game\ntitle: Art\nlanguages: [en]\nplayers: {min: 1, max: 4}\nplayTime: {min: 10, max: 20}\nsets: [sets/cards.yaml]\n');
  writeFileSync(
    path.join(game, 'sets', 'cards.yaml'),
    'id: cards\nkind: cards\nname: Cards\nsize: poker\nfront: face\nfields:\n  type: object\n  properties:\n    art: {type: string}\nitems:\n' +
      '  - id: one\n    art: art/lost.png\n  - id: two\n    art: art/band.png\n  - id: three\n    art: art/lost.png\n',
  );
  writeFileSync(path.join(game, 'templates', 'face.yaml'), 'elements:\n  - {type: image, src: "{{item.art}}", x: 0, y: 0, width: 40mm, height: 40mm, fit: contain}\n');
  return game;
}


describe('images named by the cards of a set', () => {
  it('reports a missing file on every card that names it, each at its own item, and draws the others', async () => {
    const game = await gameWithArt();
    const { faces, problems } = layOut(game);
    expect(problems.map((p) => [p.code, path.basename(p.file), p.pointer])).toEqual([
      ['missing-file', 'cards.yaml', '/items/0/art'],
      ['missing-file', 'cards.yaml', '/items/2/art'],
    ]);
    expect(problems[0]!.message).toMatch(/there is no file "art\/lost\.png" in the game folder/);
    const [one, two, three] = faces;
    expect(one!.list.items).toEqual([]);
    expect(three!.list.items).toEqual([]);
    const band = two!.list.items[0] as ImageItem;
    // 40 × 20 px contained in a 40 mm square: full width, half height, centred.
    expect(band).toMatchObject({ type: 'image', x: 0, y: 28.346, width: 113.386, height: 56.693 });
    expect(band.source).toEqual({ kind: 'png', path: path.join(game, 'art', 'band.png'), naturalWidth: 40, naturalHeight: 20 });
  });

  it('checks the files again for the next build: a file added since is found', async () => {
    const game = await gameWithArt();
    expect(layOut(game).problems).toHaveLength(2);
    await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000000' } }).png().toFile(path.join(game, 'art', 'lost.png'));
    const { faces, problems } = layOut(game);
    expect(problems).toEqual([]);
    expect((faces[0]!.list.items[0] as ImageItem).source).toMatchObject({ kind: 'png', naturalWidth: 10, naturalHeight: 10 });
    expect((faces[2]!.list.items[0] as ImageItem).source).toMatchObject({ kind: 'png', naturalWidth: 10, naturalHeight: 10 });
  });
});
