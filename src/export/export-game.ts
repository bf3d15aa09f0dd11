import type { AddFile } from '../shared/output-file.js';
import { exportEngineJson } from './export-engine-json.js';
import { exportTts } from './tts/export-tts.js';
import type { ExportInput, ExportOptions } from './types.js';

/** Every export of one game in one language, each file handed to `add` as it is made: `<game-id>.json` and `tts/…`. */
export async function exportGame(input: ExportInput, options: ExportOptions, add: AddFile): Promise<void> {
  add(exportEngineJson(input));
  await exportTts(input, options, add);
}
