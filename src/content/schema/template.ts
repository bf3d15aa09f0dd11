import { Type, type Static, type TSchema, type TProperties } from '@sinclair/typebox';
import { Color, Id, Length, LOCALIZED_KEYWORD, LocalizedText, TemplateLength } from './common.js';
import type { TemplateLength as TemplateLengthValue } from './common.js';

const Common = {
  name: Type.Optional(Type.String({ description: 'a name, so a template that extends this one can replace the element' })),
  when: Type.Optional(
    Type.String({ description: 'draw only when this holds, e.g. "item.kind == \'event\'" or "slot.health"' }),
  ),
  rotate: Type.Optional(Type.Number({ minimum: -36_000, maximum: 36_000, description: 'turn by this many degrees, clockwise, about the element centre' })),
  opacity: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'from 0 (invisible) to 1 (opaque)' })),
  ink: Type.Optional(Type.Literal('decorative', { description: '"decorative": left out of the low-ink variant (--ink saver), e.g. a background pattern or a frame' })),
};

/** A shared value type with what this key means. */
const described = <T extends TSchema>(schema: T, description: string): T => ({ ...schema, description });

const Box = {
  x: Type.Optional(described(TemplateLength, 'left edge of the box, from the left edge of the component (default 0)')),
  y: Type.Optional(described(TemplateLength, 'top edge of the box, from the top edge of the component (default 0)')),
  width: Type.Optional(described(TemplateLength, 'width of the box (default: to the right edge of the component)')),
  height: Type.Optional(described(TemplateLength, 'height of the box (default: to the bottom edge of the component)')),
};

const Paint = {
  fill: Type.Optional(described(Color, 'the colour inside (default none)')),
  stroke: Type.Optional(described(Color, 'the colour of the outline (default none)')),
  strokeWidth: Type.Optional(described(Length, 'the width of the outline')),
  dash: Type.Optional(Type.Array(Length, { minItems: 1, description: 'dash and gap lengths, e.g. [2mm, 1mm]' })),
};

/** [x, y], written as a draft 2020-12 tuple. */
const Point = Type.Unsafe<[TemplateLengthValue, TemplateLengthValue]>({
  type: 'array',
  prefixItems: [TemplateLength, TemplateLength],
  items: false,
  minItems: 2,
  maxItems: 2,
  description: 'a point [x, y]',
});

function element<K extends string, T extends TProperties>(type: K, properties: T, description: string) {
  return Type.Object(
    { type: Type.Literal(type), ...Common, ...properties },
    { additionalProperties: false, description },
  );
}

export const RectElement = element('rect', { ...Box, ...Paint, radius: Type.Optional(Length) }, 'a rectangle, rounded with radius');
export const EllipseElement = element('ellipse', { ...Box, ...Paint }, 'an ellipse inside its box');
export const LineElement = element(
  'line',
  {
    x1: TemplateLength,
    y1: TemplateLength,
    x2: TemplateLength,
    y2: TemplateLength,
    stroke: Type.Optional(Color),
    strokeWidth: Type.Optional(Length),
    dash: Paint.dash,
  },
  'a straight line',
);
export const PolygonElement = element(
  'polygon',
  {
    ...Paint,
    points: Type.Array(Point, {
      minItems: 2,
      description: 'corner points [x, y]',
    }),
    closed: Type.Optional(Type.Boolean({ description: 'join the last point to the first (default true)' })),
  },
  'a polygon or polyline through points',
);
export const PathElement = element(
  'path',
  {
    ...Box,
    ...Paint,
    d: Type.String({ minLength: 1, description: 'SVG path data' }),
    viewBox: Type.Optional(
      Type.Array(Type.Number({ minimum: -1_000_000, maximum: 1_000_000 }), {
        minItems: 4,
        maxItems: 4,
        description: 'the coordinates of d: [minX, minY, width, height]; the path is scaled into the box',
      }),
    ),
  },
  'an SVG path scaled into its box',
);
export const ImageElement = element(
  'image',
  {
    ...Box,
    src: Type.String({ minLength: 1, description: 'an image in the game folder (PNG, JPEG, SVG) or a binding "{{item.art}}"' }),
    fit: Type.Optional(
      Type.Union([Type.Literal('contain'), Type.Literal('cover'), Type.Literal('stretch')], {
        description: 'how the image fills its box (default contain)',
      }),
    ),
    clip: Type.Optional(
      Type.Union([Type.Literal('rect'), Type.Literal('ellipse')], { description: 'clip the image to its box or to the ellipse in it' }),
    ),
    radius: Type.Optional(Length),
  },
  'an image',
);
export const TextElement = element(
  'text',
  {
    ...Box,
    text: Type.Union([Type.String(), LocalizedText.anyOf[1]!], {
      [LOCALIZED_KEYWORD]: true,
      description:
        'the text, the same in every language or a map of languages, with bindings "{{item.name}}", **bold**, *italic* and icons :skull:',
    }),
    font: Type.Optional(Type.String({ minLength: 1, description: 'a font family of the game (default: the first one)' })),
    weight: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('bold')], { description: 'normal or bold' })),
    style: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('italic')], { description: 'normal or italic' })),
    size: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1000, description: 'font size in points' })),
    minSize: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1000, description: 'smallest size the text may shrink to so it fits' })),
    color: Type.Optional(Color),
    align: Type.Optional(
      Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right'), Type.Literal('justify')], {
        description: 'left, center, right or justify',
      }),
    ),
    valign: Type.Optional(
      Type.Union([Type.Literal('top'), Type.Literal('middle'), Type.Literal('bottom')], { description: 'top, middle or bottom of the box' }),
    ),
    lineHeight: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10, description: 'line spacing as a multiple of the size' })),
    letterSpacing: Type.Optional(Length),
    transform: Type.Optional(
      Type.Union([Type.Literal('none'), Type.Literal('uppercase'), Type.Literal('lowercase')], { description: 'change the case of the text' }),
    ),
  },
  'a text box',
);

const ElementRef = Type.Unsafe<Element>({ $ref: '#/$defs/element' });

export const Repeat = Type.Object(
  {
    over: Type.Optional(Type.String({ minLength: 1, description: 'an array field, e.g. "item.slots"' })),
    count: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0, maximum: 500 }), Type.String({ pattern: '\\{\\{.+\\}\\}' })], {
        description: 'repeat this many times instead of over a list (a number, or a binding such as "{{item.steps}}"); the entry is its index, from 0',
      }),
    ),
    as: Type.Optional(Type.String({ pattern: '^[a-z][A-Za-z0-9_]*$', description: 'the name of each entry (default "entry")' })),
    dx: Type.Optional(TemplateLength),
    dy: Type.Optional(TemplateLength),
  },
  { additionalProperties: false, minProperties: 1, description: 'draw the group once per entry of a list (over) or a number of times (count), moved by dx, dy each time' },
);

export const GroupElement = element(
  'group',
  {
    x: Type.Optional(TemplateLength),
    y: Type.Optional(TemplateLength),
    repeat: Type.Optional(Repeat),
    elements: Type.Array(ElementRef, { description: 'the elements of the group, drawn in order' }),
  },
  'elements drawn together, moved by x and y, optionally repeated',
);

const ELEMENT_SCHEMAS = [
  RectElement,
  EllipseElement,
  LineElement,
  PolygonElement,
  PathElement,
  ImageElement,
  TextElement,
  GroupElement,
] as const;

export const ELEMENT_TYPES = ['rect', 'ellipse', 'line', 'polygon', 'path', 'image', 'text', 'group'] as const;

type GroupBase = Omit<Static<typeof GroupElement>, 'elements'>;
export interface Group extends GroupBase {
  elements: Element[];
}
export type Element =
  | Static<typeof RectElement>
  | Static<typeof EllipseElement>
  | Static<typeof LineElement>
  | Static<typeof PolygonElement>
  | Static<typeof PathElement>
  | Static<typeof ImageElement>
  | Static<typeof TextElement>
  | Group;

/** One of the element types, chosen by its `type`. */
export const ElementSchema: TSchema = Type.Unsafe<Element>({
  type: 'object',
  required: ['type'],
  discriminator: { propertyName: 'type' },
  oneOf: [...ELEMENT_SCHEMAS],
  description: `a drawing element: ${ELEMENT_TYPES.join(', ')}`,
});

export const TemplateSchema = Type.Object(
  {
    description: Type.Optional(Type.String({ description: 'what this template is for' })),
    extends: Type.Optional(Id),
    unit: Type.Optional(
      Type.Union([Type.Literal('mm'), Type.Literal('pt'), Type.Literal('in')], {
        description: 'the unit of bare numbers in this template (default mm)',
      }),
    ),
    safe: Type.Optional(Length),
    background: Type.Optional(Color),
    elements: Type.Array(ElementRef, { description: 'drawn in order, each over the ones before' }),
  },
  {
    additionalProperties: false,
    title: 'pocketpress template',
    description: 'a template: how one face of a component is drawn',
    $defs: { element: ElementSchema },
  },
);

export type Template = Static<typeof TemplateSchema> & { elements: Element[] };
