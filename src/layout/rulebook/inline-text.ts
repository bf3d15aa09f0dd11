import type { Token } from 'markdown-it';
import { appendSpan, literalSpans, textWithIcons, trimSpans, type RichSpan } from '../../shared/rich-text.js';
import type { Inline } from './blocks.js';

const BR = /^<br\s*\/?>$/i;

/**
 * markdown-it's inline tokens as the spans of the text layout and as plain text: strong is
 * bold, em italic, `:name:` an icon, soft breaks spaces, hard breaks (and `<br>`) line breaks,
 * code literal text, links their text. Every other character is literal: nothing is read
 * twice, so `*`, `_`, `\` or `{{` that Markdown left as text stay as written.
 */
export function readInline(tokens: readonly Token[]): Inline {
  const spans: RichSpan[] = [];
  let plain = '';
  let bold = 0;
  let italic = 0;
  const add = (more: readonly RichSpan[]) => {
    for (const span of more) appendSpan(spans, span);
  };
  const style = () => ({ bold: bold > 0, italic: italic > 0 });
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        add(textWithIcons(token.content, style()));
        plain += token.content;
        break;
      case 'code_inline':
        add(literalSpans(token.content, style()));
        plain += token.content;
        break;
      case 'softbreak':
        add([{ kind: 'text', text: ' ', ...style() }]);
        plain += ' ';
        break;
      case 'hardbreak':
        spans.push({ kind: 'break' });
        plain += '\n';
        break;
      case 'strong_open':
        bold++;
        break;
      case 'strong_close':
        bold--;
        break;
      case 'em_open':
        italic++;
        break;
      case 'em_close':
        italic--;
        break;
      case 'html_inline':
        if (BR.test(token.content.trim())) {
          spans.push({ kind: 'break' });
          plain += '\n';
        }
        break;
      case 'image':
        plain += token.content;
        break;
      default:
        break; // links, strikethrough: their text only
    }
  }
  return { spans: trimSpans(spans), plain: plain.replace(/[ \t]+/g, ' ').trim() };
}

/** Inline tokens cut at images: text runs and the images between them, in order. */
export function splitAtImages(tokens: readonly Token[]): (Token[] | Token)[] {
  const parts: (Token[] | Token)[] = [];
  let run: Token[] = [];
  for (const token of tokens) {
    if (token.type !== 'image') run.push(token);
    else {
      parts.push(run, token);
      run = [];
    }
  }
  parts.push(run);
  return parts.filter((part) => !Array.isArray(part) || part.some((t) => t.type !== 'softbreak' && !(t.type === 'text' && t.content.trim() === '')));
}
