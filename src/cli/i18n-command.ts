import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkContent } from '../content/check-content.js';
import { UsageError } from '../shared/errors.js';
import { collectTexts, type GameTexts } from '../translate/collect-texts.js';
import { exportTexts, type ExportFormat } from '../translate/export-texts.js';
import { describeImport, describeMarks } from '../translate/format-import.js';
import { formatStatusJson, formatStatusTable } from '../translate/format-status.js';
import { importTexts } from '../translate/import-texts.js';
import { markCurrent } from '../translate/mark-current.js';
import { readImportFile } from '../translate/read-rows.js';
import { countStatuses, type TextStatus } from '../translate/text-status.js';
import { EXIT, type CliIo } from './io.js';

export interface I18nOptions {
  game?: string[];
  lang?: string;
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
  return options.strict && counts.some((c) => c.missing > 0 || c.stale > 0 || c.changed > 0) ? EXIT.contentErrors : EXIT.ok;
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
