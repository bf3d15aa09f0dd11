import { readFileSync } from 'node:fs';
import type { ImageSource } from '../shared/display-list.js';
import { formatRgbHex, parseColor } from '../shared/colors.js';

/** The bytes of a PNG or JPEG source. */
export function readImageBytes(source: ImageSource): Buffer {
  if (!source.path) throw new Error(`a ${source.kind} image needs a file path`);
  return readFileSync(source.path);
}

/**
 * SVG markup ready to draw: `currentColor` replaced by the tint (alpha dropped: the caller
 * multiplies it into the opacity), and a viewBox from the natural size when the root has none,
 * so the image scales to its box in both backends.
 */
export function prepareSvgImage(source: ImageSource, tint: string | undefined): string {
  let markup = source.svg ?? (source.path ? readFileSync(source.path, 'utf8') : undefined);
  if (markup === undefined) throw new Error('an svg image needs either `svg` markup or a file path');
  if (tint) markup = markup.replace(/currentColor/gi, formatRgbHex(parseColor(tint)));
  const root = /<svg\b[^>]*>/i.exec(markup);
  if (!root) throw new Error('svg image markup has no <svg> element');
  if (!/\sviewBox\s*=/i.test(root[0])) {
    const tag = root[0].replace(/^<svg\b/i, `<svg viewBox="0 0 ${source.naturalWidth} ${source.naturalHeight}"`);
    markup = markup.slice(0, root.index) + tag + markup.slice(root.index + root[0].length);
  }
  return markup;
}

/** The tint's alpha (1 without a tint). */
export function tintAlpha(tint: string | undefined): number {
  return tint ? parseColor(tint).a : 1;
}
