import { TTS_FOLDER } from '../../shared/output-names.js';
import type { AddFile } from '../../shared/output-file.js';
import { stringifyStable } from '../../shared/stable-json.js';
import type { ExportInput, ExportOptions } from '../types.js';
import { arrangePieces } from './arrange.js';
import { createContext } from './context.js';
import { exportCardSet } from './export-card-set.js';
import { exportPieceSet } from './export-piece-set.js';
import type { TtsPart } from './part.js';
import { trimRaster } from './trim-picture.js';

/** Where the saved object goes, relative to `out/<game>/<lang>/`. */
export function ttsJsonPath(gameId: string): string {
  return `${TTS_FOLDER}/${gameId}.json`;
}

/**
 * The Tabletop Simulator export of one game in one language: the images of every set under
 * `tts/`, and `tts/<game-id>.json`, a saved object ({"ObjectStates": [...]}) that lays out a deck
 * per card set and a tile, token or figurine per copy of every other component. Each file goes to
 * `add` as soon as it is made, the saved object last.
 */
export async function exportTts(input: ExportInput, options: ExportOptions, add: AddFile): Promise<void> {
  const trim = input.trimmed ?? ((face, size) => trimRaster(face, size, input.picture));
  const ctx = createContext(options, { game: input.game.id, lang: input.game.lang }, { trim, add, keptTrim: input.keptTrim, bands: input.bands, band: input.band, sheets: input.sheets, pieces: input.pieces });
  const parts: TtsPart[] = [];
  for (const exportSet of input.sets) {
    parts.push(exportSet.set.kind === 'cards' ? await exportCardSet(exportSet, ctx) : await exportPieceSet(exportSet, ctx));
  }
  const objects = arrangePieces(parts.map((p) => p.pieces));
  const saved = { SaveName: input.game.title, GameMode: '', Date: '', VersionNumber: '', Note: '', ObjectStates: objects, LuaScript: '', LuaScriptState: '', XmlUI: '' };
  add({
    path: ttsJsonPath(input.game.id),
    bytes: Buffer.from(stringifyStable(saved), 'utf8'),
    entry: { kind: 'tts-json', objects: objects.length, baseUrl: options.ttsBaseUrl ?? null },
  });
}
