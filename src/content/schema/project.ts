import { Type, type Static } from '@sinclair/typebox';
import { CUT_GUIDE_STYLES, CUTTER_NAMES, DUPLEX_MODES, PAPER_NAMES } from '../../shared/print-options.js';
import { LangCode, Length } from './common.js';
import { PrinterName, Printers } from './printers.js';

const Folder = (description: string) => Type.String({ minLength: 1, description });

const Content = Type.Union([Folder('the folder of games'), Type.Array(Folder('a folder of games'), { minItems: 1, uniqueItems: true })], {
  description: 'the folder (or folders) of games, relative to this file; default "content"',
});

const Paper = Type.Union(
  PAPER_NAMES.map((p) => Type.Literal(p)),
  { description: 'paper of the print sheets (as --paper): "a4" or "letter"; default "a4"' },
);

const Duplex = Type.Union(
  DUPLEX_MODES.map((d) => Type.Literal(d)),
  { description: 'how backs meet fronts (as --duplex): "long", "short" or "fold"; default "long"' },
);

const BackOffset = Type.Object(
  { x: Length, y: Length },
  {
    additionalProperties: false,
    description: 'move every back by x (right) and y (down), for a printer that does not align both sides (as --back-offset); e.g. {x: 0.5mm, y: -1mm} is 0.5 mm right and 1 mm up',
  },
);

/**
 * pocketpress.yaml: the settings of a project, so that `pocketpress build` with no options does
 * what this project needs. An option given on the command line wins over the file.
 */
export const ProjectSchema = Type.Object(
  {
    content: Type.Optional(Content),
    out: Type.Optional(Folder('where builds are written, relative to this file and inside its folder (elsewhere only with --out); default "out"')),
    languages: Type.Optional(Type.Array(LangCode, { minItems: 1, uniqueItems: true, description: 'build only these languages (as --lang); default every language a game declares' })),
    paper: Type.Optional(Paper),
    dpi: Type.Optional(Type.Integer({ minimum: 1, maximum: 2400, description: 'resolution of the PNGs (as --dpi); default 300' })),
    duplex: Type.Optional(Duplex),
    backOffset: Type.Optional(BackOffset),
    printer: Type.Optional({ ...PrinterName, description: 'the printer profile a build uses (as --printer): one of printers here or in ~/.config/pocketpress/printers.yaml' }),
    printers: Type.Optional(Printers),
    sheetPng: Type.Optional(Type.Boolean({ description: 'also write each print sheet as a PNG (as --sheet-png)' })),
    ttsBaseUrl: Type.Optional(Type.String({ pattern: '^https?://', description: 'name Tabletop Simulator images by URLs under this address (as --tts-base-url)' })),
    printableMargin: Type.Optional(Length),
    cutGuides: Type.Optional(Type.Union(CUT_GUIDE_STYLES.map((c) => Type.Literal(c)), { description: 'cut guides on the print sheets (as --cut-guides): "marks", "lines", "both" or "none"; default "marks"' })),
    gutter: Type.Optional(Length),
    cutter: Type.Optional(Type.Union(CUTTER_NAMES.map((c) => Type.Literal(c)), { description: 'add this cutting machine\'s registration marks and cut files (as --cutter)' })),
    cacheDir: Type.Optional(Folder('where the build cache is kept, relative to this file and inside its folder (elsewhere only with --cache-dir); default ".pocketpress-cache/<name of out>" beside the output folder')),
  },
  { additionalProperties: false, description: 'the settings of a pocketpress project (pocketpress.yaml)' },
);
export type ProjectConfig = Static<typeof ProjectSchema>;
