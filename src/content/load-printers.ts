import { existsSync } from 'node:fs';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { closestMatch } from '../diagnostics/did-you-mean.js';
import { resolveLength } from '../shared/lengths.js';
import { fileValidator } from './validators.js';
import { checkAgainstSchema } from './check-schema.js';
import { loadYaml, type LoadedYaml } from './load-yaml.js';
import type { PrinterProfileConfig, PrintersFile } from './schema/printers.js';
import { diagnosticAt } from './source.js';

/** A printer profile with its offset in points, and where it is written. */
export interface PrinterProfile {
  name: string;
  duplex: 'long' | 'short';
  /** Points; x to the right, y down, on the back page. */
  backOffset: { x: number; y: number };
  file: string;
}

/** Where a name was asked for: the command line, or a key of a settings file. */
export type PrinterRequest = { name: string; from: 'cli' } | { name: string; from: 'file'; loaded: LoadedYaml; pointer: string };

export interface PrinterLookup {
  profiles: Map<string, PrinterProfile>;
  /** The printers.yaml `default`, with where it is written. */
  fallback?: PrinterRequest;
  diagnostics: Diagnostic[];
  /** The printers.yaml read, when there is one. */
  file?: string;
}

export function profileOf(name: string, config: PrinterProfileConfig, file: string): PrinterProfile {
  return { name, duplex: config.duplex ?? 'long', backOffset: { x: resolveLength(config.backOffset.x), y: resolveLength(config.backOffset.y) }, file };
}

/** Reads and checks a printers.yaml; a problem in it is a diagnostic at its line. */
export function loadPrintersFile(file: string): PrinterLookup {
  const profiles = new Map<string, PrinterProfile>();
  if (!existsSync(file)) return { profiles, diagnostics: [] };
  const loaded = loadYaml(file);
  const diagnostics: Diagnostic[] = loaded.diagnostics.filter((d) => d.code !== 'empty-file');
  if (loaded.data === undefined || loaded.data === null || diagnostics.length > 0) return { profiles, diagnostics, file };
  const { valid } = checkAgainstSchema(loaded, fileValidator('printers'), loaded.data, (d) => diagnostics.push(d));
  if (!valid || diagnostics.some((d) => d.severity === 'error')) return { profiles, diagnostics, file };
  const data = loaded.data as PrintersFile;
  for (const [name, config] of Object.entries(data.printers)) profiles.set(name, profileOf(name, config, file));
  const fallback: PrinterRequest | undefined = data.default === undefined ? undefined : { name: data.default, from: 'file', loaded, pointer: '/default' };
  return { profiles, diagnostics, file, fallback };
}

/** The profile a request names, or a diagnostic (with the closest name) when none has that name. */
export function pickPrinter(request: PrinterRequest, profiles: ReadonlyMap<string, PrinterProfile>, searched: readonly string[]): { profile?: PrinterProfile; diagnostic?: Diagnostic; message?: string } {
  const found = profiles.get(request.name);
  if (found) return { profile: found };
  const close = closestMatch(request.name, profiles.keys());
  const known = profiles.size > 0 ? ` (known: ${[...profiles.keys()].sort().join(', ')})` : '';
  const where = searched.length > 0 ? ` in ${searched.join(' or ')}` : '';
  const message = `no printer profile named "${request.name}"${where}${known}${close ? `; did you mean "${close}"?` : '; print a calibration sheet with `pocketpress calibrate` and save what it reads under printers:'}`;
  if (request.from === 'cli') return { message };
  return { diagnostic: diagnosticAt(request.loaded.file, request.loaded.doc, { code: 'unknown-printer', message, pointer: request.pointer }) };
}

/**
 * The offset a build gives its backs with a profile: as measured when the build flips as the
 * calibration sheet did; turned about (both signs changed) for the other flip, where the
 * printer's side 2 comes out upside down relative to the page; none for fold-over sheets.
 */
export function offsetFor(profile: PrinterProfile, duplex: 'long' | 'short' | 'fold'): { x: number; y: number } {
  if (duplex === 'fold') return { x: 0, y: 0 };
  if (duplex === profile.duplex) return { ...profile.backOffset };
  return { x: -profile.backOffset.x || 0, y: -profile.backOffset.y || 0 };
}
