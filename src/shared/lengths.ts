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
/** In templates: a length, a share of the component (`50%`), or a sum of them (`100% - 6mm`). */
export const TEMPLATE_LENGTH_PATTERN =
  '^-? *(\\d+(\\.\\d*)?|\\.\\d+) *(mm|cm|in|pt|%)?( *[-+] *(\\d+(\\.\\d*)?|\\.\\d+) *(mm|cm|in|pt|%)?)*$';

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

function termToPoints(parsed: ParsedLength, input: unknown, percentOf: number | undefined): number {
  if (parsed.unit === '%') {
    if (percentOf === undefined) throw new Error(`a percentage is not allowed here: ${JSON.stringify(input)}`);
    return (parsed.value / 100) * percentOf;
  }
  return parsed.value * POINTS_PER_UNIT[parsed.unit];
}

/**
 * A length in points. `%` is a share of `percentOf` (in points), e.g. the component's width;
 * a sum such as `100% - 6mm` adds its terms. Throws on text that is not a length: validation
 * has already rejected those.
 */
export function resolveLength(
  input: number | string,
  options: { defaultUnit?: LengthUnit; percentOf?: number } = {},
): number {
  const whole = parseLength(input, options.defaultUnit);
  if (whole) return termToPoints(whole, input, options.percentOf);
  const text = String(input).replace(/\s+/g, '');
  const terms = /^-?[^-+]+([-+][^-+]+)*$/.test(text) ? text.match(/[-+]?[^-+]+/g) : null;
  if (!terms) throw new Error(`not a length: ${JSON.stringify(input)}`);
  let total = 0;
  for (const term of terms) {
    const sign = term.startsWith('-') ? -1 : 1;
    const parsed = parseLength(term.replace(/^[-+]/, ''), options.defaultUnit);
    if (!parsed) throw new Error(`not a length: ${JSON.stringify(input)}`);
    total += sign * termToPoints(parsed, input, options.percentOf);
  }
  return total;
}

/** Points to millimetres, for manifests and messages. */
export function pointsToMm(points: number): number {
  return points / POINTS_PER_UNIT.mm;
}
