import { findProjectFile } from '../shared/config-files.js';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { resolveLength } from '../shared/lengths.js';
import { fileValidator } from './validators.js';
import { checkAgainstSchema } from './check-schema.js';
import { diagnosticAt, loadYaml } from './load-yaml.js';
import { realAsFarAsItIs, within } from '../shared/file-access.js';
import type { ProjectConfig } from './schema/project.js';
import { profileOf, type PrinterProfile, type PrinterRequest } from './load-printers.js';

/** A project's settings with paths made absolute and lengths in points. */
export interface ProjectSettings {
  file: string;
  content?: string[];
  out?: string;
  languages?: string[];
  paper?: ProjectConfig['paper'];
  dpi?: number;
  duplex?: ProjectConfig['duplex'];
  backOffset?: { x: number; y: number };
  sheetPng?: boolean;
  ttsBaseUrl?: string;
  printableMargin?: number;
  cutGuides?: ProjectConfig['cutGuides'];
  gutter?: number;
  cutter?: ProjectConfig['cutter'];
  cacheDir?: string;
  /** The printer profile the project names (`printer:`), with where it is written. */
  printer?: PrinterRequest;
  /** The project's own printer profiles (`printers:`). */
  printers?: Map<string, PrinterProfile>;
}

export type ProjectLookup = { found: false } | { found: true; settings?: ProjectSettings; diagnostics: Diagnostic[] };


/** Reads and checks the project's settings file; problems come back as diagnostics at their line. */
export function loadProjectSettings(cwd: string): ProjectLookup {
  const file = findProjectFile(cwd);
  if (!file) return { found: false };
  const loaded = loadYaml(file);
  // An empty settings file keeps every default.
  const diagnostics: Diagnostic[] = loaded.diagnostics.filter((d) => d.code !== 'empty-file');
  if (diagnostics.length === 0 && (loaded.data === undefined || loaded.data === null)) return { found: true, settings: { file }, diagnostics };
  if (loaded.data === undefined) return { found: true, diagnostics };
  const { valid } = checkAgainstSchema(loaded, fileValidator('project'), loaded.data, (d) => diagnostics.push(d));
  if (!valid || diagnostics.some((d) => d.severity === 'error')) return { found: true, diagnostics };
  const config = loaded.data as ProjectConfig;
  const base = path.dirname(file);
  // Where builds write: inside the project (a project can come from someone else), links followed; elsewhere only from the command line.
  for (const [key, option] of [['out', '--out'], ['cacheDir', '--cache-dir']] as const) {
    const value = config[key];
    if (value === undefined || within(realAsFarAsItIs(base), realAsFarAsItIs(path.resolve(base, value)))) continue;
    diagnostics.push(
      diagnosticAt(loaded.file, loaded.doc, {
        code: 'path-outside-game',
        message: `${key} must be a folder inside the project's folder (${base}), links followed; to write elsewhere, give ${option} on the command line`,
        pointer: `/${key}`,
      }),
    );
  }
  if (diagnostics.some((d) => d.severity === 'error')) return { found: true, diagnostics };
  const content = config.content === undefined ? undefined : (Array.isArray(config.content) ? config.content : [config.content]).map((c) => path.resolve(base, c));
  return {
    found: true,
    diagnostics,
    settings: {
      file,
      content,
      out: config.out === undefined ? undefined : path.resolve(base, config.out),
      languages: config.languages,
      paper: config.paper,
      dpi: config.dpi,
      duplex: config.duplex,
      backOffset: config.backOffset && { x: resolveLength(config.backOffset.x), y: resolveLength(config.backOffset.y) },
      sheetPng: config.sheetPng,
      ttsBaseUrl: config.ttsBaseUrl,
      printableMargin: config.printableMargin === undefined ? undefined : resolveLength(config.printableMargin),
      cutGuides: config.cutGuides,
      gutter: config.gutter === undefined ? undefined : resolveLength(config.gutter),
      cutter: config.cutter,
      cacheDir: config.cacheDir === undefined ? undefined : path.resolve(base, config.cacheDir),
      printer: config.printer === undefined ? undefined : { name: config.printer, from: 'file', loaded, pointer: '/printer' },
      printers: config.printers && new Map(Object.entries(config.printers).map(([name, p]) => [name, profileOf(name, p, file)])),
    },
  };
}
