import type { OutputFile } from '../shared/output-file.js';
import { engineJsonFile } from '../shared/output-names.js';
import { buildEngineDocument } from './engine-document.js';
import { stringifyStable } from '../shared/stable-json.js';
import type { ExportInput } from './types.js';

/** `<game-id>.json`: the engine export with sorted keys, so the same content gives the same bytes. */
export function exportEngineJson(input: ExportInput): OutputFile {
  const document = buildEngineDocument(input);
  return {
    path: engineJsonFile(input.game.id),
    bytes: Buffer.from(stringifyStable(document), 'utf8'),
    entry: {
      kind: 'engine-json',
      format: document.format,
      formatVersion: document.formatVersion,
      sets: document.sets.length,
      items: document.sets.reduce((n, s) => n + s.items.length, 0),
      copies: document.sets.reduce((n, s) => n + s.copies, 0),
      sections: document.rulebook.sections.length,
    },
  };
}
