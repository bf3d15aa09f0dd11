/**
 * How much work one input may ask for. Each budget is checked before the work it bounds, and
 * exceeding it is an `out-of-range` diagnostic at the line that asks for too much. The README's
 * "Limits" section lists the same values.
 */
export const BUDGETS = {
  /** Bytes of one YAML file. */
  yamlBytes: 4 * 1024 * 1024,
  /** Scalars (numbers, strings, keys) in one YAML file, counted before it is parsed into a tree. */
  yamlScalars: 100_000,
  /** Aliases one YAML document may expand. */
  yamlAliases: 1_000,
  /** Bytes of one rulebook Markdown file. */
  markdownBytes: 1_000_000,
  /** Drawing elements on one face of one item, after every `repeat` is expanded. */
  elementsPerFace: 10_000,
  /** Copies (the sum of `count`) in one set. */
  copiesPerSet: 5_000,
  /** Copies in one game, all sets together. */
  copiesPerGame: 20_000,
  /** Characters of one text in one language. */
  textChars: 10_000,
  /** Characters of one word (a run without spaces, such as a URL). */
  wordChars: 1_000,
  /** Points of one polygon; segments of one path. */
  pointsPerShape: 10_000,
  /** Pages of a rulebook PDF, counted from its forced page breaks (print sheets are bounded by the copies of their set). */
  pdfPages: 1_000,
  /** Bytes of one image file (PNG, JPEG, SVG…), checked before it is read: a small header may be followed by gigabytes. */
  imageBytes: 100 * 1024 * 1024,
  /** Pixels (width × height) of one image, read from its header before it is decoded. */
  imagePixels: 50_000_000,
  /** The largest length anywhere, in millimetres (10 m): larger ones are mistakes, and 1e308 would print as Infinity. */
  lengthMm: 10_000,
  /**
   * Edges of paths one face's legibility check tests sample points against (the edges of each
   * path a point falls in the box of): past it, texts over paths are not measured, and a warning
   * names the first left out. Not an error: the face prints as drawn.
   */
  legibilityEdgeTests: 10_000_000,
  /**
   * Pairs of colourings of one set's faces compared for colours a colour-blind player cannot
   * tell apart (faces of one shape and colours are one colouring, compared once): past it, the
   * rest are not compared, and a warning says how many. Not an error: the set prints as drawn.
   */
  colourOnlyPairs: 100_000,
  /** Levels of "(" and "not" a `when:` condition nests (a chain of "and" or "or" is one level, however long). */
  conditionDepth: 100,
  /** Characters of an id: item PNGs are named `<id>.back.png`, and file names stop at 255 bytes. */
  idChars: 100,
} as const;

export type Budget = keyof typeof BUDGETS;

/** "10 000": budgets as a reader sees them in a message. */
export function formatBudget(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** The most worker threads that draw PNGs, whatever the machine: each holds its own Skia, fonts and decoded images (some 100 MB). */
export const MAX_PNG_WORKERS = 4;
