import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { checkContent } from '../content/check-content.js';
import { UsageError } from '../shared/errors.js';
import { LANG_PATTERN } from '../content/schema/common.js';
import { collect } from './options.js';
import { collectTexts, type GameTexts } from '../translate/collect-texts.js';
import { EXPORT_FORMATS, exportTexts, type ExportFormat } from '../translate/export-texts.js';
import { describeImport, describeMarks } from '../translate/format-import.js';
import { formatStatusJson, formatStatusTable } from '../translate/format-status.js';
import { importTexts } from '../translate/import-texts.js';
import { markCurrent } from '../translate/mark-current.js';
import { readImportFile } from '../translate/read-rows.js';
import { countStatuses, TEXT_STATUSES, type TextStatus } from '../translate/text-status.js';
import { EXIT, type CliIo } from './io.js';

export interface I18nOptions {
  game?: string[];
  lang?: string;
}

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


/** The texts of the games under `dir`, saying on stderr which files could not be read. */
function loadTexts(dir: string, options: I18nOptions, io: CliIo): GameTexts[] {
  const all = collectTexts(checkContent(path.resolve(io.cwd, dir), { games: options.game }));
  for (const texts of all) {
    for (const file of texts.unreadable) io.stderr(`pocketpress: warning: ${texts.id}: ${file} cannot be read (run "pocketpress validate"); its texts are left out\n`);
  }
  return all;
}

/** `i18n status [dir]`: texts translated, missing and stale per game and language. */
export function i18nStatusCommand(dir: string, options: I18nOptions & { format: 'text' | 'json'; strict?: boolean }, io: CliIo): number {
  const counts = countStatuses(loadTexts(dir, options, io), options.lang ? [options.lang] : undefined);
  if (options.lang && counts.length === 0) throw new UsageError(`no game here is translated into "${options.lang}"`);
  io.stdout(options.format === 'json' ? formatStatusJson(counts) : formatStatusTable(counts));
  return options.strict && counts.some((c) => c.missing > 0 || c.stale > 0) ? EXIT.contentErrors : EXIT.ok;
}

/** `i18n export [dir] --lang fr`: one row per text, for a translator, on stdout. */
export function i18nExportCommand(dir: string, options: I18nOptions & { format: ExportFormat; only?: TextStatus[] }, io: CliIo): number {
  if (!options.lang) throw new UsageError('say which language to export with --lang, e.g. --lang fr');
  io.stdout(exportTexts(loadTexts(dir, options, io), { lang: options.lang, format: options.format, only: options.only }));
  return EXIT.ok;
}

/** `i18n import <file> [dir]`: writes the translations of a file back into the content. */
export function i18nImportCommand(file: string, dir: string, options: I18nOptions & { dryRun?: boolean; force?: boolean }, io: CliIo): number {
  const absolute = path.resolve(io.cwd, file);
  if (!existsSync(absolute)) throw new UsageError(`there is no file ${file}`);
  const rows = readImportFile(readFileSync(absolute), path.relative(io.cwd, absolute).split(path.sep).join('/'));
  const result = importTexts(loadTexts(dir, options, io), rows, { dryRun: options.dryRun, force: options.force });
  const { stdout, stderr } = describeImport(result, { cwd: io.cwd, dryRun: options.dryRun });
  if (stderr) io.stderr(stderr);
  if (stdout) io.stdout(stdout);
  return result.problems.length > 0 ? EXIT.contentErrors : EXIT.ok;
}

/** `i18n mark-current [dir] --lang fr`: accepts every present translation as up to date. */
export function i18nMarkCurrentCommand(dir: string, options: I18nOptions, io: CliIo): number {
  if (!options.lang) throw new UsageError('say which language to mark with --lang, e.g. --lang fr');
  const results = markCurrent(loadTexts(dir, options, io), options.lang);
  if (results.length === 0) throw new UsageError(`no game here is translated into "${options.lang}"`);
  io.stdout(describeMarks(results, io.cwd));
  return EXIT.ok;
}

function withContent(command: Command, langHelp: string): Command {
  return command
    .argument('[dir]', 'a folder of games, or one game folder', 'content')
    .option('--game <id>', 'only this game (repeat for several)', collect)
    .option('--lang <code>', langHelp, language);
}

/** Adds `pocketpress i18n status|export|import|mark-current`. */
export function registerI18nCommands(program: Command, io: CliIo, setCode: (code: number) => void): Command {
  const i18n = program.command('i18n').description('translations: what is missing or stale, files for translators, and their import');
  withContent(i18n.command('status'), 'only this target language')
    .description('count texts translated, missing and stale, per game and language')
    .addOption(new Option('--format <format>', 'text table or JSON').choices(['text', 'json']).default('text'))
    .option('--strict', 'exit with 1 when a text is missing or stale')
    .action((dir: string, options: Parameters<typeof i18nStatusCommand>[1]) => setCode(i18nStatusCommand(dir, options, io)));
  withContent(i18n.command('export'), 'the language to translate into (required)')
    .description('print one row per text (game, file, pointer, source text, target text, status) for a translator')
    .addOption(new Option('--format <format>', 'CSV or JSON').choices(EXPORT_FORMATS).default('csv'))
    .option('--only <statuses>', `only texts with these statuses (${TEXT_STATUSES.join(', ')})`, statuses)
    .action((dir: string, options: Parameters<typeof i18nExportCommand>[1]) => setCode(i18nExportCommand(dir, options, io)));
  i18n
    .command('import')
    .description('write the translations of an exported file back into the YAML files (only the texts that changed)')
    .argument('<file>', 'a CSV or JSON file written by "i18n export"')
    .argument('[dir]', 'a folder of games, or one game folder', 'content')
    .option('--game <id>', 'only this game (repeat for several)', collect)
    .option('--dry-run', 'say what would be written, write nothing')
    .option('--force', 'also write the rows whose source text changed since they were exported (they stay stale)')
    .action((file: string, dir: string, options: Parameters<typeof i18nImportCommand>[2]) => setCode(i18nImportCommand(file, dir, options, io)));
  withContent(i18n.command('mark-current'), 'the translated language to mark (required)')
    .description('accept every present translation as up to date with its source text')
    .action((dir: string, options: I18nOptions) => setCode(i18nMarkCurrentCommand(dir, options, io)));
  return i18n;
}
