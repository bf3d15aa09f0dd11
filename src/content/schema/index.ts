import { AssetPath, Color, Id, Length, LocalizedText } from './common.js';
import { GameSchema } from './game.js';
import { PrintersFileSchema } from './printers.js';
import { ProjectSchema } from './project.js';
import { ItemBase, SetSchema } from './set.js';
import { TemplateSchema } from './template.js';

/** The schemas of the content files, by the name their validator is known by. */
export const FILE_SCHEMAS = {
  game: GameSchema,
  set: SetSchema,
  template: TemplateSchema,
  project: ProjectSchema,
  printers: PrintersFileSchema,
} as const;

/** Definitions a set's field schema can reference as "#/$defs/<name>". */
export const FIELD_DEFS = {
  text: LocalizedText,
  length: Length,
  color: Color,
  asset: AssetPath('a file in the game folder, such as "art/skull.svg"'),
  id: Id,
} as const;

export { ItemBase };
