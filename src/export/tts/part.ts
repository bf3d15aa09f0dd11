import type { KeptOutputFile, OutputFile } from '../../shared/output-file.js';
import type { Face } from '../../shared/face.js';
import type { KeepImage } from '../types.js';
import type { ResolvedItem } from '../../resolve/model.js';
import { toTextValue } from '../text-value.js';
import type { ObjectState } from './objects.js';

/** An object for the table and the room it takes there (trim size, in millimetres). */
export interface Piece {
  object: ObjectState;
  widthMm: number;
  heightMm: number;
}

/** What exporting one set gives, its images handed to the context as they were made: the objects for the table. */
export interface TtsPart {
  pieces: Piece[];
}

/** What TTS shows as an object's name: the item's `name` field as plain text, else its id. */
export function itemNickname(item: ResolvedItem): string {
  const name = item.fields['name'];
  return typeof name === 'string' && name.trim() !== '' ? toTextValue(name).plain.replace(/\s+/g, ' ').trim() : item.id;
}

/** Each copy of an item: its instance id ("oil#2"), as in the engine JSON. */
export function instanceIds(item: ResolvedItem): string[] {
  return Array.from({ length: item.count }, (_, i) => `${item.id}#${i + 1}`);
}

/**
 * An image for TTS made from `faces` and `inputs` by `make`, or as `keep` kept it: the file to
 * hand over (the cache's copy when it has one).
 */
export async function keptTtsImage(path: string, facts: Record<string, unknown>, image: { faces: readonly Face[]; inputs: Record<string, unknown>; make: () => Promise<Buffer> }, keep?: KeepImage): Promise<OutputFile | KeptOutputFile> {
  const entry = { kind: 'tts-sheet', ...facts } as const;
  if (!keep) return { path, bytes: await image.make(), entry };
  const got = await keep(image.faces, image.inputs, image.make);
  if ('kept' in got) return { path, kept: got.kept, entry };
  return { path, bytes: got.bytes, sha256: got.sha256, entry, ...(got.key ? { keptAs: got.key } : {}) };
}
