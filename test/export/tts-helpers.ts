import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { OutputFile } from '../../src/shared/output-file.js';
import { exportTts } from '../../src/export/tts/export-tts.js';
import { collectFiles } from '../helpers.js';
import type { ExportInput, ExportOptions } from '../../src/export/types.js';

/** The TTS export's files, in the order it handed them over. */
export async function ttsFiles(input: ExportInput, options: ExportOptions): Promise<OutputFile[]> {
  const files: OutputFile[] = [];
  await exportTts(input, options, collectFiles(files));
  return files;
}

export interface SavedObject {
  Name: string;
  GUID: string;
  Nickname: string;
  GMNotes: string;
  Transform: Record<'posX' | 'posY' | 'posZ' | 'rotX' | 'rotY' | 'rotZ' | 'scaleX' | 'scaleY' | 'scaleZ', number>;
  CardID?: number;
  DeckIDs?: number[];
  ContainedObjects?: SavedObject[];
  CustomDeck?: Record<string, { FaceURL: string; BackURL: string; NumWidth: number; NumHeight: number; BackIsHidden: boolean; UniqueBack: boolean; Type: number }>;
  CustomImage?: { ImageURL: string; ImageSecondaryURL: string; CustomTile?: { Type: number }; CustomToken?: Record<string, unknown> };
}

export function savedObjects(files: readonly OutputFile[]): SavedObject[] {
  const json = files.find((f) => f.entry.kind === 'tts-json')!;
  return (JSON.parse(json.bytes.toString('utf8')) as { ObjectStates: SavedObject[] }).ObjectStates;
}

/** RGB pixels of a PNG (file or bytes), optionally a region of it, optionally resized. */
export async function rgb(
  input: string | Buffer,
  region?: { left: number; top: number; width: number; height: number },
  size?: { width: number; height: number },
): Promise<{ data: Buffer; width: number; height: number }> {
  let image = sharp(typeof input === 'string' ? readFileSync(input) : input);
  if (region) image = sharp(await image.extract(region).png().toBuffer());
  if (size) image = image.resize(size.width, size.height, { fit: 'fill' });
  const { data, info } = await image.flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean absolute difference per channel (0–255) of two same-size RGB pictures. */
export function meanDifference(a: { data: Buffer }, b: { data: Buffer }): number {
  if (a.data.length !== b.data.length) return 255;
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}

const decoded = new Map<string, Promise<{ data: Buffer; width: number; height: number }>>();

/** The cell a CardID names: the sheet of its CustomDeck key (read from its file:/// URL), the index-th cell row by row. */
export async function cardCell(deck: { FaceURL: string; NumWidth: number; NumHeight: number }, cardId: number, url = deck.FaceURL) {
  const file = fileURLToPath(url);
  if (!decoded.has(file)) decoded.set(file, rgb(file));
  const sheet = await decoded.get(file)!;
  const width = sheet.width / deck.NumWidth;
  const height = sheet.height / deck.NumHeight;
  const index = cardId % 100;
  const region = { left: (index % deck.NumWidth) * width, top: Math.floor(index / deck.NumWidth) * height, width, height };
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const start = ((region.top + y) * sheet.width + region.left) * 3;
    sheet.data.copy(data, y * width * 3, start, start + width * 3);
  }
  return { region, pixels: { data, width, height } };
}

/** A component PNG (trim + bleed) with its bleed cut off, scaled to `size`: what a TTS cell should show. */
export async function trimOf(png: Buffer, bleedShare: { x: number; y: number }, size: { width: number; height: number }) {
  const meta = await sharp(png).metadata();
  const left = Math.round(meta.width! * bleedShare.x);
  const top = Math.round(meta.height! * bleedShare.y);
  return rgb(png, { left, top, width: meta.width! - 2 * left, height: meta.height! - 2 * top }, size);
}
