import { Type, type Static } from '@sinclair/typebox';
import { NAMED_SIZE_NAMES } from '../sizes.js';
import { PRINT_MODES } from '../../shared/print-options.js';
import { AssetPath, Id, Length, LocalizedText } from './common.js';

export const SET_KINDS = ['cards', 'tiles', 'tokens', 'boards', 'standees', 'sheets'] as const;
export const SHAPES = ['rectangle', 'rounded', 'circle', 'hex'] as const;

export const Size = Type.Union(
  [
    Type.Union(
      NAMED_SIZE_NAMES.map((name) => Type.Literal(name)),
      { description: `a named size: ${NAMED_SIZE_NAMES.join(', ')}` },
    ),
    Type.Object(
      { width: Length, height: Length },
      { additionalProperties: false, description: 'an explicit size, e.g. {width: 63mm, height: 88mm}' },
    ),
  ],
  { description: `a named size (${NAMED_SIZE_NAMES.join(', ')}) or {width, height}` },
);

export { ITEM_BASE_KEYS } from './keywords.js';

export const ItemBase = Type.Object(
  {
    id: Id,
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'how many copies of this item the game has; default 1' })),
  },
  { additionalProperties: true, description: "an item: its id, its count, and its set's fields" },
);

const SHEET_KINDS = ['csv', 'xlsx', 'ods'];

/** Items kept in a spreadsheet instead of the YAML: one row per item, one column per field. */
export const ItemsSheet = Type.Object(
  {
    file: AssetPath('a CSV, XLSX or ODS file in the game folder, e.g. "sets/monsters.xlsx"', { kinds: SHEET_KINDS }),
    sheet: Type.Optional(Type.String({ minLength: 1, description: 'the sheet to read (XLSX, ODS); default the first' })),
    header: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'the row that names the columns; default 1, the items are the rows below it' })),
    idFrom: Type.Optional(Type.String({ minLength: 1, description: 'without an id column: the column whose text, made into an id, names each item (default: the row number, "row-5")' })),
  },
  { additionalProperties: false, description: 'items read from a spreadsheet: {file, sheet, header, idFrom}' },
);

export const SetSchema = Type.Object(
  {
    id: Id,
    kind: Type.Union(
      SET_KINDS.map((k) => Type.Literal(k)),
      { description: `what the set holds: ${SET_KINDS.join(', ')}` },
    ),
    name: LocalizedText,
    size: Size,
    shape: Type.Optional(
      Type.Union(
        SHAPES.map((s) => Type.Literal(s)),
        { description: `the outline cut: ${SHAPES.join(', ')} (default rectangle)` },
      ),
    ),
    cornerRadius: Type.Optional(Length),
    orientation: Type.Optional(
      Type.Union([Type.Literal('portrait'), Type.Literal('landscape')], {
        description: 'landscape swaps the width and height of the size',
      }),
    ),
    bleed: Type.Optional(Length),
    sheet: Type.Optional(
      Type.Object(
        {
          gutter: Type.Optional(Length),
          margin: Type.Optional(Length),
        },
        {
          additionalProperties: false,
          description:
            'how the print sheets lay this set out: gutter between components (0: they butt and share cut lines; twice the bleed: each keeps its whole bleed) and the least margin to the paper edge (default 7mm)',
        },
      ),
    ),
    print: Type.Optional(
      Type.Union(
        PRINT_MODES.map((m) => Type.Literal(m)),
        {
          description:
            'how the set is printed, everywhere (its sheets, the print-and-play kit, the manifest): "one-sided" (fronts only, e.g. a board in two halves), "duplex" (each back behind its front, flipped as --duplex says) or "fold" (front and back side by side on one side, folded); default "duplex" when the set has a back, else "one-sided"',
        },
      ),
    ),
    front: Id,
    back: Type.Optional(Id),
    box: Type.Optional(
      Type.Literal('tuck', {
        description: '"tuck": also print a one-sheet tuck box sized to the cards and their count (with --card-thickness, default 0.3mm), with the set\'s back and name on it: <set>-box.pdf',
      }),
    ),
    expand: Type.Optional(
      Type.Record(
        Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_-]*$' }),
        Type.Union([
          Type.Array(Type.Union([Type.String(), Type.Number()]), { minItems: 1, description: 'the values, e.g. [hearts, spades, clubs, diamonds]' }),
          Type.String({ pattern: '^\\s*-?\\d+\\s*\\.\\.\\s*-?\\d+\\s*$', description: 'a range of whole numbers, e.g. "1..13"' }),
        ]),
        {
          description:
            'one item per combination of these values for each item written: {suit: [hearts, spades], rank: "1..13"} makes 26 items of each, with those fields set and the values added to the id (card-hearts-1)',
        },
      ),
    ),
    fields: Type.Optional(Type.Record(Type.String(), Type.Unknown(), {
      description:
        'the JSON Schema (draft 2020-12) of the fields every item of this set has, besides id and count; "#/$defs/text", "#/$defs/length", "#/$defs/color" and "#/$defs/asset" are predefined',
    })),
    items: Type.Union(
      [
        Type.Array(ItemBase, { minItems: 1, description: 'the components of this set' }),
        AssetPath('a CSV, XLSX or ODS file in the game folder whose rows are the items', { kinds: SHEET_KINDS }),
        ItemsSheet,
      ],
      { description: 'the components of this set: a list, or a spreadsheet (a file name, or {file, sheet, header, idFrom}) with one row per item' },
    ),
  },
  { additionalProperties: false, title: 'pocketpress component set', description: 'one component set: cards, tiles, tokens…' },
);

/** A set once checked: its items are a list, whether written in the YAML or read from a spreadsheet. */
export type ComponentSet = Omit<Static<typeof SetSchema>, 'items'> & { items: Item[] };
export type Item = Static<typeof ItemBase> & Record<string, unknown>;
