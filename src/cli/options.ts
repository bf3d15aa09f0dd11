import { InvalidArgumentError, Option, type Command } from '../vendor/commander.js';
import { resolveLength } from '../shared/lengths.js';
import { CUT_GUIDE_STYLES, CUTTER_NAMES, DEFAULT_PRINTABLE_MARGIN, SILHOUETTE_MARKS, type CutGuideStyle, type CutterName, type PrintGuides } from '../shared/print-options.js';
import { pointsToMm } from '../shared/lengths.js';
import { LANG_PATTERN } from '../shared/language-code.js';

/** A repeatable option: each use adds one value. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** `--lang en,fr` (repeatable): language codes, each checked. */
export function languages(value: string, previous: string[] = []): string[] {
  const list = value.split(',').map((l) => l.trim()).filter(Boolean);
  const bad = list.filter((l) => !new RegExp(LANG_PATTERN).test(l));
  if (list.length === 0 || bad.length > 0) throw new InvalidArgumentError(`expected language codes such as "en,fr", found "${value}"`);
  return [...previous, ...list];
}

/** `--max-warnings <n>`: a whole number from 0. */
export function maxWarnings(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`expected a whole number from 0, found "${value}"`);
  return n;
}

// ---- print-and-play kit, cut guides and cutting machines -------------------------------------

/** A length in millimetres from 0 to 100 (a bare number), in points. */
export function millimetres(value: string): number {
  const n = Number(value.replace(/mm$/, ''));
  if (!Number.isFinite(n) || n < 0 || n > 100) throw new InvalidArgumentError(`expected millimetres from 0 to 100 such as "5", found "${value}"`);
  return resolveLength(n);
}

/** The options of `build` that shape the print sheets and the kit. */
export interface KitCliOptions {
  cutGuides: CutGuideStyle;
  printableMargin: number;
  gutter?: number;
  cutter?: CutterName;
  cutterInset: number;
  cutterSquare: number;
  cutterLength: number;
  cutterThickness: number;
  kitOnly?: boolean;
  cacheDir?: string;
}

const mm = (points: number) => String(Math.round(pointsToMm(points) * 100) / 100);

/** Adds the kit, cut-guide and cutter options to `build`, in one block. */
export function addKitOptions(command: Command): Command {
  return command
    .addOption(new Option('--cut-guides <style>', 'cut guides on the print sheets: short crop marks, full cut lines, both, or none').choices(CUT_GUIDE_STYLES).default('marks'))
    .addOption(new Option('--printable-margin <mm>', 'nothing is printed closer than this to the paper\'s edge').argParser(millimetres).default(DEFAULT_PRINTABLE_MARGIN, mm(DEFAULT_PRINTABLE_MARGIN)))
    .addOption(new Option('--gutter <mm>', 'space between components on the sheets, each keeping its own bleed (default: each set\'s own)').argParser(millimetres))
    .addOption(new Option('--cutter <machine>', 'add a cutting machine\'s registration marks to the sheets and an SVG cut file per sheet').choices(CUTTER_NAMES))
    .addOption(new Option('--cutter-inset <mm>', 'registration marks: distance from the paper\'s edge').argParser(millimetres).default(SILHOUETTE_MARKS.inset, mm(SILHOUETTE_MARKS.inset)))
    .addOption(new Option('--cutter-square <mm>', 'registration marks: side of the filled square').argParser(millimetres).default(SILHOUETTE_MARKS.square, mm(SILHOUETTE_MARKS.square)))
    .addOption(new Option('--cutter-length <mm>', 'registration marks: length of each arm of the L-marks').argParser(millimetres).default(SILHOUETTE_MARKS.length, mm(SILHOUETTE_MARKS.length)))
    .addOption(new Option('--cutter-thickness <mm>', 'registration marks: thickness of the L-marks').argParser(millimetres).default(SILHOUETTE_MARKS.thickness, mm(SILHOUETTE_MARKS.thickness)))
    .option('--kit-only', 'write the print-and-play kit (print-and-play.pdf) but not each set\'s own sheets')
    .option('--cache-dir <dir>', 'where the build cache is kept (default: .pocketpress-cache/<name of --out> beside --out; never inside it)');
}

/** The print guides a build takes, from those options. */
export function printGuidesOf(options: KitCliOptions): PrintGuides {
  return {
    cutGuides: options.cutGuides,
    printableMargin: options.printableMargin,
    gutter: options.gutter,
    cutter: options.cutter,
    cutterMarks: { inset: options.cutterInset, square: options.cutterSquare, length: options.cutterLength, thickness: options.cutterThickness },
  };
}
