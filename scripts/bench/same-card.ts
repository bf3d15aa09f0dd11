// The one card every tool of the benchmark draws: a poker card (63 × 88 mm + 3 mm bleed) on a
// cream background, a JPEG art band at 40 % opacity, a bold title, a number, and a rule text of
// three lines with a bold word and an inline icon, in Alegreya Sans from @fontsource.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

export const CARD = {
  widthMm: 63,
  heightMm: 88,
  bleedMm: 3,
  background: '#f4ecd8',
  ink: '#1d1b19',
  backColor: '#1d1b19',
  font: 'Alegreya Sans',
  art: { xMm: -3, yMm: -3, widthMm: 69, heightMm: 40, opacity: 0.4 },
  title: { xMm: 5, yMm: 5, widthMm: 45, heightMm: 8, size: 12 },
  number: { xMm: 50, yMm: 5, widthMm: 8, heightMm: 8, size: 14 },
  rules: { xMm: 5, yMm: 45, widthMm: 53, heightMm: 35, size: 10 },
} as const;

/** The words of card `i`: its title, its number, and its rule text in three parts around the bold word and the icon. */
export function cardWords(i: number): { title: string; number: string; before: string; bold: string; between: string; after: string } {
  return { title: `Card number ${i}`, number: String(i % 10), before: 'Draw ', bold: String((i % 3) + 1), between: ' cards, then discard one ', after: ` unless you hold the lantern of card ${i} and the key of the old tower.` };
}

export const MM = 72 / 25.4;

/** Pixel size of trim + bleed at `dpi`, as pocketpress rounds it. */
export function cardPixels(dpi: number): { width: number; height: number } {
  return { width: Math.round(((CARD.widthMm + 2 * CARD.bleedMm) / 25.4) * dpi), height: Math.round(((CARD.heightMm + 2 * CARD.bleedMm) / 25.4) * dpi) };
}

export interface CardAssets {
  dir: string;
  art: string;
  icon: string;
  /** The SVG path of the icon, in a 512 × 512 box. */
  iconPath: string;
  fontsDir: string;
  regular: string;
  bold: string;
}

/**
 * A WOFF 1 file unwrapped into the TrueType/OpenType font it holds (Typst and Skia read no WOFF):
 * each table inflated when it was compressed, laid out again 4-byte aligned.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF file');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, t) => {
    const at = 44 + t * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(raw) : raw };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const chunks: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, t) => {
    const at = 12 + t * 16;
    table.tag.copy(header, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    chunks.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(chunks);
}

/** Writes the art, the icon and the fonts every tool uses into `dir`. */
export async function writeCardAssets(dir: string): Promise<CardAssets> {
  mkdirSync(dir, { recursive: true });
  const fontsDir = path.join(dir, 'fonts');
  mkdirSync(fontsDir, { recursive: true });
  const width = 816;
  const height = 473;
  const noise = Buffer.alloc(width * height * 3).map((_, i) => (i * 37 + ((i / 600) | 0) * 11 + ((i / 2448) | 0) * 5) % 256);
  const art = path.join(dir, 'art.jpg');
  await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toFile(art);

  const icons = JSON.parse(readFileSync(require.resolve('@iconify-json/game-icons/icons.json'), 'utf8')) as { icons: Record<string, { body: string }> };
  const body = icons.icons['skull-crossed-bones']!.body;
  const iconPath = /\bd="([^"]+)"/.exec(body)![1]!;
  const icon = path.join(dir, 'skull.svg');
  writeFileSync(icon, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512"><path fill="${CARD.ink}" d="${iconPath}"/></svg>\n`);

  const font = (weight: number) => {
    const file = path.join(fontsDir, `alegreya-sans-${weight}.ttf`);
    writeFileSync(file, woffToSfnt(readFileSync(require.resolve(`@fontsource/alegreya-sans/files/alegreya-sans-latin-${weight}-normal.woff`))));
    return file;
  };
  return { dir, art, icon, iconPath, fontsDir, regular: font(400), bold: font(700) };
}
