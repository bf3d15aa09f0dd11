import { parseDocument, Scalar } from '../vendor/yaml.js';

/** How a string is written in YAML. */
export type ScalarStyle = NonNullable<Scalar['type']>;

export interface ScalarPlace {
  /** Inside `{…}`, where `,` `[` `]` `{` `}` end a plain scalar. */
  flow: boolean;
  /** The style to keep (the replaced value's, or its neighbour's); plain, then double quotes otherwise. */
  style?: ScalarStyle;
  /** Spaces before each line of a block scalar's content. */
  indent?: string;
  newline?: string;
}

/** True when `written`, put at `place`, reads back as exactly `value`. */
function readsBack(written: string, value: string, place: ScalarPlace): boolean {
  const newline = place.newline ?? '\n';
  const doc = place.flow ? parseDocument(`{k: ${written}}`) : parseDocument(`k: ${written.split(newline).join('\n')}\n`);
  if (doc.errors.length > 0 || doc.warnings.length > 0) return false;
  try {
    const data = doc.toJS() as Record<string, unknown> | null;
    return data !== null && typeof data === 'object' && data['k'] === value;
  } catch {
    return false; // "*word" reads as an alias, "&word" as an anchor
  }
}

/** Width a folded block scalar is wrapped at, as the content files are. */
const FOLD_WIDTH = 88;

/** A line cut at single spaces into lines of at most `width` (a folded scalar reads them back joined by spaces). */
function foldLine(text: string, width: number): string[] {
  if (/ {2}|\t/.test(text)) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

function candidate(value: string, style: ScalarStyle, place: ScalarPlace): string | undefined {
  const newline = place.newline ?? '\n';
  switch (style) {
    case 'PLAIN':
      return /^\s|\s$|[\n\r]/.test(value) || value === '' ? undefined : value;
    case 'QUOTE_SINGLE':
      return /[\n\r]/.test(value) ? undefined : `'${value.replace(/'/g, "''")}'`;
    case 'QUOTE_DOUBLE':
      return JSON.stringify(value);
    case 'BLOCK_LITERAL':
    case 'BLOCK_FOLDED': {
      if (place.flow || place.indent === undefined || /^\s/.test(value) || /[ \t]$/m.test(value)) return undefined;
      const literal = style === 'BLOCK_LITERAL' || value.includes('\n');
      const body = value.replace(/\n+$/, '');
      const chomp = value.endsWith('\n') ? (/\n\n$/.test(value) ? '+' : '') : '-';
      const split = literal ? body.split('\n') : foldLine(body, FOLD_WIDTH - place.indent.length);
      const lines = split.map((l) => (l === '' ? '' : place.indent + l));
      return `${literal ? '|' : '>'}${chomp}${newline}${lines.join(newline)}`;
    }
    default:
      return undefined;
  }
}

/**
 * `value` written as a YAML scalar for `place`: in the style asked for when it reads back
 * exactly, else plain, else double-quoted (which can hold anything).
 */
export function formatScalar(value: string, place: ScalarPlace): string {
  const styles: ScalarStyle[] = [...(place.style ? [place.style] : []), 'PLAIN', 'QUOTE_DOUBLE'];
  for (const style of styles) {
    const written = candidate(value, style, place);
    if (written !== undefined && readsBack(written, value, place)) return written;
  }
  return JSON.stringify(value);
}
