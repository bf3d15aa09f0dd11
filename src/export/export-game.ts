import type { OutputFile } from '../shared/output-file.js';
import { exportEngineJson } from './export-engine-json.js';
import { exportTts } from './tts/export-tts.js';
import type { ExportInput, ExportOptions } from './types.js';

/** Every export of one game in one language: `<game-id>.json` and `tts/…`. */
export async function exportGame(input: ExportInput, options: ExportOptions): Promise<OutputFile[]> {
  return [exportEngineJson(input), ...(await exportTts(input, options))];
}
