import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DisplayList } from '../../src/shared/display-list.js';
import { embeddedImageOnly } from '../../src/render/pdf/draw-image.js';
import { renderComponentPdf } from '../../src/render/pdf/render-component-pdf.js';
import { renderRaster } from '../../src/render/raster/render-raster.js';
import { tempDir } from '../helpers.js';

/** A card drawing SVG art whose <image> names `href`. */
function cardWith(href: string): DisplayList {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 20 20"><image xlink:href="${href}" x="0" y="0" width="20" height="20"/></svg>`;
  return { width: 40, height: 40, bleed: 0, fonts: {}, items: [{ type: 'image', x: 0, y: 0, width: 40, height: 40, source: { kind: 'svg', svg, naturalWidth: 20, naturalHeight: 20 } }] };
}

describe('images named inside SVG art', () => {
  let secret: string;
  let dataUri: string;
  beforeAll(async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).png().toBuffer();
    secret = path.join(tempDir(), 'secret.png');
    writeFileSync(secret, png);
    dataUri = `data:image/png;base64,${png.toString('base64')}`;
  });

  it.each([
    ['an absolute path', () => secret],
    ['a file: URL', () => `file://${secret}`],
    ['a path relative to the working folder', () => path.relative(process.cwd(), secret)],
  ])('never reads a file of the machine for %s: no image in the PDF, nothing drawn in the PNG', async (_, href) => {
    const list = cardWith(href());
    const pdf = await renderComponentPdf([list]);
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    const { data } = await renderRaster(list, { widthPx: 20, heightPx: 20 });
    expect(Math.max(...data)).toBe(0);
  });

  it('leaves out a PNG embedded in the SVG itself, in both (the PNG renderer cannot draw one)', async () => {
    const list = cardWith(dataUri);
    const pdf = await renderComponentPdf([list]);
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    const { data } = await renderRaster(list, { widthPx: 20, heightPx: 20 });
    expect(Math.max(...data)).toBe(0);
    expect(embeddedImageOnly(` ${dataUri.slice(0, 30)}\n${dataUri.slice(30)}`)).toBe(dataUri);
    expect(embeddedImageOnly('data:image/svg+xml;base64,PHN2Zz4=')).toBe('');
  });
});
