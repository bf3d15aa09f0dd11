import { EngineSchema } from '../export/engine-schema.js';
import { GameSchema } from '../content/schema/game.js';
import { SetSchema } from '../content/schema/set.js';
import { TemplateSchema } from '../content/schema/template.js';
import { ProjectSchema } from '../content/schema/project.js';
import { PrintersFileSchema } from '../content/schema/printers.js';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** The schemas published in schemas/, as JSON text, by file name. */
export function publishedSchemas(): Record<string, string> {
  const entries = {
    'engine.schema.json': EngineSchema,
    'game.schema.json': GameSchema,
    'set.schema.json': SetSchema,
    'template.schema.json': TemplateSchema,
    'project.schema.json': ProjectSchema,
    'printers.schema.json': PrintersFileSchema,
  };
  return Object.fromEntries(
    Object.entries(entries).map(([name, schema]) => [
      name,
      JSON.stringify({ $schema: DIALECT, $id: name, ...schema }, null, 2) + '\n',
    ]),
  );
}
