import { existsSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from '../vendor/commander.js';
import { userPrintersFile } from '../shared/config-files.js';
import type { PrinterLookup } from '../content/load-printers.js';
import type { ProjectSettings } from '../content/load-project-config.js';
import { formatDiagnostics, type OutputFormat } from '../diagnostics/format.js';
import { DEFAULT_HOME_PRINT, INK_MODES, type HomePrintOptions, type InkMode } from '../shared/home-print.js';
import { UsageError } from '../shared/errors.js';
import { resolveLength } from '../shared/lengths.js';
import { PAPER_NAMES, type DuplexMode, type PaperName } from '../shared/print-options.js';
import { EXIT, type CliIo } from './io.js';
import { ProjectSettingsError } from './project.js';

/** The options of home printing that `build` takes, as commander gives them. */
export interface HomePrintCliOptions {
  printer?: string;
  ink: InkMode;
  cardThickness: number;
  tileOverlap: number;
}

function millimetres(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value.replace(/\s*mm$/, ''));
    if (!Number.isFinite(n) || n < min || n > max) throw new InvalidArgumentError(`expected millimetres from ${min} to ${max}, such as "${min === 0 ? 10 : 0.3}", found "${value}"`);
    return resolveLength(`${n}mm`);
  };
}

/** Adds `--printer`, `--ink`, `--card-thickness` and `--tile-overlap` to a command. */
export function addHomePrintOptions(command: Command): Command {
  return command
    .option('--printer <name>', 'a printer profile (printers.yaml or the project\'s printers:) whose duplex offset moves every back; see `pocketpress calibrate`')
    .addOption(new Option('--ink <mode>', 'saver: a low-ink variant (decorative elements dropped, light colours, dark text, art lightened)').choices(INK_MODES).default('normal'))
    .addOption(new Option('--card-thickness <mm>', 'thickness of one card, for tuck boxes').argParser(millimetres(0.05, 2)).default(DEFAULT_HOME_PRINT.cardThickness, '0.3'))
    .addOption(new Option('--tile-overlap <mm>', 'glue overlap of a board printed over several sheets').argParser(millimetres(0, 30)).default(DEFAULT_HOME_PRINT.tileOverlap, '10'));
}

export function homePrintOf(options: HomePrintCliOptions): HomePrintOptions {
  return { ink: options.ink, cardThickness: options.cardThickness, tileOverlap: options.tileOverlap };
}

/**
 * The back offset of a build: `--back-offset` when typed, else the printer profile named by
 * `--printer`, the project's `printer:` or printers.yaml's `default` (project profiles first,
 * then the user's printers.yaml), else the project's `backOffset`. An unknown name or a broken
 * printers.yaml stops the command (exit 2) with a diagnostic at its line.
 */
export async function backOffsetOf(
  command: Command,
  options: { printer?: string; backOffset: { x: number; y: number }; duplex: DuplexMode; format: OutputFormat },
  settings: ProjectSettings | undefined,
  io: CliIo,
): Promise<{ x: number; y: number }> {
  if (command.getOptionValueSource('backOffset') === 'cli') return options.backOffset;
  const userFile = userPrintersFile(process.env);
  // No profile asked for and none to read: the printer profiles' code is not loaded.
  if (options.printer === undefined && settings?.printer === undefined && !(userFile !== undefined && existsSync(userFile))) return options.backOffset;
  const { loadPrintersFile, pickPrinter, offsetFor } = await import('../content/load-printers.js');
  const user: PrinterLookup = userFile === undefined ? { profiles: new Map(), diagnostics: [] } : loadPrintersFile(userFile);
  const fail = (diagnostics: Parameters<typeof formatDiagnostics>[0]) => {
    io.stderr(formatDiagnostics(diagnostics, options.format === 'json' ? 'text' : options.format, { cwd: io.cwd, summaryOf: 'the printer profiles' }));
    throw new ProjectSettingsError('the printer profiles have errors');
  };
  const request = options.printer !== undefined ? ({ name: options.printer, from: 'cli' } as const) : (settings?.printer ?? user.fallback);
  if (user.diagnostics.some((d) => d.severity === 'error')) fail(user.diagnostics);
  if (!request) return options.backOffset;
  const profiles = new Map([...user.profiles, ...(settings?.printers ?? new Map())]);
  const searched = [...(settings?.printers ? [settings.file] : []), ...(userFile === undefined ? [] : [userFile])];
  const picked = pickPrinter(request, profiles, searched);
  if (picked.diagnostic) fail([picked.diagnostic]);
  if (picked.message) throw new UsageError(picked.message);
  return offsetFor(picked.profile!, options.duplex);
}

/** `pocketpress calibrate`: writes the duplex calibration sheet. */
export function registerCalibrateCommand(program: Command, io: CliIo, setCode: (code: number) => void): void {
  program
    .command('calibrate')
    .description('write a duplex calibration sheet: print it double-sided once, read the offset of the back, save it as a printer profile')
    .addOption(new Option('--paper <paper>', 'paper of the sheet').choices(PAPER_NAMES).default('a4'))
    .addOption(new Option('--duplex <mode>', 'how the printer flips the sheet').choices(['long', 'short']).default('long'))
    .option('--out <dir>', 'where to write calibration-<paper>-<duplex>.pdf', '.')
    .addHelpText(
      'after',
      `
Then, in ~/.config/pocketpress/printers.yaml (or under printers: in pocketpress.yaml):
  default: office-laser
  printers:
    office-laser: {duplex: long, backOffset: {x: 1.5mm, y: -0.5mm}}
and build with --printer office-laser (or printer: office-laser in pocketpress.yaml).`,
    )
    .action(async (options: { paper: PaperName; duplex: 'long' | 'short'; out: string }) => {
      const { writeCalibration } = await import('../build/calibrate.js');
      const path = await import('node:path');
      const file = await writeCalibration({ paper: options.paper, duplex: options.duplex }, path.resolve(io.cwd, options.out));
      io.stdout(
        `wrote ${path.relative(io.cwd, file) || file}\nPrint it double-sided (${options.duplex}-edge flip) at 100 %, hold it against a light back side up, and read where the front's lines cross the scales: that is the backOffset (x right, y down) of this printer.\n`,
      );
      setCode(EXIT.ok);
    });
}
