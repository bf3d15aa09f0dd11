import { Type, type Static } from '@sinclair/typebox';

import { ENGINE_FORMAT_VERSION } from './engine-format.js';

const PATH = '^png/[a-z0-9][a-z0-9_-]*/[^/]+\\.png$';
const ImagePath = (description: string) => Type.String({ pattern: PATH, description });
const Mm = (description: string) => Type.Number({ minimum: 0, description: `${description}, in millimetres` });
const Style = {
  bold: Type.Boolean({ description: 'set in bold' }),
  italic: Type.Boolean({ description: 'set in italic' }),
};

export const TextRun = Type.Union(
  [
    Type.Object({ type: Type.Literal('text'), text: Type.String({ description: 'the characters of the run' }), ...Style }, { additionalProperties: false, description: 'characters in one style' }),
    Type.Object({ type: Type.Literal('icon'), icon: Type.String({ description: 'the icon name written between colons, e.g. "skull" for :skull:' }), ...Style }, { additionalProperties: false, description: 'an inline icon' }),
    Type.Object({ type: Type.Literal('break') }, { additionalProperties: false, description: 'a hard line break' }),
  ],
  { description: 'one run of a rich text' },
);

export const TextValue = Type.Object(
  {
    markup: Type.String({ description: 'the text as written, with **bold**, *italic*, :icon: and line breaks' }),
    plain: Type.String({ description: 'the text without emphasis markers; icons stay as :name:, breaks are newlines' }),
    runs: Type.Array(TextRun, { description: 'the text as runs of one style, icons and breaks' }),
  },
  { additionalProperties: false, description: 'a text a player reads, in the language of the file' },
);

/** A field value: a text (an object with runs) checked as one, else any JSON value made of field values. */
export const FieldValue = Type.Unsafe<unknown>({
  description: 'a field of an item: a text (#/$defs/text), or any JSON value whose lists and maps hold field values',
  if: { type: 'object', required: ['runs'] },
  then: { $ref: '#/$defs/text' },
  else: { items: { $ref: '#/$defs/field' }, additionalProperties: { $ref: '#/$defs/field' } },
});
const FieldRef = Type.Unsafe<unknown>({ $ref: '#/$defs/field' });

const Size = Type.Object(
  { widthMm: Mm('trim width'), heightMm: Mm('trim height') },
  { additionalProperties: false, description: 'the physical trim size' },
);

export const EngineItem = Type.Object(
  {
    id: Type.String({ description: 'the stable id of the item, as in the set file' }),
    count: Type.Integer({ minimum: 1, description: 'how many copies of the item the game has' }),
    instances: Type.Array(Type.String({ pattern: '^[a-z0-9][a-z0-9_-]*#[1-9][0-9]*$' }), {
      minItems: 1,
      uniqueItems: true,
      description: 'one id per copy: "<item>#1" … "<item>#<count>"',
    }),
    size: Size,
    fields: Type.Record(Type.String(), FieldRef, {
      description: "the item's fields besides id and count; every text is an object as #/$defs/text describes",
    }),
    images: Type.Object(
      {
        front: ImagePath("the front's PNG (trim + bleed), relative to this file"),
        back: Type.Optional(ImagePath("the back's PNG, relative to this file: the item's own (<item>.back.png) or the set's shared one (_back.png); absent when the set has no back")),
      },
      { additionalProperties: false, description: 'the rendered faces of the item' },
    ),
  },
  { additionalProperties: false, description: 'one item of a set' },
);

export const EngineSet = Type.Object(
  {
    id: Type.String({ description: 'the stable id of the set' }),
    kind: Type.String({ description: 'what the set holds: cards, tiles, tokens, boards, standees, sheets' }),
    name: Type.String({ description: 'the name of the set in the language of the file' }),
    size: Size,
    bleedMm: Mm('bleed beyond the trim on each side of the PNGs'),
    shape: Type.Union([Type.Literal('rectangle'), Type.Literal('rounded'), Type.Literal('circle'), Type.Literal('hex')], { description: 'the outline the components are cut along' }),
    cornerRadiusMm: Mm('corner radius of rounded components (0 otherwise)'),
    copies: Type.Integer({ minimum: 0, description: 'the sum of the counts of the items' }),
    items: Type.Array(EngineItem, { description: 'the items, in the order of the set file' }),
  },
  { additionalProperties: false, description: 'one component set' },
);

const Range = (what: string) =>
  Type.Object(
    { min: Type.Integer({ minimum: 0, description: `least ${what}` }), max: Type.Integer({ minimum: 0, description: `most ${what}` }) },
    { additionalProperties: false, description: `${what}: {min, max}` },
  );

export const EngineSection = Type.Object(
  {
    level: Type.Integer({ minimum: 0, maximum: 6, description: 'heading level (1 for #); 0 for the text before the first heading' }),
    title: Type.String({ description: 'the heading as plain text' }),
    text: Type.String({ description: 'the plain text under the heading, up to the next heading' }),
    page: Type.Integer({ minimum: 1, description: 'the rulebook page the section starts on (the cover is page 1)' }),
  },
  { additionalProperties: false, description: 'one section of the rulebook' },
);

export const EngineSchema = Type.Object(
  {
    format: Type.Literal('pocketpress-engine', { description: 'what this file is' }),
    formatVersion: Type.Literal(ENGINE_FORMAT_VERSION, { description: 'the version of this format; a new version may change any key' }),
    game: Type.Object(
      {
        id: Type.String({ description: 'the id of the game' }),
        title: Type.String({ description: 'the title in the language of the file' }),
        subtitle: Type.String({ description: 'the subtitle, or an empty string' }),
        description: Type.String({ description: 'the short description, or an empty string' }),
        language: Type.String({ description: 'the language of every text in this file, e.g. "fr"' }),
        languages: Type.Array(Type.String(), { description: 'every language the game is written in' }),
        players: Range('players'),
        playTime: Range('minutes a game takes'),
        age: Type.Optional(Type.Integer({ minimum: 0, description: 'the youngest age the game is meant for' })),
        credits: Type.Array(
          Type.Object(
            { role: Type.String({ description: 'what the person did, in the language of the file' }), name: Type.String({ description: 'who' }) },
            { additionalProperties: false, description: 'one credit' },
          ),
          { description: 'the people behind the game and its adaptation' },
        ),
      },
      { additionalProperties: false, description: 'what the game is' },
    ),
    sets: Type.Array(EngineSet, { description: 'every component set, in the order of game.yaml' }),
    rulebook: Type.Object(
      { sections: Type.Array(EngineSection, { description: 'the headings of the rules in reading order, with their text' }) },
      { additionalProperties: false, description: 'the structure of the rulebook of this language' },
    ),
  },
  {
    additionalProperties: false,
    $defs: { text: TextValue, field: FieldValue },
    title: 'pocketpress engine export',
    description: 'one game in one language, for game engines: metadata, components with their texts and images, and the rules',
  },
);

export type EngineDocument = Static<typeof EngineSchema>;
export type EngineItemData = Static<typeof EngineItem>;
export type EngineSetData = Static<typeof EngineSet>;
export type TextValueData = Static<typeof TextValue>;
