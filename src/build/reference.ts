import type { TSchema } from '@sinclair/typebox';
import { Color, HexColor, Id, LangCode, Length, LocalizedText, TemplateLength } from '../content/schema/common.js';
import { GameSchema } from '../content/schema/game.js';
import { ProjectSchema } from '../content/schema/project.js';
import { PrintersFileSchema } from '../content/schema/printers.js';
import { SET_KINDS, SetSchema, SHAPES } from '../content/schema/set.js';
import { ELEMENT_TYPES, RectElement, TemplateSchema } from '../content/schema/template.js';
import { NAMED_SIZES } from '../content/sizes.js';

type Schema = Record<string, unknown>;

/** Shared value types, named once in the reference instead of spelled out at every use. */
const NAMED_TYPES: [TSchema, string][] = [
  [TemplateLength, 'length or share'],
  [Length, 'length'],
  [HexColor, '#rrggbb'],
  [Color, 'colour'],
  [LocalizedText, 'text'],
  [Id, 'id'],
  [LangCode, 'language code'],
];

/** The same value type, whatever the description says. */
const same = (a: unknown, b: unknown) => JSON.stringify({ ...(a as Schema), description: undefined }) === JSON.stringify({ ...(b as Schema), description: undefined });

function quote(value: unknown): string {
  return typeof value === 'string' ? `\`${value}\`` : String(value);
}

function range(s: Schema): string {
  const min = s['minimum'] ?? s['exclusiveMinimum'];
  const max = s['maximum'];
  if (min !== undefined && max !== undefined) return ` ${min}–${max}`;
  if (min !== undefined) return s['exclusiveMinimum'] !== undefined ? ` > ${min}` : ` ≥ ${min}`;
  return max !== undefined ? ` ≤ ${max}` : '';
}

/** The keys every template element takes (those of a rect that are not its own). */
const ELEMENT_COMMON = Object.fromEntries(['name', 'when', 'rotate', 'opacity', 'ink'].map((k) => [k, (RectElement.properties as Record<string, unknown>)[k]]));

/** A short name for the type of a value, as a designer reads it. */
export function typeName(schema: Schema): string {
  const named = NAMED_TYPES.find(([known]) => same(known, schema));
  if (named) return named[1];
  if (schema['$ref'] === '#/$defs/element') return 'element';
  if ('const' in schema) return quote(schema['const']);
  const union = (schema['anyOf'] ?? schema['oneOf']) as Schema[] | undefined;
  if (union) {
    if (union.every((u) => 'const' in u)) return union.map((u) => quote(u['const'])).join(' | ');
    return union.map(typeName).join(' or ');
  }
  switch (schema['type']) {
    case 'integer':
      return `whole number${range(schema)}`;
    case 'number':
      return `number${range(schema)}`;
    case 'boolean':
      return 'true or false';
    case 'string':
      return 'string';
    case 'array': {
      const prefix = schema['prefixItems'] as Schema[] | undefined;
      if (prefix) return `[${prefix.map(typeName).join(', ')}]`;
      return `list of ${typeName((schema['items'] as Schema | undefined) ?? {})}`;
    }
    case 'object': {
      const pattern = schema['patternProperties'] as Record<string, Schema> | undefined;
      if (pattern) return `map of ${typeName(Object.values(pattern)[0]!)}`;
      const additional = schema['additionalProperties'];
      if (!schema['properties'] && additional && typeof additional === 'object') return `map of ${typeName(additional as Schema)}`;
      return 'map';
    }
    default:
      return 'any';
  }
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** What a property is: its own description, unless it only repeats its type's (explained once, above). */
function meaning(value: Schema): string {
  const description = String(value['description'] ?? '');
  return NAMED_TYPES.some(([known]) => (known as Schema)['description'] === description) ? '' : description;
}

/** A table of an object schema's properties, then one table per nested map of named keys. */
export function describeObject(title: string, schema: Schema, level = 3, skip: readonly string[] = []): string {
  const properties = Object.fromEntries(Object.entries((schema['properties'] ?? {}) as Record<string, Schema>).filter(([key]) => !skip.includes(key)));
  const required = new Set((schema['required'] as string[] | undefined) ?? []);
  const rows = Object.entries(properties).map(
    ([key, value]) => `| \`${key}\` | ${escapeCell(typeName(value))} | ${required.has(key) ? 'yes' : ''} | ${escapeCell(meaning(value))} |`,
  );
  const nested = Object.entries(properties)
    .map(([key, value]) => [key, (value['type'] === 'array' ? value['items'] : value) as Schema] as const)
    .filter(([, value]) => value && value['type'] === 'object' && value['properties'])
    .map(([key, value]) => describeObject(`${title} → \`${key}\``, value, level + 1));
  return [
    `${'#'.repeat(level)} ${title}`,
    '',
    String(schema['description'] ?? ''),
    '',
    '| key | type | required | what it is |',
    '|---|---|---|---|',
    ...rows,
    '',
    ...nested,
  ].join('\n');
}

function describeElements(): string {
  const element = (TemplateSchema as unknown as { $defs: { element: { oneOf: Schema[] } } }).$defs.element;
  return element.oneOf
    .map((schema) => {
      const type = ((schema['properties'] as Record<string, Schema>)['type']!['const']) as string;
      return describeObject(`\`${type}\``, schema, 4, ['type', 'name', 'when', 'rotate', 'opacity']);
    })
    .join('\n');
}

function describeSizes(): string {
  const rows = Object.entries(NAMED_SIZES).map(([name, size]) => `| \`${name}\` | ${size.width} × ${size.height} |`);
  return ['| name | mm (width × height, portrait) |', '|---|---|', ...rows, ''].join('\n');
}

/** docs/reference.md: every key of every file a game is written in, generated from the schemas. */
export function describeReference(): string {
  return [
    '# pocketpress reference',
    '',
    'Generated from the schemas (`npm run schemas` writes it; a test fails when it is stale). Lengths take a unit',
    '(`mm`, `cm`, `in`, `pt`; a bare number is millimetres); in templates a length may also be a share of the',
    'component (`50%`) or a sum (`100% - 6mm`). A colour is `#rrggbb`, a name from the game\'s palette, `none`,',
    '`transparent`, `black` or `white`. A text is a plain string or a map of languages `{en: …, fr: …}`.',
    '',
    '## Files',
    '',
    describeObject('pocketpress.yaml (project settings)', ProjectSchema as unknown as Schema),
    describeObject('printers.yaml (~/.config/pocketpress/, or $XDG_CONFIG_HOME/pocketpress/)', PrintersFileSchema as unknown as Schema),
    describeObject('game.yaml', GameSchema as unknown as Schema),
    describeObject('sets/*.yaml (a component set)', SetSchema as unknown as Schema),
    `Set kinds: ${SET_KINDS.map((k) => `\`${k}\``).join(', ')}. Shapes: ${SHAPES.map((s) => `\`${s}\``).join(', ')}.`,
    '',
    describeObject('templates/*.yaml (a template)', TemplateSchema as unknown as Schema),
    `### Template elements`,
    '',
    `Each element has a \`type\`: ${ELEMENT_TYPES.map((t) => `\`${t}\``).join(', ')}. Every element also takes:`,
    '',
    describeObject('Keys of every element', { properties: ELEMENT_COMMON }, 4).split('\n').slice(3).join('\n'),
    describeElements(),
    '## Named sizes',
    '',
    describeSizes(),
    '## Icons',
    '',
    'Any icon of the [game-icons.net](https://game-icons.net) set (CC BY 3.0) can be named in `game.yaml`\'s',
    '`icons:` and then used in any text as `:name:`. Find names with:',
    '',
    '    npx pocketpress icons search sword',
    '',
  ].join('\n');
}
