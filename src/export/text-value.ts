import { parseRichText } from '../shared/rich-text.js';
import type { TextValueData } from './engine-schema.js';

type Run = TextValueData['runs'][number];

/** A text as written, as plain text (icons kept as :name:) and as runs of one style. */
export function toTextValue(markup: string): TextValueData {
  const runs: Run[] = parseRichText(markup).map((span): Run => {
    if (span.kind === 'break') return { type: 'break' };
    if (span.kind === 'icon') return { type: 'icon', icon: span.name, bold: span.bold, italic: span.italic };
    return { type: 'text', text: span.text, bold: span.bold, italic: span.italic };
  });
  const plain = runs.map((r) => (r.type === 'break' ? '\n' : r.type === 'icon' ? `:${r.icon}:` : r.text)).join('');
  return { markup, plain, runs };
}
