import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { imageSize } from '../vendor/image-size.js';
import { BUDGETS, formatBudget } from './budgets.js';

/** Enough of a file for image-size to find the dimensions of a PNG, JPEG, GIF or WebP (a JPEG's frame header may follow large metadata). */
const HEADER_BYTES = 512 * 1024;

/** Width and height from the first bytes of an image file, without decoding it; undefined when the header cannot be read. */
export function readImageHeader(file: string): { width: number; height: number } | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buffer = Buffer.alloc(HEADER_BYTES);
    const read = readSync(fd, buffer, 0, HEADER_BYTES, 0);
    const size = imageSize(buffer.subarray(0, read));
    return size.width && size.height ? { width: size.width, height: size.height } : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Why an image of this size is refused (decoded, it would take width × height × 4 bytes), or undefined when it is within the budget. */
export function imagePixelProblem(size: { width: number; height: number }, written: string): string | undefined {
  const pixels = size.width * size.height;
  if (pixels <= BUDGETS.imagePixels) return undefined;
  return `"${written}" is ${size.width} × ${size.height} pixels (${formatBudget(pixels)}); an image may have at most ${formatBudget(BUDGETS.imagePixels)} pixels (about 7 000 × 7 000): scale it down, 300 dpi at its printed size is enough`;
}

/**
 * Why an image file is refused before any of it is read past its header: more bytes than
 * BUDGETS.imageBytes, or (not for SVG) more pixels than BUDGETS.imagePixels; undefined when within both.
 */
export function imageFileProblem(file: string, written: string): string | undefined {
  const bytes = statSync(file).size;
  if (bytes > BUDGETS.imageBytes) return `"${written}" is ${formatBudget(bytes)} bytes; an image file may have at most ${formatBudget(BUDGETS.imageBytes)} bytes (100 MiB): save it smaller`;
  if (/\.svg$/i.test(file)) return undefined;
  const header = readImageHeader(file);
  return header && imagePixelProblem(header, written);
}
