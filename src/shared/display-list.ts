/**
 * The display list: what one face of a component looks like, as plain data in PDF points,
 * with every position, line break and glyph already decided. Renderers only draw it.
 *
 * Coordinates: origin at the top-left corner of the trim, x to the right, y downwards; the
 * bleed lies at negative coordinates and beyond width/height.
 */

/** A colour resolved to hex: "#rrggbb" or "#rrggbbaa". */
export type Hex = string;

export interface Paint {
  /** Fill colour; absent means no fill. */
  fill?: Hex;
  /** Stroke colour; absent means no stroke. */
  stroke?: Hex;
  strokeWidth?: number;
  /** Dash and gap lengths. */
  dash?: number[];
  /** 0..1, multiplies the fill and stroke alpha. */
  opacity?: number;
}

export interface RectItem extends Paint {
  type: 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
  /** Corner radius. */
  radius?: number;
}

export interface EllipseItem extends Paint {
  type: 'ellipse';
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

export interface LineItem {
  type: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  stroke: Hex;
  strokeWidth: number;
  dash?: number[];
  opacity?: number;
}

/** Any outline: polygons, polylines and SVG paths, with absolute coordinates in points. */
export interface PathItem extends Paint {
  type: 'path';
  /** SVG path data in points, already placed (M, L, C, Q, A, Z…). */
  d: string;
  /** "nonzero" (default) or "evenodd". */
  fillRule?: 'nonzero' | 'evenodd';
}

/** A raster or vector image, already fitted: the box is where the whole image is drawn. */
export interface ImageSource {
  kind: 'png' | 'jpeg' | 'svg';
  /** Absolute path of the file, when the image comes from a file. */
  path?: string;
  /** SVG markup, when the image is generated (icons from an icon set). */
  svg?: string;
  /** Pixel (or SVG user-unit) size of the image itself. */
  naturalWidth: number;
  naturalHeight: number;
}

export interface ClipShape {
  shape: 'rect' | 'ellipse';
  x: number;
  y: number;
  width: number;
  height: number;
  radius?: number;
}

export interface ImageItem {
  type: 'image';
  x: number;
  y: number;
  width: number;
  height: number;
  source: ImageSource;
  /** Clip to this shape (e.g. the element's box when the fit is "cover"). */
  clip?: ClipShape;
  opacity?: number;
  /** For single-colour SVG icons: the colour that replaces currentColor. */
  tint?: Hex;
}

/** One glyph of a shaped run, relative to the run's origin. */
export interface PlacedGlyph {
  /** Glyph id in the font. */
  id: number;
  /** Offset from the run's x, in points. */
  x: number;
  /** Offset from the run's baseline, in points (positive is down). */
  y: number;
  /** Advance, in points. */
  advance: number;
}

/**
 * A run of text in one font, size and colour, on one line, starting at (x, baseline). Its
 * glyphs are positioned already (kerning, ligatures, letter spacing applied); `text` is the
 * string they came from, for PDF text extraction.
 */
export interface GlyphRun {
  /** Key into DisplayList.fonts. */
  font: string;
  size: number;
  color: Hex;
  x: number;
  baseline: number;
  text: string;
  /** Extra space added after every character (letter spacing), in points. */
  letterSpacing: number;
  /** Sum of the advances. */
  width: number;
  /** Never changed once placed: runs of the same string, font and size share one array. */
  glyphs: readonly PlacedGlyph[];
}

export interface TextItem {
  type: 'text';
  runs: GlyphRun[];
  opacity?: number;
}

/** [a, b, c, d, e, f] as in PDF and SVG: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = [number, number, number, number, number, number];

/** Standard PDF structure types a tagged document uses. */
export type StructureRole = 'H1' | 'H2' | 'H3' | 'H4' | 'H5' | 'H6' | 'P' | 'L' | 'LI' | 'LBody' | 'Table' | 'TR' | 'TH' | 'TD' | 'Figure' | 'Caption' | 'Div' | 'Sect';

/** One level of a document's logical structure (a heading, a list item, a table cell…). */
export interface StructureStep {
  role: StructureRole;
  /** The same key on two groups (on one page or the next) means the same element: a paragraph split over pages stays one P. Unique in a document. */
  key: string;
  /** Alternative text (figures). */
  alt?: string;
  /** BCP 47 language, where it differs from the document's. */
  lang?: string;
  /** Headings: the text of its bookmark. */
  title?: string;
}

export interface GroupItem {
  type: 'group';
  transform?: Matrix;
  clip?: ClipShape;
  opacity?: number;
  items: DisplayItem[];
  /**
   * What its items are in the document's logical structure, outermost first, below that of the
   * nearest enclosing group that has one (a tagged PDF reads it; other renderers ignore it).
   * Its text and images are the content of the last step; its shapes are decoration.
   */
  structure?: StructureStep[];
  /** Decoration as a whole (a thumbnail of a card): a tagged PDF reads none of it. */
  artifact?: boolean;
}

export type DisplayItem = RectItem | EllipseItem | LineItem | PathItem | ImageItem | TextItem | GroupItem;

/** A font file used by the text of a display list. */
export interface FontFace {
  /** Absolute path of a .woff, .ttf or .otf file. */
  path: string;
  family: string;
  weight: 'normal' | 'bold';
  style: 'normal' | 'italic';
}

export interface DisplayList {
  /** Trim size in points. */
  width: number;
  height: number;
  /** Bleed on each side, in points. */
  bleed: number;
  /** Background over trim and bleed, if any. */
  background?: Hex;
  items: DisplayItem[];
  /** Fonts by the key runs use. */
  fonts: Record<string, FontFace>;
}

/** Compile-time check that a switch over item types handled every type. */
export function assertNever(value: never): never {
  throw new Error(`unhandled display item: ${JSON.stringify(value)}`);
}
