import type { Command } from 'commander';
import type { ProjectSettings } from '../content/load-project-config.js';
import { countDiagnostics } from '../diagnostics/diagnostic.js';
import { formatDiagnostics, type OutputFormat } from '../diagnostics/format.js';
import type { CliIo } from './io.js';
import { findProjectFile } from '../shared/config-files.js';

/** The project's settings file has errors; they were printed. */
export class ProjectSettingsError extends Error {
  override name = 'ProjectSettingsError';
}

/** The folder of games when none is given: the project's `content`, else content/. */
export const DEFAULT_CONTENT = 'content';

/**
 * Reads pocketpress.yaml (or pocketpress.config.yaml) from the working folder or the nearest one
 * above it. Problems in it are printed like any diagnostic, and stop the command (exit 2).
 */
export async function readProject(io: CliIo, format: OutputFormat = 'text'): Promise<ProjectSettings | undefined> {
  // Loaded only when there is a settings file to read: `--help` and a project without one need no schema compiler.
  if (findProjectFile(io.cwd) === undefined) return undefined;
  const { loadProjectSettings } = await import('../content/load-project-config.js');
  const lookup = loadProjectSettings(io.cwd);
  if (!lookup.found) return undefined;
  if (lookup.diagnostics.length > 0) {
    io.stderr(formatDiagnostics(lookup.diagnostics, format === 'json' ? 'text' : format, { cwd: io.cwd, summaryOf: 'the project settings' }));
    if (countDiagnostics(lookup.diagnostics).errors > 0) throw new ProjectSettingsError('the project settings have errors');
  }
  return lookup.settings;
}

/** The folders of games to read: the one named on the command line, else the project's, else content/. */
export function contentFolders(dir: string | undefined, settings: ProjectSettings | undefined): string | string[] {
  if (dir !== undefined) return dir;
  return settings?.content ?? DEFAULT_CONTENT;
}

type Settable = 'out' | 'dpi' | 'paper' | 'duplex' | 'backOffset' | 'sheetPng' | 'ttsBaseUrl' | 'printableMargin' | 'cutGuides' | 'gutter' | 'cutter' | 'cacheDir';

/**
 * Options the command line left at their defaults take the project's value: a flag always wins
 * over the file, the file over the built-in default.
 */
export function applyProject<T extends object>(command: Command, options: T, settings: ProjectSettings | undefined): T {
  if (!settings) return options;
  const result: Record<string, unknown> = { ...(options as Record<string, unknown>) };
  const fromCommandLine = (key: string) => {
    const source = command.getOptionValueSource(key);
    return source === 'cli' || source === 'env';
  };
  const takes = (key: string) => command.options.some((o) => o.attributeName() === key);
  for (const key of ['out', 'dpi', 'paper', 'duplex', 'backOffset', 'sheetPng', 'ttsBaseUrl', 'printableMargin', 'cutGuides', 'gutter', 'cutter', 'cacheDir'] as Settable[]) {
    if (settings[key] !== undefined && takes(key) && !fromCommandLine(key)) result[key] = settings[key];
  }
  if (settings.languages && takes('lang') && !fromCommandLine('lang')) result['lang'] = settings.languages;
  return result as T;
}
