import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from '../vendor/commander.js';
import { MAX_PNG_WORKERS } from '../shared/budgets.js';
import { UsageError } from '../shared/errors.js';
import { PACKAGE_ROOT } from '../shared/game-paths.js';
import { resolveLength } from '../shared/lengths.js';
import { SHOP_NAMES, type ShopName } from '../shared/shops/index.js';
import { DUPLEX_MODES, PAPER_NAMES, type PaperName } from '../shared/print-options.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../diagnostics/format.js';
import type { BuildCommandOptions } from './build-command.js';
type BuildCliOptions = BuildCommandOptions & HomePrintCliOptions & { watch?: boolean };
import { registerI18nCommands } from './register-i18n-commands.js';
import { registerIconsCommand } from './icons-command.js';
import { registerItemsCommands } from './items-command.js';
import { registerPreviewCommand } from './preview-command.js';
import { EXIT, processIo, writeFailed, type CliIo } from './io.js';
import { addKitOptions, collect, languages, maxWarnings } from './options.js';
import { applyProject, contentFolders, ProjectSettingsError, readProject } from './project.js';
import { addHomePrintOptions, backOffsetOf, homePrintOf, registerCalibrateCommand, type HomePrintCliOptions } from './home-print-options.js';

export const VERSION: string = (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** File-system failures a user can fix: said plainly, with no stack trace. */
const FILE_SYSTEM_ERRORS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  ENOTDIR: 'a part of this path is a file, not a folder',
  EISDIR: 'this is a folder, not a file',
  EEXIST: 'something is already there',
  ENOENT: 'no such file or folder',
  ELOOP: 'too many symbolic links',
};

function offset(value: string): { x: number; y: number } {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!match) throw new InvalidArgumentError(`expected two lengths in millimetres such as "0.5,-1", found "${value}"`);
  return { x: resolveLength(Number(match[1])), y: resolveLength(Number(match[2])) };
}

function collectShop(value: string, previous: ShopName[] | undefined): ShopName[] {
  if (!(SHOP_NAMES as string[]).includes(value)) throw new InvalidArgumentError(`expected one of ${SHOP_NAMES.join(', ')}, found "${value}"`);
  return [...(previous ?? []), value as ShopName];
}

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 2400) throw new InvalidArgumentError(`expected a whole number from 1 to 2400, found "${value}"`);
  return n;
}

function workerCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > MAX_PNG_WORKERS) throw new InvalidArgumentError(`expected a whole number from 0 to ${MAX_PNG_WORKERS}, found "${value}"`);
  return n;
}

/** A command that reads the games under a folder, with the options every such command shares. */
function contentCommand(program: Command, name: string, description: string): Command {
  return program
    .command(name)
    .description(description)
    .argument('[dir]', 'a folder of games, or one game folder (default: the content of pocketpress.yaml, else content/)')
    .option('--game <id>', 'only this game (repeat for several)', collect)
    .option('--lang <codes>', 'only these languages, e.g. en,fr', languages)
    .addOption(new Option('--format <format>', 'how to print diagnostics').choices(OUTPUT_FORMATS).default('text'))
    .option('--strict', 'treat warnings as errors')
    .option('--allow-missing', 'print the source language where a translation is missing (a warning, not an error)')
    .option('--quiet', 'print errors only')
    .option('--max-warnings <n>', 'fail (exit 1) when there are more warnings than this', maxWarnings);
}

const BUILD_EXAMPLES = `
Examples:
  $ pocketpress build                                   # every game of content/ (or pocketpress.yaml's) into out/
  $ pocketpress build content --game my-game --lang fr  # one game, one language
  $ pocketpress build --paper letter --duplex short     # US Letter, for printers that flip on the short edge
  $ pocketpress build --watch                           # build again on every save`;

const VALIDATE_EXAMPLES = `
Examples:
  $ pocketpress validate                                # every game, every problem at once
  $ pocketpress validate content --format github        # annotations in a GitHub Actions log
  $ pocketpress validate --strict --max-warnings 0      # warnings fail too`;

function buildProgram(io: CliIo, setCode: (code: number) => void): Command {
  const program = new Command('pocketpress')
    .description('Turns board games written as YAML and Markdown into print-and-play files.')
    .version(VERSION, '-V, --version', 'print the version')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(run with --help for the options)');

  program.option('-v', 'print the version (as -V)', () => {
    io.stdout(`${VERSION}\n`);
    throw new CommanderError(0, 'commander.version', VERSION);
  });

  const validate = contentCommand(program, 'validate', 'check every game under dir (default content/) and print every problem')
    .addHelpText('after', VALIDATE_EXAMPLES)
    .addOption(new Option('--paper <paper>', 'paper the rulebook is laid out for').choices(PAPER_NAMES).default('a4'))
    .option('--no-cache', 'lay out every face again instead of taking the layouts a build kept')
    .option('--cache-dir <dir>', 'where the build cache is kept (default: the one `build` uses: .pocketpress-cache/<name of its --out> beside it)')
    .action(async (dir: string | undefined, options: { game?: string[]; lang?: string[]; format: OutputFormat; strict?: boolean; quiet?: boolean; maxWarnings?: number; paper: PaperName; cache: boolean; cacheDir?: string }) => {
      const settings = await readProject(io, options.format);
      // Each command's code loads when it runs: `--help` needs none of it.
      const { validateCommand } = await import('./validate-command.js');
      // The build's output folder names its cache: pocketpress.yaml's out: (validate has no --out).
      setCode(await validateCommand(contentFolders(dir, settings), { ...applyProject(validate, options, settings), out: settings?.out }, VERSION, io));
    });

  const build = addHomePrintOptions(addKitOptions(contentCommand(program, 'build', 'check, lay out and render every game under dir (default content/) into --out, in every language it declares')
    .addHelpText('after', BUILD_EXAMPLES)
    .option('--out <dir>', 'where to write', 'out')
    .option('--dpi <n>', 'resolution of the PNGs', positiveInteger, 300)
    .addOption(new Option('--paper <paper>', 'paper of the print sheets').choices(PAPER_NAMES).default('a4'))
    .addOption(new Option('--duplex <mode>', 'how backs meet fronts: long-edge flip, short-edge flip, or fold-over sheets for single-sided printers').choices(DUPLEX_MODES).default('long'))
    .addOption(new Option('--back-offset <x,y>', 'move every back by x,y millimetres, for printers that do not align both sides').argParser(offset).default({ x: 0, y: 0 }, '0,0'))
    .option('--sheet-png', 'also write each print sheet as a PNG at --dpi')
    .option('--tts-base-url <url>', 'name Tabletop Simulator images by URLs under this address (where --out is served) instead of file:/// paths')
    .option('--shop <name>', `also write the files a print shop takes, under <game>/<lang>/shops/<name>/ (${SHOP_NAMES.join(', ')}; repeat for several)`, collectShop)
    .option('--no-cache', 'make everything again instead of reusing what an earlier build made (kept in .pocketpress-cache/ beside --out)')
    .option('--watch', 'build, then build again whenever a file of the content or a template is saved')
    .option('--jobs <n>', `worker threads that draw PNGs beside the main one (default: one per core, at most ${MAX_PNG_WORKERS}; 0 draws everything on the main thread)`, workerCount)))
    .action(async (dir: string | undefined, cliOptions: BuildCliOptions) => {
      const settings = await readProject(io, cliOptions.format);
      const projected = applyProject(build, cliOptions, settings);
      const options = { ...projected, backOffset: await backOffsetOf(build, projected, settings, io), homePrint: homePrintOf(projected) };
      const folders = contentFolders(dir, settings);
      // Loaded on demand: validating needs none of the layout and rendering code.
      const { buildCommand } = await import('./build-command.js');
      const withTty = { ...options, tty: io === processIo && process.stderr.isTTY === true };
      if (options.watch) {
        const { watchBuild } = await import('./watch-command.js');
        setCode(await watchBuild(folders, withTty, VERSION, io));
      } else {
        setCode(await buildCommand(folders, withTty, VERSION, io));
      }
    });

  program
    .command('preflight')
    .description("check a print shop's files (a --shop export, or files made elsewhere) against the shop's rules")
    .argument('<target>', 'a folder (such as out/<game>/<lang>/shops/<shop>) or one file')
    .option('--shop <name>', `the shop: ${SHOP_NAMES.join(', ')} (default: the one the export was made for)`, (value: string) => collectShop(value, [])[0]!)
    .addOption(new Option('--format <format>', 'how to print diagnostics').choices(OUTPUT_FORMATS).default('text'))
    .option('--strict', 'treat warnings as errors')
    .option('--quiet', 'print errors only')
    .addHelpText('after', `
Examples:
  $ pocketpress preflight out/my-game/en/shops/drivethrucards
  $ pocketpress preflight cards.pdf --shop drivethrucards --format github`)
    .action(async (target: string, options: { shop?: ShopName; format: OutputFormat; strict?: boolean; quiet?: boolean }) => {
      const { preflightCommand } = await import('./preflight-command.js');
      setCode(await preflightCommand(target, options, io));
    });

  program
    .command('init')
    .description('write a small working game into dir')
    .argument('<dir>', 'the new game folder (must not exist, or be empty)')
    .option('--id <id>', 'the game id (default: the folder name)')
    .option('--from <sheet>', 'a CSV, XLSX or ODS file: the deck reads it, one card per row, every column shown')
    .action(async (dir: string, options: { id?: string; from?: string }) => {
      const { initCommand } = await import('./init-command.js');
      setCode(await initCommand(dir, options, io));
    });

  registerCalibrateCommand(program, io, setCode);
  registerI18nCommands(program, io, setCode);
  registerPreviewCommand(program, io, setCode, VERSION);
  registerIconsCommand(program, io, setCode);
  registerItemsCommands(program, io, setCode);
  return program;
}

/** Runs the CLI on argv (without "node pocketpress") and returns the exit code. */
export async function run(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  let code: number = EXIT.ok;
  const program = buildProgram(io, (c) => (code = c));
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.help' || error.code === 'commander.version') return EXIT.ok;
      return EXIT.usage;
    }
    if (error instanceof ProjectSettingsError) return EXIT.usage;
    if (error instanceof UsageError || (error instanceof Error && (error.name === 'OutputError' || error.name === 'ShopSetupError'))) {
      io.stderr(`pocketpress: ${error.message}\n`);
      return EXIT.usage;
    }
    const fsError = error as NodeJS.ErrnoException;
    if (typeof fsError.code === 'string' && FILE_SYSTEM_ERRORS[fsError.code]) {
      io.stderr(`pocketpress: cannot use ${fsError.path ?? 'a file'}: ${FILE_SYSTEM_ERRORS[fsError.code]}; nothing was changed\n`);
      return EXIT.usage;
    }
    io.stderr(`pocketpress: internal error, please report it with the content that caused it\n${(error as Error).stack ?? String(error)}\n`);
    return EXIT.usage;
  }
}

export async function main(argv: readonly string[]): Promise<number> {
  const code = await run(argv, processIo);
  // Output that could not be written (a full disk) fails the command, whatever its work found.
  return writeFailed() ? EXIT.usage : code;
}
