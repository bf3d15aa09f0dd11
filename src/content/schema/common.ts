import { Type, type Static, type TString } from '@sinclair/typebox';
import { BUDGETS } from '../../shared/budgets.js';
import { LANG_PATTERN } from '../../shared/language-code.js';
import { LENGTH_PATTERN, TEMPLATE_LENGTH_PATTERN } from '../../shared/lengths.js';
import { HEX_COLOR_PATTERN } from '../../shared/colors.js';
import { ASSET_KEYWORD, LENGTH_KEYWORD, LOCALIZED_KEYWORD } from './keywords.js';

export { LANG_PATTERN, ASSET_KEYWORD, LENGTH_KEYWORD, LOCALIZED_KEYWORD };


export const ID_PATTERN = '^[a-z0-9][a-z0-9_-]*$';

export const Id = Type.String({
  pattern: ID_PATTERN,
  maxLength: BUDGETS.idChars,
  description: 'an id: lower-case letters, digits, "-" and "_", starting with a letter or digit, e.g. "dev-cards"',
});

export const LangCode = Type.String({
  pattern: LANG_PATTERN,
  description: 'a language code such as "en" or "fr"',
});

/** Text a player reads: the same in every language, or one entry per language. */
export const LocalizedText = Type.Union(
  [
    Type.String(),
    Type.Record(Type.String({ pattern: LANG_PATTERN }), Type.String(), {
      minProperties: 1,
      description: 'a map of languages, e.g. {en: "Oil", fr: "Huile"}',
    }),
  ],
  {
    [LOCALIZED_KEYWORD]: true,
    description: 'text: a plain string (the same in every language) or a map of languages such as {en: "Oil", fr: "Huile"}',
  },
);
export type LocalizedText = Static<typeof LocalizedText>;

export const Length = Type.Union(
  [Type.Number(), Type.String({ pattern: LENGTH_PATTERN })],
  { [LENGTH_KEYWORD]: true, description: 'a length such as 63mm, 2.5in, 0.5cm or 12pt (a bare number is millimetres)' },
);
export type Length = Static<typeof Length>;

export const TemplateLength = Type.Union(
  [Type.Number(), Type.String({ pattern: TEMPLATE_LENGTH_PATTERN })],
  {
    [LENGTH_KEYWORD]: true,
    description:
      "a length such as 5mm, 0.25in or 12pt, a share of the component's size such as 50%, or a sum such as 100% - 6mm (a bare number is in the template's unit)",
  },
);
export type TemplateLength = Static<typeof TemplateLength>;


export const HexColor = Type.String({
  pattern: HEX_COLOR_PATTERN,
  description: 'a colour written "#rrggbb" (or "#rgb", "#rrggbbaa")',
});

/** A colour in a template: hex, a name from the game's palette, or a binding such as "{{item.colour}}". */
export const Color = Type.String({
  pattern: `^(${HEX_COLOR_PATTERN.slice(1, -1)}|[a-z][a-z0-9-]*|.*\\{\\{.+\\}\\}.*)$`,
  description: 'a colour: "#rrggbb", a name from the game\'s palette, "none", or a binding such as "{{item.colour}}"',
});

/** A path relative to the game folder. */
export function AssetPath(description: string, options: { kinds?: string[] } = {}): TString {
  return Type.String({ minLength: 1, [ASSET_KEYWORD]: options.kinds ?? true, description });
}

export const Range = (description: string) =>
  Type.Object(
    {
      min: Type.Integer({ minimum: 1, description: `smallest ${description}` }),
      max: Type.Integer({ minimum: 1, description: `largest ${description}` }),
    },
    { additionalProperties: false, description: `${description}: {min, max}` },
  );
