import type { Command } from 'commander';
import { UsageError } from '../shared/errors.js';
import type { CliIo } from './io.js';
import type { itemsExportCommand, itemsImportCommand } from './items-run.js';
import { collect } from './options.js';

const FORMATS = ['csv', 'xlsx', 'ods'] as const;

/** Adds `pocketpress items export|import`; their code loads when they run. */
export function registerItemsCommands(program: Command, io: CliIo, setCode: (code: number) => void): void {
  const items = program.command('items').description("move a set's items between its YAML file and a spreadsheet");
  items
    .command('export')
    .description("write a set's items as a sheet: one row per item, one column per field")
    .argument('<set>', 'the id of the set')
    .option('--dir <dir>', 'a folder of games (default: the content of pocketpress.yaml, else content/)')
    .option('--game <id>', 'the game, when several have a set of that id', collect)
    .option('--format <format>', `${FORMATS.join(', ')}`, 'csv')
    .option('--out <file>', 'where to write (CSV goes to the standard output without it)')
    .action(async (setId: string, options: Parameters<typeof itemsExportCommand>[1]) => {
      if (!(FORMATS as readonly string[]).includes(options.format)) throw new UsageError(`--format is one of ${FORMATS.join(', ')}`);
      const { itemsExportCommand } = await import('./items-run.js');
      setCode(await itemsExportCommand(setId, options, io));
    });
  items
    .command('import')
    .description("replace a set's items in its YAML file by the rows of a sheet")
    .argument('<file>', 'a CSV, XLSX or ODS file')
    .requiredOption('--set <id>', 'the set whose items it holds')
    .option('--sheet <name>', 'the sheet to read (default the first)')
    .option('--header <row>', 'the row that names the columns (default 1)')
    .option('--dir <dir>', 'a folder of games (default: the content of pocketpress.yaml, else content/)')
    .option('--game <id>', 'the game, when several have a set of that id', collect)
    .action(async (file: string, options: Parameters<typeof itemsImportCommand>[1]) => {
      const { itemsImportCommand } = await import('./items-run.js');
      setCode(await itemsImportCommand(file, options, io));
    });
}
