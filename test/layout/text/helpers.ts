import type { GlyphRun, ImageItem } from '../../../src/shared/display-list.js';
import { createFontRegistry } from '../../../src/shared/fonts.js';
import type { TextLayout } from '../../../src/layout/text/types.js';
import { ROOT } from '../../helpers.js';

export const MM = 72 / 25.4;
export const fonts = createFontRegistry(undefined, ROOT);

/** The regular Alegreya Sans fontkit font. */
export function regularFont() {
  return fonts.resolve('Alegreya Sans', 'normal', 'normal')!.font;
}

export function runsOf(layout: TextLayout): GlyphRun[] {
  return layout.items.flatMap((item) => (item.type === 'text' ? item.runs : []));
}

export function iconsOf(layout: TextLayout): ImageItem[] {
  return layout.items.filter((item): item is ImageItem => item.type === 'image');
}

/** A known English and a known French paragraph of the Cadwallon rules. */
export const ENGLISH =
  'The skeletons swarm out of the old manor every night. Light the lantern, draw a card and move one tile; if the moon is full, every skeleton gains one strength.';
export const FRENCH =
  'Les squelettes sortent du vieux manoir chaque nuit. Allumez la lanterne, piochez une carte et déplacez-vous d’une tuile ; à la pleine lune, chaque squelette gagne une force.';
