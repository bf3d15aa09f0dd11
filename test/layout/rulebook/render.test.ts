import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RectItem } from '../../../src/shared/display-list.js';
import { renderPng } from '../../../src/render/png/render-png.js';
import { rulebook, textOf, flat } from './helpers.js';

/** Set RULEBOOK_PNG_DIR to keep the PNGs and look at them. */
const KEEP = process.env['RULEBOOK_PNG_DIR'];

describe('rulebook pages rendered to PNG', () => {
  const { pages } = rulebook({ lang: 'fr' });

  it('renders every page of a PocketMod at 74.25 × 105 mm (877 × 1240 px at 300 dpi)', async () => {
    for (const [i, page] of pages.entries()) {
      const png = await renderPng(page, { dpi: 300 });
      expect([png.widthPx, png.heightPx]).toEqual([877, 1240]);
      if (KEEP) {
        mkdirSync(KEEP, { recursive: true });
        writeFileSync(path.join(KEEP, `pocketmod-fr-${i + 1}.png`), png.png);
      }
    }
  });

  it('paints the sidebar box in the palette paper colour', async () => {
    const page = pages.find((p) => textOf(p).includes('Règle numéro 1'))!;
    const box = flat(page.items).find((i): i is RectItem => i.type === 'rect' && i.fill === '#f1e6c8')!;
    const png = await renderPng(page, { dpi: 300 });
    const { data, info } = await sharp(png.png).raw().toBuffer({ resolveWithObject: true });
    const px = (pt: number) => Math.round((pt / 72) * 300);
    const x = px(box.x + box.width - 1.5);
    const y = px(box.y + box.height / 2);
    const at = (y * info.width + x) * info.channels;
    expect([...data.subarray(at, at + 3)]).toEqual([0xf1, 0xe6, 0xc8]);
  });
});
