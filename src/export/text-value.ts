import { parseRichText } from '../shared/rich-text.js';
import type { TextValueData } from './engine-schema.js';

type Run = TextValueData['runs'][number];

/** A text as written, and as printed (`shown`: an ICU message formatted) in plain text (icons kept as :name:) and in runs of one style. */
export function toTextValue(markup: string, shown = markup): TextValueData {
  const runs: Run[] = parseRichText(shown).map((span): Run => {
    if (span.kind === 'break') return { type: 'break' };
    if (span.kind === 'icon') return { type: 'icon', icon: span.name, bold: span.bold, italic: span.italic };
    return { type: 'text', text: span.text, bold: span.bold, italic: span.italic };
  });
  const plain = runs.map((r) => (r.type === 'break' ? '\n' : r.type === 'icon' ? `:${r.icon}:` : r.text)).join('');
  return { markup, plain, runs };
}
