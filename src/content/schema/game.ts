import { Type, type Static } from '@sinclair/typebox';
import { AssetPath, HexColor, Id, LangCode, LocalizedText, Range } from './common.js';

export const FontFile = Type.String({
  minLength: 1,
  description:
    'a font file: a path inside the game folder ("fonts/Title.woff"), or "npm:" and a path inside an installed package ("npm:@fontsource/alegreya/files/alegreya-latin-400-normal.woff")',
});

export const FontFamily = Type.Object(
  {
    regular: FontFile,
    bold: Type.Optional(FontFile),
    italic: Type.Optional(FontFile),
    boldItalic: Type.Optional(FontFile),
  },
  { additionalProperties: false, description: 'the files of one font family, by style' },
);

export const Credit = Type.Object(
  {
    role: LocalizedText,
    name: Type.String({ minLength: 1, description: 'who: a person, a studio or a publisher' }),
  },
  { additionalProperties: false, description: 'one credit line: a role and a name' },
);

export const Imposition = Type.Union([Type.Literal('pocketmod'), Type.Literal('booklet'), Type.Literal('pages')], {
  description: 'how the rulebook is printed: "pocketmod" (8 pages on one sheet), "booklet" (saddle-stitched) or "pages"',
});

export const Rulebook = Type.Object(
  {
    imposition: Imposition,
    sources: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z]{2,3}(-[A-Z]{2})?$' }), AssetPath('the Markdown file of this language'), {
        description: 'the Markdown source of each language; by default rules/<lang>.md',
      }),
    ),
    template: Type.Optional(Id),
    sheets: Type.Optional(Type.Integer({ minimum: 1, description: 'how many PocketMod sheets the rules may fill' })),
    cover: Type.Optional(
      Type.Boolean({
        default: true,
        description: 'page 1 is a cover made from game.yaml (title, subtitle, players, time, age, credits), and a first "# H1" that repeats the title is left out, as the cover shows it; false starts with the rules on page 1, every heading kept',
      }),
    ),
  },
  { additionalProperties: false, description: 'the rulebook: its Markdown sources and how it is printed' },
);

export const Accessibility = Type.Object(
  {
    minTextSize: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, maximum: 72, description: 'the smallest text size, in points, a component may print at before a text-too-small warning (6 by default)' }),
    ),
    colorDifference: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 100,
        description: 'the smallest CIEDE2000 difference two colours that alone tell items apart must keep for protanopia, deuteranopia and tritanopia before a colour-only-difference warning (10 by default)',
      }),
    ),
  },
  { additionalProperties: false, description: 'the legibility checks every build and validate run on components' },
);

export const GameSchema = Type.Object(
  {
    id: Id,
    title: LocalizedText,
    subtitle: Type.Optional(LocalizedText),
    languages: Type.Array(LangCode, { minItems: 1, uniqueItems: true, description: 'the languages this game is built in' }),
    sourceLanguage: Type.Optional(LangCode),
    players: Range('number of players'),
    playTime: Range('playing time in minutes'),
    age: Type.Optional(Type.Integer({ minimum: 1, maximum: 99, description: 'youngest age the game suits' })),
    description: Type.Optional(LocalizedText),
    credits: Type.Optional(Type.Array(Credit, { description: 'who made the game' })),
    fonts: Type.Optional(
      Type.Record(Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9 _-]*$' }), FontFamily, {
        description: 'font families by the name templates use',
      }),
    ),
    palette: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z][a-z0-9-]*$' }), HexColor, {
        description: 'named colours templates may use, e.g. {ink: "#1d1b19"}',
      }),
    ),
    inkSaver: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z][a-z0-9-]*$' }), HexColor, {
        description:
          'the palette of the low-ink variant (--ink saver), by the names of palette: light colours for areas, dark ones for text, e.g. {night: "#dfe3ec", ink: "#1d1b19"}; colours not named here are lightened',
      }),
    ),
    strings: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z0-9][a-z0-9_-]*$' }), LocalizedText, {
        description:
          'words templates may show, by name, e.g. {forest: {en: Forest, fr: Forêt}}: {{strings.forest}}, or from a field with {{item.terrain | lookup}}',
      }),
    ),
    icons: Type.Optional(
      Type.Record(
        Type.String({ pattern: '^[a-z][a-z0-9-]*$' }),
        Type.String({ pattern: '^(game-icons:[a-z0-9-]+|[^:]+\\.svg)$', description: 'an icon of the game-icons.net set ("game-icons:skull-crossed-bones") or an SVG file of the game ("icons/coin.svg")' }),
        { description: 'short names for the inline icons texts use as :name:, e.g. {skull: "game-icons:skull-crossed-bones"}' },
      ),
    ),
    sets: Type.Array(AssetPath('a component-set file, e.g. "sets/dev-cards.yaml"', { kinds: ['yaml', 'yml'] }), {
      description: 'the component-set files of this game',
    }),
    rulebook: Type.Optional(Rulebook),
    accessibility: Type.Optional(Accessibility),
  },
  { additionalProperties: false, title: 'pocketpress game', description: 'game.yaml: one game' },
);

export type Game = Static<typeof GameSchema>;
