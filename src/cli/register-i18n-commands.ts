import { type Command, InvalidArgumentError, Option } from '../vendor/commander.js';
import { LANG_PATTERN } from '../shared/language-code.js';
import type { I18nOptions, i18nExportCommand, i18nImportCommand, i18nStatusCommand } from './i18n-command.js';
import { EXPORT_FORMATS, TEXT_STATUSES, type TextStatus } from '../translate/option-values.js';
import type { CliIo } from './io.js';
import { collect } from './options.js';

// Commander wiring only: the commands' code (content checks, YAML, CSV) loads when one runs,
// so `pocketpress --help` and the other commands do not pay for it.


function language(value: string): string {
  if (!new RegExp(LANG_PATTERN).test(value)) throw new InvalidArgumentError(`expected a language code such as "fr", found "${value}"`);
  return value;
}

function statuses(value: string): TextStatus[] {
  const list = value.split(',').map((s) => s.trim());
  const bad = list.filter((s) => !TEXT_STATUSES.includes(s as TextStatus));
  if (bad.length > 0) throw new InvalidArgumentError(`expected statuses among ${TEXT_STATUSES.join(', ')}, found "${bad.join(',')}"`);
  return list as TextStatus[];
}

function withContent(command: Command, langHelp: string): Command {
  return command
    .argument('[dir]', 'a folder of games, or one game folder', 'content')
    .option('--game <id>', 'only this game (repeat for several)', collect)
    .option('--lang <code>', langHelp, language);
}

const commands = () => import('./i18n-command.js');

/** Adds `pocketpress i18n status|export|import|mark-current`. */
export function registerI18nCommands(program: Command, io: CliIo, setCode: (code: number) => void): Command {
  const i18n = program.command('i18n').description('translations: what is missing or stale, files for translators, and their import');
  withContent(i18n.command('status'), 'only this target language')
    .description('count texts translated, missing and stale, per game and language')
    .addOption(new Option('--format <format>', 'text table or JSON').choices(['text', 'json']).default('text'))
    .option('--strict', 'exit with 1 when a text is missing or stale')
    .action(async (dir: string, options: Parameters<typeof i18nStatusCommand>[1]) => setCode((await commands()).i18nStatusCommand(dir, options, io)));
  withContent(i18n.command('export'), 'the language to translate into (required)')
    .description('print one row per text (id, game, set, item, field, source text, target text, status) for a translator')
    .addOption(new Option('--format <format>', 'CSV or JSON').choices(EXPORT_FORMATS).default('csv'))
    .option('--only <statuses>', `only texts with these statuses (${TEXT_STATUSES.join(', ')})`, statuses)
    .action(async (dir: string, options: Parameters<typeof i18nExportCommand>[1]) => setCode((await commands()).i18nExportCommand(dir, options, io)));
  i18n
    .command('import')
    .description('write the translations of an exported file back into the YAML files (only the texts that changed)')
    .argument('<file>', 'a CSV or JSON file written by "i18n export"')
    .argument('[dir]', 'a folder of games, or one game folder', 'content')
    .option('--game <id>', 'only this game (repeat for several)', collect)
    .option('--dry-run', 'say what would be written, write nothing')
    .option('--force', 'also write the rows whose source text changed since they were exported (they stay stale)')
    .action(async (file: string, dir: string, options: Parameters<typeof i18nImportCommand>[2]) => setCode((await commands()).i18nImportCommand(file, dir, options, io)));
  withContent(i18n.command('mark-current'), 'the translated language to mark (required)')
    .description('accept every present translation as up to date with its source text')
    .action(async (dir: string, options: I18nOptions) => setCode((await commands()).i18nMarkCurrentCommand(dir, options, io)));
  return i18n;
}
