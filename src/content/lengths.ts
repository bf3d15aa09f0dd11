/** Lengths in content are written with a unit; everything after resolve works in PDF points. */
export const POINTS_PER_UNIT = {
  mm: 72 / 25.4,
  cm: 720 / 25.4,
  in: 72,
  pt: 1,
} as const;

export type LengthUnit = keyof typeof POINTS_PER_UNIT;

/** The pattern the schemas accept for a length string; `%` only where a template allows it. */
export const LENGTH_PATTERN = '^-?(\\d+(\\.\\d*)?|\\.\\d+) *(mm|cm|in|pt)$';
export const TEMPLATE_LENGTH_PATTERN = '^-?(\\d+(\\.\\d*)?|\\.\\d+) *(mm|cm|in|pt|%)$';

const LENGTH_RE = /^(-?(?:\d+(?:\.\d*)?|\.\d+)) *(mm|cm|in|pt|%)?$/;

export interface ParsedLength {
  value: number;
  unit: LengthUnit | '%';
}

/** `"63mm"` → `{value: 63, unit: 'mm'}`; a bare number takes `defaultUnit`. Undefined when it is not a length. */
export function parseLength(input: number | string, defaultUnit: LengthUnit = 'mm'): ParsedLength | undefined {
  if (typeof input === 'number') return Number.isFinite(input) ? { value: input, unit: defaultUnit } : undefined;
  const match = LENGTH_RE.exec(input.trim());
  if (!match) return undefined;
  return { value: Number(match[1]), unit: (match[2] as LengthUnit | '%' | undefined) ?? defaultUnit };
}

/**
 * A length in points. `%` is a share of `percentOf` (in points), e.g. the component's width.
 * Throws on text that is not a length: validation has already rejected those.
 */
export function resolveLength(
  input: number | string,
  options: { defaultUnit?: LengthUnit; percentOf?: number } = {},
): number {
  const parsed = parseLength(input, options.defaultUnit);
  if (!parsed) throw new Error(`not a length: ${JSON.stringify(input)}`);
  if (parsed.unit === '%') {
    if (options.percentOf === undefined) throw new Error(`a percentage is not allowed here: ${JSON.stringify(input)}`);
    return (parsed.value / 100) * options.percentOf;
  }
  return parsed.value * POINTS_PER_UNIT[parsed.unit];
}

/** Points to millimetres, for manifests and messages. */
export function pointsToMm(points: number): number {
  return points / POINTS_PER_UNIT.mm;
}
